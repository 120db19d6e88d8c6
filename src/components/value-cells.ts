import type { CellContext } from '@tanstack/react-table';
import type { StorageTier } from '../../contract/storage';
import { tierLabels } from '../lib/storage-tiers';

/** A labels column's cell: every label as `key=value` (or `key`), or — when there are none. */
export const labelsCell = <
  Row,
  Labels extends readonly { key: string; value: string }[] | undefined,
>({
  getValue,
}: CellContext<Row, Labels>) =>
  (getValue() ?? []).map(({ key, value }) => (value ? `${key}=${value}` : key)).join(', ') || '—';

/** A storage tier column's cell: the tier's name, or — for a device without one (a CD-ROM). */
export const tierCell = <Row, Tier extends StorageTier | undefined>({
  getValue,
}: CellContext<Row, Tier>) => {
  const tier = getValue();
  return tier ? tierLabels[tier] : '—';
};
