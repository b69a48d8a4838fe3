// CSV as spreadsheet apps open it (RFC 4180: commas, CRLF, quotes doubled), safe against formula
// injection: a cell that starts with = + - @ (or a tab or carriage return, which some apps strip
// before reading a formula) is prefixed with an apostrophe, so text from the platform or a
// customer is never run as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export type CsvValue = string | number | null;

export const csvCell = (value: CsvValue): string => {
  if (value === null) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const toCsv = (rows: ReadonlyArray<readonly CsvValue[]>): string =>
  rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
