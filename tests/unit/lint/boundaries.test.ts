/**
 * The folder boundaries hold (eslint.config.js): the lint rule refuses a cross-feature import, and
 * no import circle exists even through `import type` (which import-x/no-cycle skips).
 */
import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const RULE = 'import-x/no-restricted-paths';

describe('feature boundaries by lint', () => {
  let eslint: ESLint;
  beforeAll(async () => {
    eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === RULE });
    await eslint.lintText('', { filePath: path.join(root, 'src/lib/warm-up.ts') }); // loads config and plugins
  }, 60_000);

  async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
    return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((m) => m.message);
  }

  it("refuses a feature importing another feature's inner file", async () => {
    const errors = await boundaryErrors(
      'src/features/artist/Probe.tsx',
      "import { FanGreeting } from '../fan/FanGreeting';\nexport const probe = FanGreeting;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('../fan/FanGreeting');
    // the same import through the `@/` alias
    expect(
      await boundaryErrors(
        'src/features/artist/Probe.tsx',
        "import { FanGreeting } from '@/features/fan/FanGreeting';\nexport const probe = FanGreeting;\n",
      ),
    ).toHaveLength(1);
  });

  it('refuses a shared folder importing a feature, and a feature importing a route', async () => {
    expect(await boundaryErrors('src/lib/probe.ts', "export { useAuth } from '../features/auth';\n")).toHaveLength(1);
    expect(await boundaryErrors('src/lib/probe.ts', "export { useAuth } from '@/features/auth';\n")).toHaveLength(1);
    expect(
      await boundaryErrors(
        'src/features/fan/probe.ts',
        "export { loadDashboard } from '../../routes/-dashboard-chunks';\n",
      ),
    ).toHaveLength(1);
  });

  it('refuses a path into sync/ that is not one of its entries; the entries pass', async () => {
    const restricted = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' });
    const errors = async (code: string) => {
      const [result] = await restricted.lintText(code, { filePath: path.join(root, 'src/features/fan/probe.ts') });
      return (result?.messages ?? []).map((m) => m.message);
    };
    expect(await errors("export { saveProfile } from '../../../sync/writes/save-profile';\n")).toHaveLength(1);
    expect(await errors("export { createSyncEngine } from '../../../sync';\n")).toHaveLength(1);
    expect(await errors("export { runPull } from '@sync/replication/pull';\n")).toHaveLength(1);
    const entries = [
      "export { createSyncEngine } from '@sync';",
      "export { canAccessContent } from '@sync/model';",
      "export { saveProfile } from '@sync/writes';",
      "export { createUserOutbox } from '@sync/outbox';",
    ].join('\n');
    expect(await errors(entries)).toEqual([]);
  }, 60_000);

  it("allows the feature's own files, shared folders and another feature's index.ts", async () => {
    const code = [
      "export { useAuth } from '../auth';",
      "export { useLockerItemsState } from '@/features/locker';",
      "export { formatDate } from '@/lib/format';",
      "export { ErrorBanner } from '../../components/ErrorBanner';",
      "export { formatCompactNumber } from '../../lib/format';",
      "export { useProfile } from '../../data/use-profile';",
      "export { FanGreeting } from './FanGreeting';",
    ].join('\n');
    expect(await boundaryErrors('src/features/fan/probe.ts', code)).toEqual([]);
  });
});

/** Every relative, `@/` or `@sync` import of src/, sync/ and supabase/ (the local backend, the Edge Functions), type-only ones included. */
function importGraph(): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else if (/\.tsx?$/.test(entry.name)) files.push(full);
    }
  };
  for (const dir of ['src', 'sync', 'supabase']) walk(path.join(root, dir));
  const known = new Set(files);
  // sync/'s entries (`@sync`, `@sync/model`…) as the app's imports name them.
  const aliases = JSON.parse(readFileSync(path.join(root, 'tsconfig.paths.json'), 'utf8')).compilerOptions
    .paths as Record<string, string[]>;
  const resolve = (from: string, spec: string) => {
    const alias = aliases[spec]?.[0];
    if (alias) return known.has(path.join(root, alias)) ? path.join(root, alias) : undefined;
    const base = spec.startsWith('@/') ? path.join(root, 'src', spec.slice(2)) : path.resolve(path.dirname(from), spec);
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) => known.has(f));
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .filter((i) => i.fileName.startsWith('.') || i.fileName.startsWith('@/') || i.fileName in aliases)
      .map((i) => resolve(file, i.fileName));
    graph.set(
      file,
      targets.filter((target): target is string => target !== undefined),
    );
  }
  return graph;
}

/** Strongly connected components with more than one file (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(path.relative(root, member));
    } while (member !== file);
    if (component.length > 1) found.push(component);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('import circles', () => {
  it('finds a circle made of type-only imports', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/a.ts']],
      ['/c.ts', ['/a.ts']],
    ]);
    expect(circles(graph)).toEqual([['/b.ts', '/a.ts'].map((f) => path.relative(root, f))]);
  });

  it('src/, sync/ and supabase/ have none, type-only imports included', () => {
    expect(circles(importGraph())).toEqual([]);
  });
});

describe('the local backend front door', () => {
  it('imports no service, and only the composition root (supabase/local/index.ts) imports it', () => {
    const graph = importGraph();
    const door = path.join(root, 'supabase/local/http/server.ts');
    const inHttp = (f: string) => f.startsWith(path.join(root, 'supabase/local/http') + path.sep);
    expect(
      (graph.get(door) ?? [])
        .filter((f) => !inHttp(f) && !f.endsWith('db/scheduler.ts') && !f.endsWith('auth/mail.ts'))
        .map((f) => path.relative(root, f)),
    ).toEqual([]);
    const importers = [...graph].filter(([, targets]) => targets.includes(door)).map(([f]) => path.relative(root, f));
    expect(importers).toEqual(['supabase/local/index.ts']);
  });
});

describe('path aliases', () => {
  /** A feature folder (src/features/x) or a top-level folder of src/ (lib, data, components…). */
  const folderOf = (file: string) => {
    const parts = path.relative(path.join(root, 'src'), file).split(path.sep);
    return parts[0] === 'features' ? parts.slice(0, 2).join('/') : parts.length > 1 ? parts[0] : '.';
  };
  /**
   * `../` imports in src/ that leave their folder for another of src/ (they should name it:
   * `@/lib/format`). Code shared with the Edge Functions (supabase/functions/_shared) stays relative.
   */
  function leavingImports(file: string, text: string): string[] {
    const src = path.join(root, 'src') + path.sep;
    return ts
      .preProcessFile(text, true, true)
      .importedFiles.map((i) => i.fileName)
      .filter((spec) => spec.startsWith('../'))
      .filter((spec) => {
        const target = path.resolve(path.dirname(file), spec, 'index.ts');
        return target.startsWith(src) && folderOf(target) !== folderOf(file);
      });
  }

  it('finds a `../` import that leaves its folder, and lets one inside it pass', () => {
    const file = path.join(root, 'src/features/fan/panels/Probe.tsx');
    expect(
      leavingImports(file, "import { a } from '../../../lib/format';\nimport { b } from '../FanGreeting';\n"),
    ).toEqual(['../../../lib/format']);
  });

  it('src/ reaches another folder through `@/`, never `../` out of its own', () => {
    const found = [...importGraph().keys()]
      .filter((file) => file.startsWith(path.join(root, 'src') + path.sep))
      .flatMap((file) =>
        leavingImports(file, readFileSync(file, 'utf8')).map((spec) => `${path.relative(root, file)}: ${spec}`),
      );
    expect(found).toEqual([]);
  });
});
