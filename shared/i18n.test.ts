import { describe, expect, it } from 'vitest';
import { languageOf, localized, m, placeholdersOf } from './i18n';
import type { Language } from './i18n';

const source = {
  title: 'Orders',
  items: m('{n, plural, one {# item} other {# items}}', 'n'),
  soldOut: m(
    '{namesCount, plural, one {{names} is sold out} other {{names} are sold out}}',
    'names',
  ),
  until: m('{until, select, none {until switched back} other {until {until}}}', 'until'),
};

describe('localized messages', () => {
  it('switch language at the next read, with no restart, each with its plural rules and lists', () => {
    let language: Language = 'en';
    const t = localized(
      source,
      {
        fi: {
          title: 'Tilaukset',
          items: '{n, plural, one {# tuote} other {# tuotetta}}',
          soldOut: '{namesCount, plural, one {{names} on loppu} other {{names} ovat loppu}}',
          until: '{until, select, none {kunnes palautetaan} other {klo {until} asti}}',
        },
        sv: { title: 'Beställningar', items: '{n} st', soldOut: '{names} slut', until: '{until}' },
        de: {
          title: 'Bestellungen',
          items: '{n} Artikel',
          soldOut: '{names} aus',
          until: '{until}',
        },
      },
      () => language,
    );
    expect([t.title, t.items(1), t.items(3), t.soldOut(['Fries', 'Cola'])]).toEqual([
      'Orders',
      '1 item',
      '3 items',
      'Fries and Cola are sold out',
    ]);
    expect(t.until(null)).toBe('until switched back');
    language = 'fi';
    expect([t.title, t.items(1), t.items(3), t.soldOut(['Ranskalaiset', 'Kola'])]).toEqual([
      'Tilaukset',
      '1 tuote',
      '3 tuotetta',
      'Ranskalaiset ja Kola ovat loppu',
    ]);
    expect([t.until(null), t.until('14.00')]).toEqual(['kunnes palautetaan', 'klo 14.00 asti']);
    language = 'en';
    expect(t.title).toBe('Orders');
  });

  it('reads the placeholders of nested selects and plurals, and refuses a broken message', () => {
    expect(
      [...placeholdersOf('{a, select, x {{b}} other {{c, plural, one {#} other {# {d}}}}}')].sort(),
    ).toEqual(['a', 'b', 'c', 'd']);
    expect(() => placeholdersOf('Order {n')).toThrow();
  });

  it('takes the OS locale when it is one of ours, English otherwise', () => {
    expect(['fi-FI', 'sv_SE.UTF-8', 'de-AT', 'fr-FR', '', null].map(languageOf)).toEqual([
      'fi',
      'sv',
      'de',
      'en',
      'en',
      'en',
    ]);
  });
});
