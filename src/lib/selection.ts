/**
 * A selection after checking (`checked`) or unchecking `ids`: a new set, so that a React state
 * update sees the change.
 */
export function toggleSelection<T>(
  current: ReadonlySet<T>,
  ids: Iterable<T>,
  checked: boolean,
): ReadonlySet<T> {
  const next = new Set(current);
  for (const id of ids) {
    if (checked) next.add(id);
    else next.delete(id);
  }
  return next;
}
