/** An HTTP Basic `Authorization` value; UTF-8 first, because `btoa` only takes Latin-1. */
export function basicAuthorization(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}
