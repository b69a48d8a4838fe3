// A module never reaches itself through its imports, type-only imports included: a cycle of types
// still ties two modules (and their folders) together, and import-x/no-cycle skips them. Imports
// inside the repository are relative, so the graph is read with TypeScript's own import scanner.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
const scanned = new Map(); // file -> { mtimeMs, imports: string[] }

const isSource = (file) => {
  if (!/\.tsx?$/.test(file)) return false;
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

const resolveFrom = (file, specifier) => {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(file), specifier);
  for (const suffix of CANDIDATES) if (isSource(base + suffix)) return base + suffix;
  return null;
};

const importsOf = (file) => {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return [];
  const known = scanned.get(file);
  if (known && known.mtimeMs === stat.mtimeMs) return known.imports;
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const imports = [
    ...new Set(importedFiles.map((f) => resolveFrom(file, f.fileName)).filter(Boolean)),
  ];
  scanned.set(file, { mtimeMs: stat.mtimeMs, imports });
  return imports;
};

/** The route from `start` back to `file`, or null (breadth first: the shortest one). */
const routeBack = (file, start) => {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length > 0) {
    const route = queue.shift();
    for (const next of importsOf(route.at(-1))) {
      if (next === file) return route;
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push([...route, next]);
    }
  }
  return null;
};

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between modules, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{route}} imports this module back.' },
  },
  create(context) {
    const file = context.physicalFilename;
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const target = resolveFrom(file, source.value);
      if (!target || target === file) return;
      const route = routeBack(file, target);
      if (!route) return;
      const root = context.cwd;
      context.report({
        node,
        messageId: 'cycle',
        data: { route: route.map((f) => path.relative(root, f)).join(' → ') },
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      TSImportType: (node) => check(node, node.argument?.literal ?? node.argument),
    };
  },
};
