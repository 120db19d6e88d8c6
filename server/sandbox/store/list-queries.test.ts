import { describe, expect, it } from 'vitest';
import { boundedMap } from './list-queries';

describe('boundedMap', () => {
  it('holds at most its bound, forgetting the entries not read since they were last passed over', () => {
    const map = boundedMap<number>(3);
    for (const key of ['a', 'b', 'c']) map.set(key, key.charCodeAt(0));
    expect(map.get('a')).toBe(97);
    map.set('d', 100);
    // 'a' was read: 'b', the oldest one not read, makes room.
    expect(map.size).toBe(3);
    expect(map.get('b')).toBeUndefined();
    expect([map.get('a'), map.get('c'), map.get('d')]).toEqual([97, 99, 100]);
    // Every entry was read: each is passed over once, then the oldest of them ('c', now that 'a'
    // was put last) goes.
    map.set('e', 101);
    expect(map.size).toBe(3);
    expect(map.get('c')).toBeUndefined();
    expect([map.get('a'), map.get('d'), map.get('e')]).toEqual([97, 100, 101]);
  });

  it('replaces a value and forgets a key on request', () => {
    const map = boundedMap<string>(2);
    map.set('a', 'one');
    map.set('a', 'two');
    expect(map.size).toBe(1);
    expect(map.get('a')).toBe('two');
    map.delete('a');
    expect(map.get('a')).toBeUndefined();
    expect(map.size).toBe(0);
  });
});
