import { describe, expect, it } from 'vitest';
import {
  NAME_CLAMP,
  NOTE_CLAMP,
  clampText,
  shapeLine,
  shapeName,
  shapeNote,
  shapeNoteClamped,
} from './platform-text';

describe('text from the platform', () => {
  it('loses the characters that reorder a line or show as boxes, keeping right-to-left text', () => {
    expect(shapeLine('Pizza \u202Eazzip\u202C Margherita')).toBe('Pizza azzip Margherita');
    expect(shapeLine('\u2067שלום\u2069 wrap')).toBe('שלום wrap');
    expect(shapeLine('Falafel\u0000\u0007\u009B wrap\tXL\r\n')).toBe('Falafel wrap XL');
    expect(shapeLine('مرحبا  بك')).toBe('مرحبا بك');
    expect(shapeLine('👩‍🍳 Chef’s special')).toBe('👩‍🍳 Chef’s special');
  });

  it('keeps a note’s line breaks, at most one empty line', () => {
    expect(shapeNote('No onions\r\n\r\n\r\n\r\nAllergy:\u202E nuts\u0000')).toBe(
      'No onions\n\nAllergy: nuts',
    );
  });

  it('clamps a very long name with an ellipsis, whole characters only', () => {
    const long = 'Pizza '.repeat(500);
    const clamped = clampText(long);
    expect(Array.from(clamped).length).toBeLessThanOrEqual(NAME_CLAMP);
    expect(clamped.endsWith('…')).toBe(true);
    expect(clampText('😀'.repeat(200), 10)).toBe(`${'😀'.repeat(9)}…`);
    expect(clampText('Margherita')).toBe('Margherita');
  });

  it('drops overrides (RLO, LRO, PDF), isolates, zero-width and other invisible characters, C0 and C1 controls', () => {
    expect(shapeLine('\u202DBurger\u202C \u202Egab\u202C')).toBe('Burger gab');
    // Zero-width space, word joiner, byte-order mark, invisible separator: two names that look
    // the same are the same.
    expect(shapeLine('Co\u200Bla\u2060 Ze\uFEFFro\u2063')).toBe('Cola Zero');
    // Every C0 and C1 control, and DEL.
    const controls = [
      ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
      '\u007F',
      ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(0x80 + i)),
    ].join('');
    expect(shapeLine(`Fries${controls}XL`)).toBe('Fries XL');
    // Line and paragraph separators are a space in a name and a line break in a note.
    expect(shapeLine('Pad\u2028Thai\u2029')).toBe('Pad Thai');
    expect(shapeNote('No nuts\u2028Thanks')).toBe('No nuts\nThanks');
    // The joiners that build emoji and Persian words stay.
    expect(shapeLine('👨\u200D👩\u200D👧 می\u200Cخواهم')).toBe('👨\u200D👩\u200D👧 می\u200Cخواهم');
  });

  it('gives the screen and the tickets one shaped, clamped name; the detail the whole of it', () => {
    const name = `\u202E${'Kebab '.repeat(100)}\u0000`; // 600 characters and more
    const onCard = shapeName(name);
    expect(Array.from(onCard)).toHaveLength(NAME_CLAMP);
    expect(onCard.startsWith('Kebab Kebab')).toBe(true);
    expect(onCard.endsWith('…')).toBe(true);
    expect(shapeName(name, NAME_CLAMP, '...').endsWith('...')).toBe(true);
    expect(shapeLine(name)).toBe('Kebab '.repeat(100).trim());
    const note = `Allergy: nuts\n${'x'.repeat(2_000)}`;
    expect(Array.from(shapeNoteClamped(note))).toHaveLength(NOTE_CLAMP);
    expect(shapeNoteClamped('No onions\u202E')).toBe('No onions');
  });
});
