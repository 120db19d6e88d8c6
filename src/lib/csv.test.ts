import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from './csv';

describe('toCsv', () => {
  it('quotes what needs quoting and ends every line with CRLF', () => {
    expect(
      toCsv([
        ['username', 'company', 'total'],
        ['acme', 'Acme, Inc', 12.5],
        ['quote', 'The "best" Oy', 0],
        ['lines', 'one\ntwo', -3],
      ]),
    ).toBe(
      'username,company,total\r\nacme,"Acme, Inc",12.5\r\nquote,"The ""best"" Oy",0\r\nlines,"one\ntwo",-3\r\n',
    );
  });

  it('keeps spreadsheets from running text cells as formulas, but not negative numbers', () => {
    expect(toCsv([['=SUM(A1:A2)', '@cmd', '-x', -1]])).toBe("'=SUM(A1:A2),'@cmd,'-x,-1\r\n");
  });
});

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
