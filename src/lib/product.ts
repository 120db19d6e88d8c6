export const productName = 'Skydeck';

export function documentTitle(pageTitle: string): string {
  return `${pageTitle} · ${productName}`;
}
