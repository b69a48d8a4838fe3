// Folder boundaries (README.md, "Layout") are enforced here:
// shared/ imports nothing of the others, only main/app/ and preload/ import electron,
// the renderer reaches main only through preload's API.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { noImportCycle } from './eslint/no-import-cycle.js';

const others = (...folders) =>
  folders.map((folder) => ({
    group: [`**/${folder}/**`, `**/${folder}`],
    message: `This folder may not import from ${folder}/.`,
  }));
const electron = { name: 'electron', message: 'Only main/app/ and preload/ import electron.' };
const nodeBuiltins = {
  group: ['node:*'],
  message: 'This code runs in a browser or sandboxed context: no Node built-ins.',
};

const boundary = (files, { paths = [], patterns = [] }) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
});

// Inside main/: the domain slices own their tables, outbox kinds, channels and events. A slice
// never imports another slice (so never another slice's store): core.ts composes them. The
// layers below the slices (outbox, storage, platform clients, relay client, host plumbing)
// import no slice.
export const SLICES = [
  'orders',
  'venue',
  'menu',
  'delivery',
  'setup',
  'machine',
  'diagnostics',
  'stream-guard',
  'printing',
  'cues',
  'updates',
  'terminals',
];
const MAIN_OUTSIDE = others('preload', 'renderer', 'relay', 'sandbox', 'test', 'bench', 'scripts');
const otherSlices = (own) =>
  SLICES.filter((slice) => slice !== own).map((slice) => ({
    group: [`**/${slice}/**`],
    message: `A slice never imports another slice (${slice}/): core.ts composes them, and each store is its slice's own.`,
  }));
const LOWER_LAYERS = [
  'outbox',
  'storage',
  'audit',
  'http',
  'marketplace',
  'auth',
  'secrets',
  'relay-client',
  'host',
  'lib',
  'log',
  'update-trust',
];
const noSlices = SLICES.map((slice) => ({
  group: [`**/${slice}/**`],
  message: `The layers below the slices never import one (${slice}/).`,
}));

// Inside renderer/: the same slices as main's, each a folder with its part of the store
// (<slice>-slice.ts), its components, its strings and its tests. A slice never imports another
// slice nor the shell; it reads other slices' state only through the ports its hooks.ts declares,
// and shows their components only where the shell plugs them in. Below the slices, the kit
// (ui-kit/: dialogs, forms, format, the bridge wrapper, the slice plumbing) imports no slice;
// above them, the shell (shell/: App, the top bar, the store's composition) composes them.
export const RENDERER_SLICES = [
  'orders',
  'venue',
  'menu',
  'delivery',
  'printing',
  'history',
  'machine',
  'diagnostics',
  'setup',
  'stream',
  'updates',
];
const RENDERER_OUTSIDE = [
  nodeBuiltins,
  ...others('main', 'preload', 'relay', 'sandbox', 'kit', 'test', 'bench', 'scripts'),
];
const rendererAbove = (...folders) =>
  folders.map((folder) => ({
    group: [`**/${folder}/**`],
    message: `A renderer slice and the kit never import ${folder}/: the shell composes them.`,
  }));
const otherRendererSlices = (own) =>
  RENDERER_SLICES.filter((slice) => slice !== own).map((slice) => ({
    group: [`**/${slice}/**`],
    message: `A renderer slice never imports another slice (${slice}/): read its state through a port in hooks.ts, show its components through the shell.`,
  }));

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'release/', 'test-output/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Tool configs must default-export.
    files: ['*.config.{js,ts}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  boundary(['shared/**'], {
    paths: [electron],
    patterns: [
      nodeBuiltins,
      ...others(
        'main',
        'preload',
        'renderer',
        'relay',
        'sandbox',
        'kit',
        'test',
        'bench',
        'scripts',
      ),
    ],
  }),
  // The server kit (HTTP, migrations) is a leaf: every Node part may use it, it uses none of them.
  boundary(['kit/**'], {
    paths: [electron],
    patterns: others(
      'main',
      'preload',
      'renderer',
      'relay',
      'sandbox',
      'shared',
      'test',
      'bench',
      'scripts',
    ),
  }),
  boundary(['main/**'], {
    paths: [electron],
    patterns: others('preload', 'renderer', 'relay', 'sandbox', 'test', 'bench', 'scripts'),
  }),
  boundary(['main/app/**'], {
    patterns: others('preload', 'renderer', 'relay', 'sandbox', 'test', 'bench', 'scripts'),
  }),
  ...SLICES.map((slice) =>
    boundary([`main/${slice}/**`], {
      paths: [electron],
      patterns: [...MAIN_OUTSIDE, ...otherSlices(slice)],
    }),
  ),
  boundary(
    LOWER_LAYERS.map((layer) => `main/${layer}/**`),
    { paths: [electron], patterns: [...MAIN_OUTSIDE, ...noSlices] },
  ),
  {
    // The composition root only composes: it implements no channel and reaches into no slice's
    // handler table; a slice offers others a typed port (e.g. venue.pause(), setup.status()).
    files: ['main/core.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        {
          selector: "MemberExpression[computed=true][object.property.name='handlers']",
          message: "core.ts never calls a slice's handler: give the slice a port.",
        },
        {
          selector: 'Property[key.type="Literal"][key.value=/^[a-z]+:[A-Za-z]+$/]',
          message: 'core.ts implements no channel: the slice (or layer) that owns it does.',
        },
      ],
    },
  },
  boundary(['preload/**'], {
    patterns: [
      ...others('main', 'renderer', 'relay', 'sandbox', 'kit', 'test', 'bench', 'scripts'),
    ],
  }),
  boundary(['renderer/**'], { paths: [electron], patterns: RENDERER_OUTSIDE }),
  ...RENDERER_SLICES.map((slice) =>
    boundary([`renderer/${slice}/**`], {
      paths: [electron],
      patterns: [
        ...RENDERER_OUTSIDE,
        ...otherRendererSlices(slice),
        ...rendererAbove('shell', 'i18n', 'testing'),
      ],
    }),
  ),
  boundary(['renderer/ui-kit/**'], {
    paths: [electron],
    patterns: [
      ...RENDERER_OUTSIDE,
      ...RENDERER_SLICES.map((slice) => ({
        group: [`**/${slice}/**`],
        message: `The kit sits below the slices: it never imports one (${slice}/).`,
      })),
      ...rendererAbove('shell', 'i18n', 'testing'),
    ],
  }),
  boundary(['relay/**'], {
    paths: [electron],
    patterns: others('main', 'preload', 'renderer', 'sandbox', 'test', 'bench', 'scripts'),
  }),
  boundary(['sandbox/**'], {
    paths: [electron],
    patterns: others('main', 'preload', 'renderer', 'relay', 'test', 'bench', 'scripts'),
  }),
  {
    // No import cycles between modules, hence none between folders (outbox ↔ orders was one);
    // type-only imports count too (app.ts ↔ updates.ts was one). local/no-import-cycle reads every
    // import, re-export and dynamic import() of the repository's own modules (all relative), so it
    // finds every cycle import-x/no-cycle found and the type-only ones it skips; import-x/no-cycle
    // was a quarter of the lint's time on a fresh clone and is gone. The resolver stays for
    // import-x/no-restricted-paths below.
    files: ['{main,shared,renderer,preload,kit,relay,sandbox}/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, local: { rules: { 'no-import-cycle': noImportCycle } } },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      'local/no-import-cycle': 'error',
    },
  },
  {
    // Modules, not giant closures: a function past ~120 lines is split by concern into
    // module-level functions over an explicit context (as printing/, menu/, the relay's routes/),
    // or says next to it why it cannot be: `eslint-disable-next-line max-lines-per-function --
    // <reason>`. Tests and test support are exempt: a describe block is a list, not a closure.
    files: ['{main,shared,renderer,preload,kit,relay,sandbox,scripts}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 120, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    // Test support sits in testing/ folders (relay/testing, sandbox/testing, renderer/testing),
    // which only tests and other test support import: nothing of it reaches a product build.
    files: ['{main,shared,renderer,preload,kit,relay,sandbox}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './',
              from: './**/testing/**',
              message: 'Only tests and test support import from a testing/ folder.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may start the sandbox and relay as real servers, whatever folder they sit in.
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [electron] }] },
  },
);
