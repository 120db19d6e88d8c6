interface LabelLike {
  key: string;
  value: string;
}

/**
 * Keys starting with `_` are the API's own, such as the `_os_*` labels of a server made from a
 * public template (api-rules §2.8.4): the panel shows them read-only and never sends them back.
 */
export const isSystemLabel = (label: { key: string }) => label.key.startsWith('_');

/** `key=value, key` of the labels, user or system ones as asked; '' when there are none. */
export function labelsText(labels: readonly LabelLike[] = [], system = false): string {
  return labels
    .filter((label) => isSystemLabel(label) === system)
    .map(({ key, value }) => (value ? `${key}=${value}` : key))
    .join(', ');
}
