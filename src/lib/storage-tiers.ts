import type { StorageTier } from '../../contract/storage';

/** A storage tier as the panel names it, wherever it shows one: `maxiops` is "MaxIOPS". */
export const tierLabels: Record<StorageTier, string> = {
  maxiops: 'MaxIOPS',
  standard: 'Standard',
  hdd: 'Archive (HDD)',
};
