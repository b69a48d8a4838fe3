import { describe, expect, it } from 'vitest';
import { pickMenuText } from './menu-text';

const burger = [
  { lang: 'en', value: 'Cheeseburger' },
  { lang: 'fi', value: 'Juustohampurilainen' },
  { lang: 'sv', value: 'Ostburgare' },
];

describe('pickMenuText', () => {
  it("shows the screen's language when the menu has it", () => {
    expect(pickMenuText(burger, { language: 'fi', primary: 'en' })).toBe('Juustohampurilainen');
    expect(pickMenuText(burger, { language: 'sv', primary: 'fi' })).toBe('Ostburgare');
    expect(pickMenuText(burger, { language: 'en', primary: 'fi' })).toBe('Cheeseburger');
  });

  it("falls back to the menu's primary language, then to the first value", () => {
    expect(pickMenuText(burger, { language: 'de', primary: 'sv' })).toBe('Ostburgare');
    expect(pickMenuText(burger, { language: 'de', primary: 'et' })).toBe('Cheeseburger');
    expect(pickMenuText(burger, { language: 'de' })).toBe('Cheeseburger');
    expect(pickMenuText(burger)).toBe('Cheeseburger');
  });

  it('reads language codes in any case or with a region', () => {
    expect(
      pickMenuText(
        [
          { lang: 'FI-fi', value: 'Ranskalaiset' },
          { lang: 'en', value: 'Fries' },
        ],
        { language: 'fi' },
      ),
    ).toBe('Ranskalaiset');
    expect(pickMenuText(burger, { language: 'de', primary: 'SV' })).toBe('Ostburgare');
  });

  it('passes over a blank or malformed value instead of showing an empty name', () => {
    const texts = [
      { lang: 'fi', value: '  ' },
      { lang: 'sv', value: 42 },
      { value: 'Pommes' },
      { lang: 'en', value: 'Fries' },
    ];
    expect(pickMenuText(texts, { language: 'fi', primary: 'sv' })).toBe('Pommes');
    expect(pickMenuText(texts, { language: 'fi', primary: 'en' })).toBe('Fries');
    expect(pickMenuText([{ lang: 'fi', value: '' }], { language: 'fi' })).toBeNull();
    expect(pickMenuText([], { language: 'fi' })).toBeNull();
    expect(pickMenuText(undefined, { language: 'fi' })).toBeNull();
  });
});
