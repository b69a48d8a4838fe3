// CSV as spreadsheet apps open it (RFC 4180: commas, CRLF, quotes doubled), safe against formula
// injection (OWASP's CSV-injection rule). Spreadsheets in Finnish, German or Swedish settings split
// on `;`, not `,`, and some split on both: so every `,`- or `;`-separated part of a cell that
// starts with = + - @ (or a tab or carriage return, which some apps strip before reading a formula;
// or spaces before one of the others, which some trim) gets an apostrophe before it, and a cell
// holding either separator is quoted. Text from the platform or a customer is never run.
const SEPARATOR = /([,;])/;
const FORMULA_START = /^(?:[=+\-@\t\r]|[ \u00a0]+[=+\-@])/;
const NEEDS_QUOTES = /[",;\r\n]|^\s|\s$/;

export type CsvValue = string | number | null;

export const csvCell = (value: CsvValue): string => {
  if (value === null) return '';
  const text = String(value)
    .split(SEPARATOR)
    .map((part) => (FORMULA_START.test(part) ? `'${part}` : part))
    .join('');
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const toCsv = (rows: ReadonlyArray<readonly CsvValue[]>): string =>
  rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
