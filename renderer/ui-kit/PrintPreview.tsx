import type { CSSProperties } from 'react';
import type { PrintDocument, PrintLine } from '../../shared/printing';
import { en } from './messages';

/**
 * A left and a right text on one line of `columns` characters, as a monospace printer sets them:
 * the right one flush right; when both do not fit, the right one goes on a line of its own.
 */
export const columnsText = (left: string, right: string, columns: number): string => {
  const gap = columns - left.length - right.length;
  if (gap >= 1) return `${left}${' '.repeat(gap)}${right}`;
  return `${left}\n${right.padStart(columns)}`;
};

const PreviewLine = ({ line, columns }: { line: PrintLine; columns: number }) => {
  switch (line.kind) {
    case 'text': {
      const size = line.size ?? 1;
      const classes = ['pl-text'];
      if (line.bold) classes.push('pl-bold');
      if (line.underline) classes.push('pl-underline');
      if (line.invert) classes.push('pl-invert');
      // The size multiplies both the character's width and height: a larger font in the same
      // paper width, so a size-2 line wraps at half the columns, as it does on paper.
      return (
        <div
          className="pl"
          data-size={size}
          style={{ fontSize: `${size}em`, textAlign: line.align ?? 'left' }}
        >
          <span className={classes.join(' ')}>{line.text}</span>
        </div>
      );
    }
    case 'columns':
      return (
        <div className={`pl ${line.bold ? 'pl-bold' : ''}`}>
          {columnsText(line.left, line.right, columns)}
        </div>
      );
    case 'rule':
      return (
        <div className="pl pl-rule" aria-hidden="true">
          {'-'.repeat(columns)}
        </div>
      );
    case 'feed':
      return (
        <div
          className="pl pl-feed"
          aria-hidden="true"
          style={{ height: `${line.lines * 1.25}em` }}
        />
      );
  }
};

/**
 * A document drawn as the printer prints it: `columns` monospace characters wide, each line with
 * its size, weight, inversion, underline and alignment. The lines are main's, the same ones it
 * encodes for the printer, so the preview cannot differ from the paper.
 */
export const PrintPreview = ({ document, label }: { document: PrintDocument; label?: string }) => (
  <div
    className="print-paper"
    role="document"
    lang={document.language}
    aria-label={label ?? en.print.previewOf(en.print.documents[document.kind])}
    data-paper-width={document.paperWidth}
    style={{ '--print-columns': document.columns } as CSSProperties}
  >
    {document.lines.map((line, index) => (
      <PreviewLine key={index} line={line} columns={document.columns} />
    ))}
  </div>
);
