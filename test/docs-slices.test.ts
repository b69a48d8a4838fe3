// docs/architecture.md lists the slices of main/ (and of the renderer, once it has them) in a
// table under "## Inside main/" ("## Inside renderer/"), one `name/` per row's first cell. The
// lint's lists in eslint.config.js are what is enforced; the docs must name the same slices.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

type Part = 'main' | 'renderer';

/** Every `const <PREFIX>SLICES = ['a', 'b', …]` in eslint.config.js, keyed by the part it is for. */
const lintSliceLists = (source: string): Map<Part, string[]> => {
  const lists = new Map<Part, string[]>();
  for (const match of source.matchAll(/const\s+(\w*SLICES)\s*=\s*\[([^\]]*)\]/g)) {
    const [, name = '', body = ''] = match;
    const part: Part | null = /RENDERER/.test(name)
      ? 'renderer'
      : /^(MAIN_)?SLICES$/.test(name)
        ? 'main'
        : null;
    if (part === null)
      throw new Error(
        `eslint.config.js: ${name} is a slice list this test does not know (main's is SLICES or MAIN_SLICES, the renderer's has RENDERER in its name)`,
      );
    const items = body
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    const slices = items.map((item) => {
      const literal = /^['"]([\w-]+)['"]$/.exec(item);
      if (!literal) throw new Error(`eslint.config.js: ${name} holds ${item}, not a slice name`);
      return literal[1]!;
    });
    if (lists.has(part)) throw new Error(`eslint.config.js: two slice lists for ${part}`);
    lists.set(part, slices);
  }
  return lists;
};

/** The `name/` of each table row's first cell in the section whose heading starts `## Inside <part>/`. */
const documentedSlices = (markdown: string, part: Part): string[] | null => {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`## Inside ${part}/`));
  if (start < 0) return null;
  const end = lines.findIndex((line, index) => index > start && /^## /.test(line));
  const section = lines.slice(start + 1, end < 0 ? undefined : end);
  return section.flatMap((line) => {
    const cell = /^\|\s*`([\w-]+)\/`\s*\|/.exec(line);
    return cell ? [cell[1]!] : [];
  });
};

const difference = (a: string[], b: string[]) => a.filter((item) => !b.includes(item));

describe("docs/architecture.md's slice lists", () => {
  const lint = lintSliceLists(read('eslint.config.js'));
  const docs = read('docs/architecture.md');

  it('finds main’s list in the lint', () => {
    expect(lint.get('main')?.length ?? 0).toBeGreaterThan(0);
  });

  for (const part of ['main', 'renderer'] as const) {
    it(`names the same slices of ${part}/ as eslint.config.js`, () => {
      const enforced = lint.get(part);
      if (enforced === undefined) return; // no slices in this part yet
      const documented = documentedSlices(docs, part);
      if (documented === null)
        throw new Error(
          `docs/architecture.md has no "## Inside ${part}/" section with a table of its slices (eslint.config.js enforces ${enforced.join(', ')})`,
        );
      const missing = difference(enforced, documented);
      const extra = difference(documented, enforced);
      const problems = [
        missing.length > 0 &&
          `missing from docs/architecture.md (in eslint.config.js): ${missing.join(', ')}`,
        extra.length > 0 &&
          `in docs/architecture.md but not a slice in eslint.config.js: ${extra.join(', ')}`,
      ].filter(Boolean);
      expect(problems, `${part}/ slices: ${problems.join('; ')}`).toEqual([]);
    });
  }

  it('reads a slice table and tells a missing or extra slice by name', () => {
    const markdown = [
      '## Inside main/: slices',
      '| Slice | Tables |',
      '| --- | --- |',
      '| `orders/` | orders |',
      '| `venue/` | settings |',
      '## Rules',
      '| `menu/` | not this section |',
    ].join('\n');
    expect(documentedSlices(markdown, 'main')).toEqual(['orders', 'venue']);
    expect(documentedSlices(markdown, 'renderer')).toBeNull();
    const lists = lintSliceLists(
      "const SLICES = [\n  'orders',\n  'menu',\n];\nconst RENDERER_SLICES = ['board'];",
    );
    expect(lists.get('main')).toEqual(['orders', 'menu']);
    expect(lists.get('renderer')).toEqual(['board']);
    expect(() => lintSliceLists("const OTHER_SLICES = ['x'];")).toThrow(/OTHER_SLICES/);
  });
});
