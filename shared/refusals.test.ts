// Main's refusals, declared once as codes: every code words in every language, with the same
// placeholders, none left in English, and a kept refusal reads back in the screen's language.
import { describe, expect, it } from 'vitest';
import { LANGUAGES, placeholdersOf } from './i18n';
import type { Refusal, RefusalKey } from './refusals';
import { priceChangeSchema } from './menu-price';
import {
  decodeRefusal,
  encodeRefusal,
  isRefusal,
  issueRefusal,
  refusal,
  refusalText,
  refusalTranslations,
  refusalWords,
  storedText,
} from './refusals';

const KEYS = Object.keys(refusalWords) as RefusalKey[];
const sourceOf = (key: RefusalKey): string => {
  const word = refusalWords[key] as string | { icu: string };
  return typeof word === 'string' ? word : word.icu;
};

describe("main's refusals in every language", () => {
  it('has every code in every language with the same placeholders, each one parsing', () => {
    for (const language of ['fi', 'sv', 'de'] as const) {
      const translation = refusalTranslations[language] as Record<string, string>;
      expect(Object.keys(translation).sort()).toEqual([...KEYS].sort());
      for (const key of KEYS)
        expect({ language, key, names: [...placeholdersOf(translation[key]!)].sort() }).toEqual({
          language,
          key,
          names: [...placeholdersOf(sourceOf(key))].sort(),
        });
    }
  });

  it('words no code in English on a Finnish, Swedish or German screen', () => {
    const sample = (key: RefusalKey): Refusal => {
      const word = refusalWords[key] as string | { names: readonly string[] };
      const values = typeof word === 'string' ? [] : word.names.map(() => 7);
      return { key, values };
    };
    for (const key of KEYS) {
      const english = refusalText(sample(key), 'en');
      for (const language of ['fi', 'sv', 'de'] as const)
        expect({ key, language, same: refusalText(sample(key), language) === english }).toEqual({
          key,
          language,
          same: false,
        });
    }
  });

  it('words the order refusals with their select and plural in each language', () => {
    const past = refusal('order-past', '103', 'PRODUCTION', 'platform');
    expect(refusalText(past, 'en')).toBe(
      'The platform refused: Order #103 is already being prepared.',
    );
    expect(refusalText(past, 'fi')).toBe('Alusta kieltäytyi: Tilaus #103 on jo valmistuksessa.');
    expect(refusalText(refusal('order-past', '103', 'READY', null), 'de')).toBe(
      'Bestellung #103 ist schon fertig.',
    );
    expect(refusalText(refusal('actions-waiting', 1), 'sv')).toMatch(/^1 åtgärd har/);
    expect(refusalText(refusal('actions-waiting', 3), 'sv')).toMatch(/^3 åtgärder har/);
    expect(refusalText(refusal('no-printer', 'kitchenTicket'), 'fi')).toMatch(/keittiölappuja/);
  });

  it('keeps a refusal as text and reads it back in the language asked; other text as it is', () => {
    const kept = encodeRefusal(refusal('order-not-yet', '7', 'CREATED', 'platform'));
    expect(decodeRefusal(kept)).toEqual({
      key: 'order-not-yet',
      values: ['7', 'CREATED', 'platform'],
    });
    expect(storedText(kept, 'fi')).toBe('Alusta kieltäytyi: Tilausta #7 ei ole vielä hyväksytty.');
    expect(storedText(kept, 'en')).toBe(
      'The platform refused: Order #7 has not been accepted yet.',
    );
    expect(storedText('Printer offline', 'fi')).toBe('Printer offline');
    // A forged or broken code is not worded: it stays the text it was.
    const forged = '{"countertop-refusal":{"key":"nope","values":[]}}';
    expect(storedText(forged, 'fi')).toBe(forged);
    expect(isRefusal({ key: 'pin-wrong', values: [] })).toBe(true);
    expect(isRefusal({ key: 'pin-locked', values: [] })).toBe(false);
    expect(isRefusal({ key: 'constructor', values: [] })).toBe(false);
    expect(isRefusal({ key: 'pin-locked', values: [{}] })).toBe(false);
  });

  it('words the PIN lock in each language', () => {
    const pin = refusal('pin-locked', 5);
    expect(LANGUAGES.map((l) => refusalText(pin, l))).toEqual([
      'Too many wrong PINs. Wait 5 minutes and try again.',
      'Liian monta väärää PIN-koodia. Odota 5 minuuttia ja yritä uudelleen.',
      'För många fel PIN. Vänta 5 minuter och försök igen.',
      'Zu oft falsche PIN. 5 Minuten warten und nochmal versuchen.',
    ]);
  });

  it("refuses a price by its own rule, worded like the price form's field, in each language", () => {
    const cases = [
      [
        { target: 'item', price: 450, discountedPrice: 450 },
        'discount-not-lower',
        /below the price/,
      ],
      [{ target: 'item', price: -10, discountedPrice: null }, 'price-negative', /below zero/],
      [
        { target: 'item', price: 4.5, discountedPrice: null },
        'price-not-amount',
        /euros and cents/,
      ],
      [
        { target: 'item', price: 900_000, discountedPrice: null },
        'price-too-high',
        /more than 1000 €/,
      ],
      [{ target: 'item', price: 450, discountedPrice: 0 }, 'discount-zero', /above zero/],
      [{ target: 'item', price: 450, discountedPrice: 1.5 }, 'discount-not-amount', /9\.90/],
      [
        { target: 'option', price: 180, discountedPrice: 150 },
        'discount-option-none',
        /no discount/,
      ],
    ] as const;
    for (const [change, key, words] of cases) {
      const checked = priceChangeSchema.safeParse({ ...change, externalData: 'side-fries' });
      const why = checked.success ? null : issueRefusal(checked.error.issues);
      expect({ change, key: why?.key }).toEqual({ change, key });
      expect(refusalText(why!, 'en')).toMatch(words);
    }
    expect(refusalText(refusal('discount-not-lower'), 'fi')).toBe(
      'Alennushinnan täytyy olla hintaa pienempi.',
    );
    expect(refusalText(refusal('price-too-high', 1000), 'de')).toBe(
      'Das sind mehr als 1000 €: die Zahl prüfen.',
    );
    expect(issueRefusal([{ message: 'Required' }])).toBeNull();
  });
});
