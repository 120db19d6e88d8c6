import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { matchesAt } from './route-matches';

const table: RouteObject[] = [
  { path: '/storage', children: [{ index: true }, { path: ':uuid' }] },
  { path: '/servers' },
];
const pathsOf = (pathname: string) => matchesAt(table, pathname)?.map((match) => match.pathname);

describe('matchesAt', () => {
  it('answers each address its own matches, however they alternate', () => {
    expect(pathsOf('/storage/01ab')).toEqual(['/storage', '/storage/01ab']);
    expect(pathsOf('/servers')).toEqual(['/servers']);
    expect(pathsOf('/storage/01ab')).toEqual(['/storage', '/storage/01ab']);
    expect(matchesAt(table, '/storage/01ab')?.at(-1)?.params).toEqual({ uuid: '01ab' });
    expect(pathsOf('/nowhere')).toBeUndefined();
  });

  it('keeps one table’s answer apart from another’s', () => {
    const other: RouteObject[] = [{ path: '*' }];
    expect(pathsOf('/servers')).toEqual(['/servers']);
    expect(matchesAt(other, '/servers')?.map((match) => match.route.path)).toEqual(['*']);
    expect(pathsOf('/servers')).toEqual(['/servers']);
  });
});
