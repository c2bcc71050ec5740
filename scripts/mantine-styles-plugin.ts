/**
 * The app imports Mantine's styles per component (src/styles/mantine.css), not the whole 250 KB
 * file. This build check makes that safe: every Mantine class the built scripts use (`m_` plus
 * eight hex digits, the names Mantine's components put on their elements) must be defined by a
 * built stylesheet, or the build fails naming the style file that defines it. A component added
 * to the app without its styles therefore never ships unstyled.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;

/** @mantine/core's whole stylesheet and the folder of its per-component files. */
export function mantineCoreStyles(): { whole: string; dir: string } {
  const whole = createRequire(import.meta.url).resolve('@mantine/core/styles.css');
  return { whole, dir: join(dirname(whole), 'styles') };
}

/**
 * Mantine class → the per-component style file of @mantine/core defining it: the file naming it
 * most (another component's file may mention it in a compound selector).
 */
function coreStyleFiles(): Map<string, string> {
  const { dir } = mantineCoreStyles();
  const owners = new Map<string, { file: string; count: number }>();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.css') || file.endsWith('.layer.css')) continue;
    const counts = new Map<string, number>();
    for (const name of readFileSync(join(dir, file), 'utf8').match(MANTINE_CLASS) ?? []) {
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    for (const [name, count] of counts) {
      if (count > (owners.get(name)?.count ?? 0)) owners.set(name, { file: `@mantine/core/styles/${file}`, count });
    }
  }
  return new Map([...owners].map(([name, { file }]) => [name, file]));
}

/** The Mantine classes used by `scripts` and not defined by any of `stylesheets`. */
export function undefinedMantineClasses(scripts: readonly string[], stylesheets: readonly string[]): string[] {
  const defined = new Set(stylesheets.flatMap((css) => css.match(MANTINE_CLASS) ?? []));
  const used = new Set(scripts.flatMap((code) => code.match(MANTINE_CLASS) ?? []));
  return [...used].filter((name) => !defined.has(name)).sort();
}

export function mantineStylesCheck(): Plugin {
  return {
    name: 'bucket:mantine-styles-check',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const scripts: string[] = [];
      const stylesheets: string[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') scripts.push(output.code);
        else if (output.fileName.endsWith('.css')) stylesheets.push(String(output.source));
      }
      const missing = undefinedMantineClasses(scripts, stylesheets);
      if (missing.length === 0) return;
      const owners = coreStyleFiles();
      const files = [...new Set(missing.map((name) => owners.get(name) ?? `(no @mantine/core file defines ${name})`))];
      this.error(
        `Mantine classes used by the app have no styles: ${missing.join(', ')}. ` +
          `Add ${files.join(', ')} to src/styles/mantine.css (in the order of @mantine/core/styles.css).`,
      );
    },
  };
}
