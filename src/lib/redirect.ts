/**
 * The in-app path to return to after sign-in. Only same-origin absolute paths are accepted so
 * a crafted `?next=` cannot send the user to another site ("//evil.example", "/\\evil.example").
 */
export function safeReturnPath(next: string | null, fallback = '/'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return fallback;
  }
  return next;
}
