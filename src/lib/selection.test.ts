import { describe, expect, it } from 'vitest';
import { toggleSelection } from './selection';

describe('toggleSelection', () => {
  it.each([
    { ids: ['b', 'c'], checked: true, expected: ['a', 'b', 'c'] },
    { ids: ['a', 'c'], checked: false, expected: ['b'] },
  ])('checked=$checked on $ids gives $expected', ({ ids, checked, expected }) => {
    const current = new Set(['a', 'b']);
    const next = toggleSelection(current, ids, checked);
    expect([...next].sort()).toEqual(expected);
    expect(current).toEqual(new Set(['a', 'b']));
  });
});
