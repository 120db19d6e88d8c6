import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  readUrlState,
  urlChoice,
  urlList,
  urlOffset,
  urlPageSize,
  urlText,
  urlValue,
  writeUrlState,
} from './url-state';

const listUrl = z.object({
  state: urlChoice(z.enum(['started', 'stopped'])),
  access: urlValue(z._default(z.enum(['private', 'public']), 'private')),
  search: urlText(),
  label: urlList(),
  limit: urlPageSize(25),
  offset: urlOffset(),
});

const read = (query: string) => readUrlState(listUrl, new URLSearchParams(query));

describe('list state in the URL', () => {
  it('reads each param, every value of a repeated one', () => {
    expect(
      read('state=stopped&access=public&search=web&label=env&label=team%3Dweb&limit=50&offset=100'),
    ).toEqual({
      state: 'stopped',
      access: 'public',
      search: 'web',
      label: ['env', 'team=web'],
      limit: 50,
      offset: 100,
    });
  });

  it('falls back to the defaults for absent or unknown values, param by param', () => {
    expect(read('')).toEqual({ access: 'private', limit: 25, offset: 0 });
    expect(read('state=gone&access=all&search=&limit=7&offset=-1')).toEqual({
      access: undefined,
      limit: 25,
      offset: 0,
    });
  });

  it('writes changes back, starting again on the first page unless told otherwise', () => {
    const current = new URLSearchParams('sort=title&offset=50');
    expect(writeUrlState<typeof listUrl>(current, { search: 'db' }).toString()).toBe(
      'sort=title&search=db',
    );
    expect(
      writeUrlState<typeof listUrl>(current, { offset: '75' }, { keepOffset: true }).toString(),
    ).toBe('sort=title&offset=75');
    expect(
      writeUrlState<typeof listUrl>(current, { label: ['a', 'b'], state: null }).toString(),
    ).toBe('sort=title&label=a&label=b');
  });
});
