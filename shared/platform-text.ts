// Text from the platform (item names, options, a customer's name and note) shaped before it is
// shown or printed: a U+202E in an item name reversed the whole line, control characters showed
// as boxes, and a 3,000-character name made a card 250 lines tall. Written once, used by the
// order mapping (what is stored), the tickets and the screen.

/**
 * Bidirectional embeddings, overrides and isolates (and the Arabic letter mark): they reorder the
 * text around them. Plain right-to-left text needs none of them; the screen isolates each text
 * from its neighbours itself.
 */
const BIDI_CONTROLS = /[\u061C\u202A-\u202E\u2066-\u2069]/g;
/**
 * Invisible format characters that join or part nothing a reader needs: zero-width space, word
 * joiner and invisible operators, the byte-order mark, the Mongolian vowel separator, the
 * deprecated shaping controls, interlinear annotation marks. They hide a difference between two
 * names that look the same. The zero-width joiner and non-joiner stay: emoji sequences and
 * Persian or Indic words are built with them.
 */
const INVISIBLES = /[\u180E\u200B\u2060-\u2064\u206A-\u206F\uFEFF\uFFF9-\uFFFB]/g;
/** Line and paragraph separators: a line break to a renderer, a space in a name. */
const SEPARATORS = /[\u2028\u2029]/g;
/** C0 and C1 control characters (line breaks and tabs handled apart). */
const CONTROLS = /(?![\t\n\r])\p{Cc}/gu;

/** A one-line text (a name): bidi and control characters removed, runs of spaces made one. */
export const shapeLine = (text: string): string =>
  text
    .replace(BIDI_CONTROLS, '')
    .replace(INVISIBLES, '')
    .replace(/[\t\r\n]/g, ' ')
    .replace(SEPARATORS, ' ')
    .replace(CONTROLS, '')
    .replace(/ {2,}/g, ' ')
    .trim();

/** A note: as a line, but its line breaks kept (at most two in a row). */
export const shapeNote = (text: string): string =>
  text
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .split('\n')
    .map(shapeLine)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** How many characters of a name a card or a ticket shows; the order's detail shows it whole. */
export const NAME_CLAMP = 120;

/**
 * The text cut to `max` characters (whole code points) with an ellipsis when it is longer (a
 * printer's code page has no '…': tickets pass '...').
 */
export const clampText = (text: string, max = NAME_CLAMP, ellipsis = '…'): string => {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const kept = chars.slice(0, max - Array.from(ellipsis).length).join('');
  return `${kept.trimEnd()}${ellipsis}`;
};

/**
 * A name as a card or a ticket shows it: one line, shaped, clamped to `max` characters. The one
 * function both the screen (renderer/ui-kit/PlatformText.tsx) and the tickets
 * (main/printing/documents.ts) use; the order's detail shows `shapeLine` of it, whole.
 */
export const shapeName = (text: string, max = NAME_CLAMP, ellipsis = '…'): string =>
  clampText(shapeLine(text), max, ellipsis);

/** How many characters of a note a card shows; the order's detail shows it whole. */
export const NOTE_CLAMP = 500;

/** A note as a card shows it: its lines shaped, clamped to `max` characters. */
export const shapeNoteClamped = (text: string, max = NOTE_CLAMP, ellipsis = '…'): string =>
  clampText(shapeNote(text), max, ellipsis);
