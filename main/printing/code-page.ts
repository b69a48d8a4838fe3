// What a printer can print of a text: the documents print in one code page (CP858, Western
// European with the euro sign), and a character outside it becomes its nearest equivalent there,
// never the printer's "?": a dash stays a dash, a curly quote a straight one, a Cyrillic or Greek
// name its Latin spelling. Done before the lines are laid out, so the preview shows the paper.
import CodepageEncoder from '@point-of-sale/codepage-encoder';

/** The code page every document prints in: Western European with the euro sign (Epson ESC t 19). */
export const CODE_PAGE = 'cp858' as const;

const printableSet = new Set<number>([
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i),
  ...CodepageEncoder.getCodepoints(CODE_PAGE, true).slice(0x80),
]);
const inCodePage = (text: string): boolean =>
  Array.from(text).every((char) => printableSet.has(char.codePointAt(0) ?? 0));

/** Typographic marks and symbols the code page lacks, by their nearest equivalent. */
const SUBSTITUTES: Record<string, string> = {
  // Dashes, hyphens and minus signs.
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2043': '-',
  // Quotes and primes.
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u2032': "'",
  '\u2039': '<',
  '\u203A': '>',
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u201F': '"',
  '\u2033': '"',
  // Marks and symbols.
  '\u2026': '...',
  '\u2022': '*',
  '\u2023': '*',
  '\u2027': '-',
  '\u25CF': '*',
  '\u00B7': '.',
  '\u2122': 'TM',
  '\u2116': 'No.',
  '\u2190': '<-',
  '\u2192': '->',
  '\u2194': '<->',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u2715': 'x',
  '\u2716': 'x',
  '\u2717': 'x',
  '\u2718': 'x',
  '\u2020': '+',
  '\u00A0': ' ',
  '\u20BD': 'RUB',
  '\u20B4': 'UAH',
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0152': 'OE',
  '\u0153': 'oe',
  '\u0131': 'i',
};

/** Cyrillic and Greek letters by their usual Latin spelling (lower case; upper case follows). */
const TRANSLITERATION: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

const transliterate = (char: string): string | null => {
  const lower = char.toLowerCase();
  const latin = TRANSLITERATION[lower];
  if (latin === undefined) return null;
  return char === lower ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
};

/** The nearest printable spelling of one character; '' when it has none (an emoji, a symbol). */
const nearest = (char: string): string => {
  const substitute = SUBSTITUTES[char] ?? transliterate(char);
  if (substitute !== null) return substitute;
  // Compatibility forms (ﬁ, ½, full-width letters) and accents the code page lacks (ő → o).
  const compatible = char.normalize('NFKC');
  if (compatible !== char && inCodePage(compatible)) return compatible;
  const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
  if (bare && inCodePage(bare)) return bare;
  // An accented Cyrillic or Greek letter (ή, й): its bare letter's spelling.
  return (bare.length === 1 && bare !== char && transliterate(bare)) || '';
};

/** The text as the printer's code page can print it: nothing becomes a question mark. */
export const printable = (text: string): string =>
  Array.from(text.replace(/\s/g, ' '))
    .map((char) => (printableSet.has(char.codePointAt(0) ?? 0) ? char : nearest(char)))
    .join('');
