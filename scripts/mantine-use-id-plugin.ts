/**
 * Vite plugin: two of @mantine/hooks' hooks resolve to our versions of them, each of which saves
 * a re-render of every component using it on mount (why: see each file):
 * - `useId` → src/lib/mantine-use-id.ts;
 * - `useMediaQuery` → src/lib/mantine-use-media-query.ts (through it `useReducedMotion`, which
 *   every Mantine `Transition` calls).
 * Mantine's components import them through @mantine/hooks' index (and `useReducedMotion` through
 * `useMediaQuery`'s module), which imports each hook's module by its relative path; only those
 * imports are redirected.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const replacement = (file: string) => fileURLToPath(new URL(file, import.meta.url));

const REPLACEMENTS = [
  { hook: /(^|\/)use-id\/use-id\.(mjs|js|cjs)$/, file: replacement('../src/lib/mantine-use-id.ts') },
  {
    hook: /(^|\/)use-media-query\/use-media-query\.(mjs|js|cjs)$/,
    file: replacement('../src/lib/mantine-use-media-query.ts'),
  },
];

function replacementFor(source: string, importer: string | undefined): string | null {
  if (importer === undefined || !/[\\/]@mantine[\\/]hooks[\\/]/.test(importer)) return null;
  return REPLACEMENTS.find(({ hook }) => hook.test(source))?.file ?? null;
}

export function mantineHookReplacements(): Plugin {
  return {
    name: 'bucket:mantine-hook-replacements',
    enforce: 'pre',
    resolveId(source, importer) {
      return replacementFor(source, importer);
    },
  };
}
