import { describe, expect, it } from 'vitest';
import { csvCell } from './csv';

describe('csvCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('keeps a spreadsheet from running %j as a formula', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('leaves numbers, and text with a formula character further in, as they are', () => {
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell('a=1')).toBe('a=1');
  });
});
