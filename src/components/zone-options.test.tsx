import { describe, expect, it } from 'vitest';
import { zoneChoices } from './zone-options';

describe('zoneChoices', () => {
  it('names each zone by its description and id', () => {
    expect(zoneChoices([{ id: 'sg-sin1', description: 'Singapore #1' }], 'sg-sin1')).toEqual([
      { value: 'sg-sin1', label: 'Singapore #1 (sg-sin1)' },
    ]);
  });

  it('keeps the zone chosen in the URL as a choice while the zones load', () => {
    expect(zoneChoices(undefined, 'sg-sin1')).toEqual([{ value: 'sg-sin1', label: 'sg-sin1' }]);
    expect(zoneChoices(undefined)).toEqual([]);
  });
});
