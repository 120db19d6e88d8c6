import { describe, expect, it } from 'vitest';
import { describeResourceLimits } from './resource-limits';

describe('describeResourceLimits', () => {
  it('names limits in words and formats sizes', () => {
    expect(
      describeResourceLimits({ cores: 200, memory: 1_048_576, storage_total: 40_960, gpus: null }),
    ).toEqual([
      { key: 'cores', label: 'CPU cores', value: '200' },
      { key: 'memory', label: 'Memory', value: '1 TiB' },
      { key: 'storage_total', label: 'Storage in total', value: '40 TiB' },
      { key: 'gpus', label: 'GPUs', value: 'Not set' },
    ]);
  });

  it('falls back to the key in words for limits it does not know', () => {
    expect(describeResourceLimits({ managed_databases: 5 })[0]?.label).toBe('Managed databases');
  });
});
