import js from '@eslint/js';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const abs = (...parts) => path.join(root, ...parts);
const features = readdirSync(abs('src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Folder boundaries (README "Folder map"): a feature imports the shared folders (src/components,
 * src/lib, src/data, src/sample, sync/), its own files and other features' public index.ts only;
 * shared folders never import features. The composition root (src/routes, main, app-root) may.
 */
// sync/'s entries, as tsconfig.paths.json declares them (beside `@/*`, src/ itself).
// (Vite and Vitest read the same file: resolve.tsconfigPaths.)
const SYNC_ENTRIES = Object.keys(
  JSON.parse(readFileSync(abs('tsconfig.paths.json'), 'utf8')).compilerOptions.paths,
).filter((alias) => alias.startsWith('@sync'));
const SHARED = ['src/components', 'src/lib', 'src/data', 'src/sample'];
// Screens another feature loads with import() (their own chunk): importing them through the
// feature's index.ts would pull the whole barrel into that chunk.
const LAZY_PUBLIC = ['src/features/bucket/FanArtistBucketDialog.{ts,tsx}'];
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: [abs('src/**'), abs('sync/**'), abs('supabase/**')],
  except: [
    abs('src/features', feature, '**'),
    abs('src/features/*/index.ts'),
    ...LAZY_PUBLIC.map((file) => abs(file)),
    ...SHARED.map((dir) => abs(dir, '**')),
    abs('sync/**'),
  ],
  message: `Import another feature through its index.ts, or move shared code to ${SHARED.join(', ')}.`,
}));
const sharedZones = SHARED.map((dir) => ({
  target: `./${dir}`,
  from: ['./src/features', './src/routes'],
  message: 'Shared folders never import features or routes; move the code into the feature instead.',
}));

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dev-dist',
      'node_modules',
      'src/routeTree.gen.ts',
      '.local',
      'test-results',
      'playwright-report',
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, 'import-x': importX },
    settings: {
      // Without .ts/.tsx the resolver finds no relative import and the path rules check nothing.
      // tsconfig.paths.json: sync/'s entries (`@sync`, `@sync/model`…) resolve to their files.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          tsconfig: { configFile: abs('tsconfig.paths.json') },
        }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Architecture by lint (STYLE.md): sync/ is plain TypeScript; features don't reach into each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './sync', from: './src', message: 'sync/ must not import the React app.' },
            { target: './supabase', from: './src', message: 'The backend must not import the app.' },
            ...featureZones,
            ...sharedZones,
          ],
        },
      ],
      // Runtime circles only: the rule skips `import type` (erased at build, no load-order hazard);
      // tests/unit/lint/boundaries.test.ts keeps type-only circles out too.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // sync/'s front door: the app reaches it through its entries only (tsconfig.paths.json).
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+sync(/.*)?$',
              message: `Import sync/ through its entries: ${SYNC_ENTRIES.join(', ')}.`,
            },
            {
              regex: `^@sync/(?!(${SYNC_ENTRIES.filter((e) => e !== '@sync')
                .map((e) => e.slice('@sync/'.length))
                .join('|')})$)`,
              message: `sync/ has these entries only: ${SYNC_ENTRIES.join(', ')}.`,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['sync/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', '@mantine/*'],
              message: 'sync/ never imports React or Mantine.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Benchmarks run code in the page through Playwright's evaluate/addInitScript.
    files: ['tests/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'scripts/**/*.{js,mjs}', 'supabase/local/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
