/**
 * One CSV writer for the panel's downloads and the sandbox's CSV answers (network usage, audit
 * log export): RFC 4180 quoting, and text cells that a spreadsheet would run as a formula
 * (CSV injection) prefixed with `'`. Numbers are written as they are, negative ones included.
 */
export type CsvCell = string | number | null | undefined;

// A spreadsheet runs a cell that starts with one of these as a formula.
const formulaStart = /^[=+\-@\t\r]/;

/** One field: empty for a missing value, quoted where it holds a comma, quote or line break. */
export function csvCell(value: CsvCell): string {
  if (value === undefined || value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV text, every line ended by `newline` (RFC 4180's CRLF unless said). */
export function toCsv(
  rows: readonly (readonly CsvCell[])[],
  { newline = '\r\n' }: { newline?: '\r\n' | '\n' } = {},
): string {
  return rows.map((row) => row.map(csvCell).join(',')).join(newline) + newline;
}
