// A document's lines to ESC/POS bytes, through @point-of-sale/receipt-printer-encoder
// (main/README.md, Printing: why this library). The lines are already laid out (documents.ts), so
// this only styles them; the code page is fixed to CP858 (Epson's ESC t 19), which holds €, ä, ö
// and å.
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { PrintDocument } from '../../shared/printing';
import { CODE_PAGE } from './code-page';

/** Lines fed before the cut, so the last line clears the cutter. */
const FEED_BEFORE_CUT = 4;

export const encodeDocument = (doc: PrintDocument): Uint8Array => {
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns: doc.columns,
    codepageMapping: 'epson',
    newline: '\n',
    feedBeforeCut: FEED_BEFORE_CUT,
  });
  encoder.initialize().codepage(CODE_PAGE);
  for (const line of doc.lines) {
    switch (line.kind) {
      case 'text': {
        const size = line.size ?? 1;
        encoder
          .align(line.align ?? 'left')
          .bold(line.bold === true)
          .underline(line.underline === true)
          .invert(line.invert === true)
          .size(size, size)
          .line(line.text)
          .size(1, 1)
          .invert(false)
          .underline(false)
          .bold(false)
          .align('left');
        break;
      }
      case 'columns':
        encoder
          .bold(line.bold === true)
          .line(
            line.left.padEnd(Math.max(0, doc.columns - line.right.length)).slice(0, doc.columns) +
              line.right,
          )
          .bold(false);
        break;
      case 'rule':
        encoder.line('-'.repeat(doc.columns));
        break;
      case 'feed':
        encoder.newline(line.lines);
        break;
    }
  }
  return encoder.cut('partial').encode();
};
