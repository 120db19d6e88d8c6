import type { CellContext } from '@tanstack/react-table';
import type { StorageTier } from '../../contract/storage';
import { tierLabels } from '../lib/storage-tiers';

/**
 * A short value's cell (a zone, a plan, a time, an amount): one line, so that on a phone a wide
 * table scrolls in its card rather than break `de-fra1` after its hyphen (data-table.tsx's
 * `cellSx`, and the tables drawn without it).
 */
export const valueCellSx = { whiteSpace: 'nowrap' } as const;

/** Every label as `key=value` (or `key`), comma-separated, or — when there are none. */
export const labelsLine = (labels: readonly { key: string; value: string }[] = []) =>
  labels.map(({ key, value }) => (value ? `${key}=${value}` : key)).join(', ') || '—';

/** A labels column's cell: the row's labels as labelsLine writes them. */
export const labelsCell = <
  Row,
  Labels extends readonly { key: string; value: string }[] | undefined,
>({
  getValue,
}: CellContext<Row, Labels>) => labelsLine(getValue());

/** A storage tier column's cell: the tier's name, or — for a device without one (a CD-ROM). */
export const tierCell = <Row, Tier extends StorageTier | undefined>({
  getValue,
}: CellContext<Row, Tier>) => {
  const tier = getValue();
  return tier ? tierLabels[tier] : '—';
};
