import { describe, expect, it } from 'vitest';
import { NAME_CLAMP, clampText, shapeLine, shapeNote } from './platform-text';

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
});
