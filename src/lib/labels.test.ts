import { describe, expect, it } from 'vitest';
import { isSystemLabel, labelsText } from './labels';

const templateDisk = [
  { key: 'env', value: 'replay' },
  { key: '_os_brand_name', value: 'Debian' },
  { key: '_os_brand_version', value: '12' },
  { key: 'backup', value: '' },
];

describe('labels of a template-made disk', () => {
  it('tells the API’s own labels from the user’s', () => {
    expect(templateDisk.filter(isSystemLabel).map((label) => label.key)).toEqual([
      '_os_brand_name',
      '_os_brand_version',
    ]);
  });

  it('lists user and system labels apart, and nothing when there are none', () => {
    expect(labelsText(templateDisk)).toBe('env=replay, backup');
    expect(labelsText(templateDisk, true)).toBe('_os_brand_name=Debian, _os_brand_version=12');
    expect(labelsText(undefined)).toBe('');
  });
});
