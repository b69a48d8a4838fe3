// The message check: every language has every key of every slice and no other, each message
// parses as ICU and reads the same placeholders in every language, and every key is read
// somewhere in the renderer. A string added in English only fails here until it is translated.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, placeholdersOf } from '../../shared/i18n';
import type { Msg } from '../../shared/i18n';
import { CATALOGS } from './en';

type Leaf = { path: string; icu: string; names: readonly string[] | null };

const isMsg = (value: unknown): value is Msg<readonly string[]> =>
  typeof value === 'object' && value !== null && 'icu' in value && 'names' in value;

/** The leaves of a source (English) tree or of a translation, by dotted path. */
const leaves = (tree: unknown, prefix = ''): Leaf[] => {
  if (isMsg(tree)) return [{ path: prefix, icu: tree.icu, names: tree.names }];
  if (typeof tree === 'string') return [{ path: prefix, icu: tree, names: null }];
  if (typeof tree === 'object' && tree !== null)
    return Object.entries(tree).flatMap(([key, value]) =>
      leaves(value, prefix ? `${prefix}.${key}` : key),
    );
  return [{ path: prefix, icu: String(tree), names: null }];
};

const sorted = (set: Iterable<string>) => [...set].sort();

/** What an argument fills: a list also its count, an object (facts) any field its message reads. */
const expectedFrom = (names: readonly string[]) => names.flatMap((n) => [n, `${n}Count`]);

describe('message catalogs', () => {
  for (const { folder, source, translations } of CATALOGS) {
    const english = leaves(source);
    describe(folder, () => {
      it('English messages parse and read only the arguments they declare', () => {
        for (const leaf of english) {
          const read = placeholdersOf(leaf.icu);
          if (leaf.names === null) expect(sorted(read), leaf.path).toEqual([]);
          else if (!leaf.names.includes('facts'))
            for (const name of read)
              expect(expectedFrom(leaf.names), `${leaf.path} reads {${name}}`).toContain(name);
        }
      });
      for (const language of LANGUAGES.filter((l) => l !== 'en')) {
        it(`${language}: the same keys as English, and the same placeholders`, () => {
          const translated = new Map(
            leaves(translations[language as 'fi']).map((l) => [l.path, l.icu]),
          );
          const missing = english.filter((l) => !translated.has(l.path)).map((l) => l.path);
          const known = new Set(english.map((l) => l.path));
          const extra = [...translated.keys()].filter((p) => !known.has(p));
          expect(missing, `missing in ${language}`).toEqual([]);
          expect(extra, `in ${language} but not in English`).toEqual([]);
          for (const leaf of english) {
            const icu = translated.get(leaf.path)!;
            expect(
              sorted(placeholdersOf(icu)),
              `${language} ${folder}.${leaf.path}: "${icu}"`,
            ).toEqual(sorted(placeholdersOf(leaf.icu)));
          }
        });
      }
    });
  }
});

// A key counts as used when the renderer's code (tests and catalogs aside) names it: `.key`,
// `'key'` or `key:` somewhere, or when its parent section is read as a whole (indexed by a
// variable, `section[kind]`, or passed on). Dynamic lookups are all of that second kind here.
// Tests run from the repository's root (vitest's root).
const RENDERER = path.resolve('renderer');
const code = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return code(full);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    if (
      /messages(\.\w\w)?\.ts$/.test(entry.name) ||
      path.relative(RENDERER, full).startsWith(`i18n${path.sep}`)
    )
      return [];
    return [fs.readFileSync(full, 'utf8')];
  });

describe('message catalogs: no unused key', () => {
  const text = code(RENDERER).join('\n');
  const named = (key: string) =>
    new RegExp(`(\\.${key}\\b|['"]${key}['"]|\\b${key}\\??:)`).test(text) ||
    (/^\d+$/.test(key) && text.includes(key));
  const wholeSection = (section: string) =>
    new RegExp(`\\.${section}(\\[|\\)|,|;|\\s*$)`, 'm').test(text);
  for (const { folder, source } of CATALOGS)
    it(folder, () => {
      const unused = leaves(source)
        .map((l) => l.path.split('.'))
        .filter((parts) => {
          const key = parts.at(-1)!;
          if (named(key.replace(/[-]/g, '\\-'))) return false;
          return !parts.slice(0, -1).some((section) => wholeSection(section));
        })
        .map((parts) => parts.join('.'));
      expect(unused).toEqual([]);
    });
});
