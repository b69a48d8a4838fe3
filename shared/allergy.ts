// Whether a customer's note warns of an allergy: one rule for the printed tickets (an ALLERGY
// heading in white on black) and the card on screen (the allergy flag).

/**
 * Word beginnings in a customer's note that mean "someone can get hurt": such a note prints white
 * on black under an ALLERGY heading on every document. Matched at the start of a word, so
 * "allergic", "Allergie", "allergia", "nuts" and "Erdnüsse" match and "minutes" does not; English,
 * German, Swedish and Finnish, the venues' languages.
 */
export const ALLERGY_WORDS = [
  'allerg',
  'anaphyla',
  'intoleran',
  'coeliac',
  'celiac',
  'zöliak',
  'keliak',
  'gluten',
  'gluteeni',
  'lactose',
  'laktos',
  'laktoosi',
  'dairy',
  'milk',
  'milch',
  'mjölk',
  'maito',
  'nut',
  'peanut',
  'hazelnut',
  'walnut',
  'cashew',
  'almond',
  'nuss',
  'nüss',
  'erdnuss',
  'erdnüss',
  'haselnuss',
  'nöt',
  'jordnöt',
  'pähkinä',
  'maapähkinä',
  'sesam',
  'seesami',
  'shellfish',
  'schalentier',
  'skaldjur',
  'äyriä',
  'soy',
  'soja',
  'soija',
  'epipen',
] as const;

const ALLERGY = new RegExp(`(?:^|[^\\p{L}])(?:${ALLERGY_WORDS.join('|')})`, 'iu');

export const mentionsAllergy = (text: string | null): boolean =>
  text !== null && ALLERGY.test(text);
