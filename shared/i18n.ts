// Messages in ICU MessageFormat (plurals, selects), compiled by FormatJS's intl-messageformat.
// English is the source: each slice declares its keys, and for a message with placeholders the
// order its callers pass them in (`m('Accept order #{n}', 'n')`), so components keep calling
// `en.accept.title(n)` with checked keys and arity. A translation is the same tree of ICU strings.
import { IntlMessageFormat } from 'intl-messageformat';

export const LANGUAGES = ['en', 'fi', 'sv', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language in its own words, so staff find theirs whatever the screen shows. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fi: 'Suomi',
  sv: 'Svenska',
  de: 'Deutsch',
};

/** The locale whose conventions (plural rules, lists) go with each language. */
export const LOCALE_OF: Record<Language, string> = {
  en: 'en-GB',
  fi: 'fi-FI',
  sv: 'sv-SE',
  de: 'de-DE',
};

/** The terminal's language from an OS/browser locale ("fi-FI", "sv_SE.UTF-8"), English otherwise. */
export const languageOf = (locale: string | null | undefined): Language => {
  const code = (locale ?? '').slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(code) ? (code as Language) : 'en';
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * What a placeholder takes: a number (plurals), a string, a list of strings (said as the
 * language's "a, b and c"), a boolean or null (for a select: `true`/`false`, `none`).
 */
export type Arg =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly string[]
  | { readonly [field: string]: string | number | boolean | null | undefined };

export type Msg<K extends readonly string[]> = {
  readonly icu: string;
  readonly names: K;
  /** Turns what callers pass into the arguments (e.g. an ISO time into a local one). */
  readonly prepare?: (args: readonly Arg[]) => readonly Arg[];
};

/** A message with placeholders; `names` are its arguments in the order callers pass them. */
export const m = <const K extends readonly string[]>(icu: string, ...names: K): Msg<K> => ({
  icu,
  names,
});

const isMsg = (value: unknown): value is Msg<readonly string[]> =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { icu?: unknown }).icu === 'string' &&
  Array.isArray((value as { names?: unknown }).names);

/** A source tree as components read it: strings stay strings, messages become functions. */
export type Compiled<T> =
  T extends Msg<infer K>
    ? (...args: { [I in keyof K]: Arg }) => string
    : T extends string
      ? string
      : T extends readonly (infer U)[]
        ? readonly Compiled<U>[]
        : { readonly [P in keyof T]: Compiled<T[P]> };

/** A translation of a source tree: the same keys, every message an ICU string. */
export type Translation<T> =
  T extends Msg<readonly string[]>
    ? string
    : T extends string
      ? string
      : T extends readonly (infer U)[]
        ? readonly Translation<U>[]
        : { readonly [P in keyof T]: Translation<T[P]> };

type Value = string | number;

/**
 * Puts one argument into the values a message reads: a list also gives `<name>Count` (for its
 * plural), an object (an outbox row's facts) gives each of its fields by name.
 */
const putArg = (values: Record<string, Value>, name: string, value: Arg, locale: string): void => {
  if (value === null || value === undefined) values[name] = 'none';
  else if (typeof value === 'boolean') values[name] = String(value);
  else if (typeof value === 'number' || typeof value === 'string') values[name] = value;
  else if (Array.isArray(value)) {
    values[name] = listFormat(locale).format(value as readonly string[]);
    values[`${name}Count`] = value.length;
  } else
    for (const [field, fieldValue] of Object.entries(value))
      putArg(values, field, fieldValue as Arg, locale);
};

/** One list format per locale, made when a message first says a list (compileMessage). */
const listFormats = new Map<string, Intl.ListFormat>();
const listFormat = (locale: string): Intl.ListFormat => {
  let format = listFormats.get(locale);
  if (!format)
    listFormats.set(locale, (format = new Intl.ListFormat(locale, { type: 'conjunction' })));
  return format;
};

type AstNode = {
  type: number;
  value?: unknown;
  options?: Record<string, { value: AstNode[] }>;
};

const collect = (nodes: readonly AstNode[], into: Set<string>): Set<string> => {
  for (const node of nodes) {
    // Literals (0) and `#` (7) name nothing; every other element names its argument.
    if (node.type !== 0 && node.type !== 7 && typeof node.value === 'string') into.add(node.value);
    for (const option of Object.values(node.options ?? {})) collect(option.value, into);
  }
  return into;
};

/** The placeholders an ICU message reads (throws on a message that does not parse). */
export const placeholdersOf = (icu: string): Set<string> =>
  collect(
    new IntlMessageFormat(icu, 'en', undefined, { ignoreTag: true }).getAst() as AstNode[],
    new Set(),
  );

// The pseudo-locale (a layout check, never shown to staff): each letter accented and every text
// about 40% longer, placeholders and plural/select keywords untouched, so a label too tight for
// German or Finnish shows up in English tests.
const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'aeiouycnsAEIOUYCNS'].map((c, i) => [c, [...'åéîöûýçñšÅÉÎÖÛÝÇÑŠ'][i]!]),
);
const FILLER = ' ļöŗéɱ ĩƥšũɱ ðöļöŗ šîţ åɱéţ ćöñšéćţéţũŗ';

/** A text as the pseudo-locale writes it: accented, about 40% longer. */
export const pseudoText = (text: string): string => {
  if (!/[A-Za-z]/.test(text)) return text;
  const accented = [...text].map((c) => ACCENTED[c] ?? c).join('');
  const extra = Math.ceil(text.length * 0.4);
  return accented + FILLER.repeat(Math.ceil(extra / FILLER.length)).slice(0, extra);
};

const pseudoAst = (nodes: readonly AstNode[]): AstNode[] =>
  nodes.map((node) => {
    if (node.type === 0 && typeof node.value === 'string')
      return { ...node, value: pseudoText(node.value) };
    if (!node.options) return node;
    const options: Record<string, { value: AstNode[] }> = {};
    for (const [key, option] of Object.entries(node.options))
      options[key] = { ...option, value: pseudoAst(option.value) };
    return { ...node, options };
  });

/** What ICU reads as syntax (arguments, quoting, a plural's number): a text with none is literal. */
const ICU_SYNTAX = /[{}'#]/;

/** A message's formatter for `locale` (`pseudo`: its literal text as the pseudo-locale writes it). */
const formatterOf = (icu: string, locale: string, pseudo: boolean): IntlMessageFormat => {
  const parsed = new IntlMessageFormat(icu, locale, undefined, { ignoreTag: true });
  return pseudo
    ? new IntlMessageFormat(
        pseudoAst(parsed.getAst() as AstNode[]) as unknown as ReturnType<typeof parsed.getAst>,
        locale,
        undefined,
        { ignoreTag: true },
      )
    : parsed;
};

/**
 * A catalog's entry for `locale`: a text, or a function of its placeholders. A page compiles the
 * catalogs whole at its first read, on every load: a formatter and a list format made for each of
 * their 950-odd entries were most of that (the English catalogs: 65 ms of CPU in Node, 20 ms
 * without). A text without ICU's syntax (most entries) formats to itself and gets no formatter, a
 * message gets its own at its first call, and a list format is made once per locale.
 */
const compileMessage = (
  icu: string,
  names: readonly string[],
  locale: string,
  prepare: (args: readonly Arg[]) => readonly Arg[] = (args) => args,
  pseudo = false,
) => {
  if (names.length === 0)
    return ICU_SYNTAX.test(icu)
      ? String(formatterOf(icu, locale, pseudo).format())
      : pseudo
        ? pseudoText(icu)
        : icu;
  let compiled: { format: IntlMessageFormat; read: Set<string> } | null = null;
  return (...args: Arg[]): string => {
    if (!compiled) {
      const format = formatterOf(icu, locale, pseudo);
      // A field an outbox row does not have reads as `none`, as a null argument does.
      compiled = { format, read: collect(format.getAst() as AstNode[], new Set()) };
    }
    const values: Record<string, Value> = {};
    for (const name of compiled.read) values[name] = 'none';
    const prepared = prepare(args);
    names.forEach((name, i) => putArg(values, name, prepared[i], locale));
    return String(compiled.format.format(values));
  };
};

// A section shared by several lookups (the kit's `order` in every slice's) compiles once, to one
// object, whichever lookup reads it: keyed by its source, its translation and the locale.
const compiledSections = new WeakMap<object, WeakMap<object, Map<string, unknown>>>();

/** Compiles `source` (English) or its translation for `locale` (`pseudo`: the pseudo-locale). */
export const compile = <T>(
  source: T,
  translation: unknown,
  locale: string,
  pseudo = false,
): Compiled<T> => {
  const cacheKey = pseudo ? `${locale}~pseudo` : locale;
  const walk = (src: unknown, tr: unknown): unknown => {
    if (typeof src === 'object' && src !== null && !isMsg(src) && !Array.isArray(src)) {
      const trKey = typeof tr === 'object' && tr !== null ? tr : src;
      let byTranslation = compiledSections.get(src);
      if (!byTranslation) compiledSections.set(src, (byTranslation = new WeakMap()));
      let byLocale = byTranslation.get(trKey);
      if (!byLocale) byTranslation.set(trKey, (byLocale = new Map()));
      if (!byLocale.has(cacheKey)) byLocale.set(cacheKey, walkFresh(src, tr));
      return byLocale.get(cacheKey);
    }
    return walkFresh(src, tr);
  };
  const walkFresh = (src: unknown, tr: unknown): unknown => {
    if (isMsg(src))
      return compileMessage(
        typeof tr === 'string' ? tr : src.icu,
        src.names,
        locale,
        src.prepare,
        pseudo,
      );
    if (typeof src === 'string')
      return compileMessage(typeof tr === 'string' ? tr : src, [], locale, undefined, pseudo);
    if (Array.isArray(src))
      return src.map((item, i) => walk(item, Array.isArray(tr) ? tr[i] : undefined));
    if (typeof src === 'object' && src !== null) {
      const out: Record<string, unknown> = {};
      const trObject = (typeof tr === 'object' && tr !== null ? tr : {}) as Record<string, unknown>;
      for (const [key, value] of Object.entries(src)) out[key] = walk(value, trObject[key]);
      return out;
    }
    return src;
  };
  return walk(source, translation) as Compiled<T>;
};

export type Translations<T> = { readonly [L in Exclude<Language, 'en'>]: Translation<T> };

/**
 * One lookup over every language of a catalog: each top-level key reads the language in force
 * now (`current()`), compiled once per language on first use. Switching language needs no
 * restart: the next read returns the new language's words.
 */
export const localized = <T extends object>(
  source: T,
  translations: Translations<T>,
  current: () => Language,
  /** The pseudo-locale in place of English (a test-only switch: the layout check). */
  pseudo: () => boolean = () => false,
): Compiled<T> => {
  const compiled = new Map<Language | 'pseudo', Compiled<T>>();
  const catalogFor = (language: Language): Compiled<T> => {
    const key = language === 'en' && pseudo() ? 'pseudo' : language;
    let catalog = compiled.get(key);
    if (!catalog) {
      catalog = compile(
        source,
        language === 'en' ? source : translations[language],
        LOCALE_OF[language],
        key === 'pseudo',
      );
      compiled.set(key, catalog);
    }
    return catalog;
  };
  const lookup = {} as Compiled<T>;
  for (const key of Object.keys(source))
    Object.defineProperty(lookup, key, {
      enumerable: true,
      get: () => (catalogFor(current()) as Record<string, unknown>)[key],
    });
  return lookup;
};
