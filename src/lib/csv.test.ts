import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('keys rows by the header and honours quotes, doubled quotes and CRLF', () => {
    expect(parseCsv('a,b\r\n1,"x, ""y"""\r\n2,z\n\n')).toEqual([
      { a: '1', b: 'x, "y"' },
      { a: '2', b: 'z' },
    ]);
  });

  it('reads a header without rows as no rows', () => {
    expect(parseCsv('start_time,sent_bytes\n')).toEqual([]);
    expect(parseCsv('')).toEqual([]);
  });
});
