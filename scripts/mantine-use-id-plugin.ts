/**
 * Vite plugin: @mantine/hooks' `useId` resolves to src/lib/mantine-use-id.ts (why: see there).
 * Every Mantine component imports it through @mantine/hooks' index, which imports the hook's
 * module by its relative path; only that import is redirected.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const REPLACEMENT = fileURLToPath(new URL('../src/lib/mantine-use-id.ts', import.meta.url));

function isMantineUseId(source: string, importer: string | undefined): boolean {
  return (
    /(^|\/)use-id\/use-id\.(mjs|js|cjs)$/.test(source) &&
    importer !== undefined &&
    /[\\/]@mantine[\\/]hooks[\\/]/.test(importer)
  );
}

export function mantineStableId(): Plugin {
  return {
    name: 'bucket:mantine-stable-id',
    enforce: 'pre',
    resolveId(source, importer) {
      return isMantineUseId(source, importer) ? REPLACEMENT : null;
    },
  };
}
