/** Rows-per-page choices of the paged lists; the API caps most pages at 100. */
export const pageSizes = [10, 25, 50, 100] as const;

/** A non-negative integer from the URL, or the fallback for anything else. */
export function positiveInt(text: string | null, fallback: number): number {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value >= 0 ? value : fallback;
}

/** A page size from the URL, when it is one of the offered sizes. */
export function pageSize(text: string | null, fallback: number): number {
  const limit = positiveInt(text, fallback);
  return (pageSizes as readonly number[]).includes(limit) ? limit : fallback;
}

/** Changes that narrow or reorder a list start again from the first page. */
export function updateSearch(
  search: URLSearchParams,
  changes: Record<string, string | string[] | null>,
  { keepOffset = false }: { keepOffset?: boolean } = {},
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    next.delete(key);
    if (Array.isArray(value)) for (const item of value) next.append(key, item);
    else if (value !== null && value !== '') next.set(key, value);
  }
  if (!keepOffset) next.delete('offset');
  return next;
}
