// The export read back the way spreadsheets read it: RFC 4180 fields with `,` (English settings)
// or `;` (Finnish, German, Swedish settings) as the separator. No field either reading gives may
// start as a formula.
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

/** Splits CSV text into rows of fields as a spreadsheet does, honouring quotes. */
const read = (csv: string, separator: ',' | ';'): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i += 1) {
    const c = csv[i];
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      row.push(field);
      field = '';
    } else if (c === '\r' && csv[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  return rows;
};

const HOSTILE = [
  '101;=1+1',
  '101,=1+1',
  '=1+1',
  'a;+SUM(A1)',
  'x;-2+3',
  'x; @cmd',
  'x;\t=cmd',
  'x,\r=cmd',
  'Pizza; =HYPERLINK("http://x";"y")',
  '=HYPERLINK("http://x","y")',
  ' =1+1',
];
const RUNS_AS_FORMULA = /^\s*[=+\-@]|^[\t\r]/;

describe('the CSV export', () => {
  it.each([',', ';'] as const)(
    'gives no field that starts as a formula when read with %s as the separator',
    (separator) => {
      const csv = toCsv([['Order', 'Items'], ...HOSTILE.map((text) => ['101', text])]);
      const rows = read(csv, separator);
      expect(rows).toHaveLength(HOSTILE.length + 1);
      for (const field of rows.flat()) expect(field).not.toMatch(RUNS_AS_FORMULA);
    },
  );

  it('reads back, with commas, every cell whole, its text kept after the apostrophes', () => {
    const rows = read(toCsv(HOSTILE.map((text) => [text])), ',');
    expect(rows.map((row) => row.length)).toEqual(HOSTILE.map(() => 1));
    expect(rows.map((row) => row[0]?.replace(/'/g, ''))).toEqual(
      HOSTILE.map((text) => text.replace(/'/g, '')),
    );
  });

  it('quotes a cell holding either separator and guards each part that would run', () => {
    expect(csvCell('101;=1+1')).toBe(`"101;'=1+1"`);
    expect(csvCell('101,=1+1')).toBe(`"101,'=1+1"`);
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('Large; no onions')).toBe('"Large; no onions"');
    expect(csvCell('12.5')).toBe('12.5');
    expect(csvCell(-2)).toBe("'-2");
  });
});
