import { describe, expect, it } from 'vitest';
import { needsCsv, rangeDays } from '../../api/usage';
import { readRange } from './usage-range';

const now = new Date('2026-11-21T10:00:00Z');

describe('network usage range', () => {
  it('defaults to the last seven days and reads whole days from the URL', () => {
    expect(readRange(new URLSearchParams(), now)).toEqual({
      range: { from: '2026-11-15', to: '2026-11-21' },
      error: null,
    });
    expect(readRange(new URLSearchParams('from=2026-08-24&to=2026-11-21'), now).range).toEqual({
      from: '2026-08-24',
      to: '2026-11-21',
    });
  });

  it('rejects a reversed range and ignores malformed dates', () => {
    expect(readRange(new URLSearchParams('from=2026-11-21&to=2026-11-01'), now).error).toMatch(
      /must not be after/,
    );
    expect(readRange(new URLSearchParams('from=yesterday'), now).range.from).toBe('2026-11-15');
  });

  it('switches to CSV only beyond 31 days, counting both ends', () => {
    expect(rangeDays({ from: '2026-11-01', to: '2026-12-01' })).toBe(31);
    expect(needsCsv({ from: '2026-11-01', to: '2026-12-01' })).toBe(false);
    expect(needsCsv({ from: '2026-11-01', to: '2026-12-02' })).toBe(true);
    expect(rangeDays({ from: '2026-08-24', to: '2026-11-21' })).toBe(90);
  });
});
