// The head script of scripts/route-preload-plugin.ts, run against a stub page: which chunks a
// signed-in load preloads, depending on whether the device holds the user's local database.
import { describe, expect, it } from 'vitest';
import { routePreload } from '../../../scripts/route-preload-plugin';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  isEntry,
  imports,
  moduleIds,
});

const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', ['/app/src/main.tsx'], ['assets/framework.js'], true),
    chunk('assets/framework.js', ['/app/node_modules/react/index.js']),
    chunk('assets/FanDashboardPage.js', ['/app/src/features/fan/FanDashboardPage.tsx'], ['assets/framework.js']),
    chunk('assets/identity-runtime.js', ['/app/src/features/auth/identity-runtime.ts'], ['assets/supabase.js']),
    chunk('assets/supabase.js', ['/app/node_modules/@supabase/supabase-js/index.js']),
    chunk('assets/sync.js', ['/app/sync/index.ts'], ['assets/dexie.js']),
    chunk('assets/dexie.js', ['/app/node_modules/dexie/index.js']),
  ].map((c) => [c.fileName, c]),
);

function headScript(): string {
  const plugin = routePreload({
    extra: { '^/dashboard/fan/?$': 'src/features/fan/FanDashboardPage.tsx' },
    signedIn: {
      storageKey: 'bucket-auth',
      modules: ['src/features/auth/identity-runtime.ts'],
      withDatabase: { databasePrefix: 'rxdb-dexie-bucket_', modules: ['/sync/index.ts'] },
      preconnect: () => 'https://abc.supabase.co/',
    },
  });
  const configResolved = plugin.configResolved as (config: object) => void;
  configResolved({ mode: 'production', root: '/nonexistent', envDir: '/nonexistent' });
  const transform = plugin.transformIndexHtml as { handler: (html: string, ctx: unknown) => { children: string }[] };
  return transform.handler('', { bundle })[0]!.children;
}

/** Runs the script on `path` with `session` stored and `databases` listed; the preloaded files once settled. */
async function preloaded(path: string, session: string | null, databases: string[] | 'unsupported') {
  const links: string[] = [];
  const element = () => ({ rel: '', href: '', crossOrigin: null as string | null, fetchPriority: '' });
  const fragment = () => {
    const children: ReturnType<typeof element>[] = [];
    return { children, appendChild: (link: ReturnType<typeof element>) => children.push(link) };
  };
  const page = {
    location: { pathname: path },
    localStorage: { getItem: (key: string) => (key === 'bucket-auth' ? session : null) },
    document: {
      documentElement: { hasAttribute: () => false },
      createElement: element,
      createDocumentFragment: fragment,
      head: {
        appendChild: (node: ReturnType<typeof fragment> | ReturnType<typeof element>) =>
          ('children' in node ? node.children : [node]).forEach((link) => links.push(`${link.rel} ${link.href}`)),
      },
    },
    indexedDB:
      databases === 'unsupported'
        ? {}
        : { databases: () => Promise.resolve(databases.map((name) => ({ name, version: 1 }))) },
    // The first contentful paint is reported as soon as the script observes paints.
    PerformanceObserver: class {
      constructor(private readonly report: (list: { getEntries: () => { name: string }[] }) => void) {}
      observe() {
        this.report({ getEntries: () => [{ name: 'first-contentful-paint' }] });
      }
    },
    setTimeout: (run: () => void) => void queueMicrotask(run),
  };
  new Function(...Object.keys(page), headScript())(...Object.values(page));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return links.map((link) => link.replace('modulepreload /assets/', '').replace('preconnect ', 'preconnect:'));
}

const USER = 'AB12-cd34';
const session = JSON.stringify({ access_token: 't', user: { id: USER } });

describe('route preload head script', () => {
  it("a visitor gets the route's chunks only (no connection to the backend)", async () => {
    expect(await preloaded('/dashboard/fan', null, [])).toEqual(['FanDashboardPage.js']);
  });

  it('a signed-in new device connects to the backend and gets the identity chunks, not the database engine', async () => {
    const files = await preloaded('/dashboard/fan', session, ['rxdb-dexie-bucket_someone_else--0--profiles']);
    expect(files).toEqual([
      'preconnect:https://abc.supabase.co',
      'FanDashboardPage.js',
      'identity-runtime.js',
      'supabase.js',
    ]);
  });

  it("a device holding the user's database also gets the engine's chunks", async () => {
    const files = await preloaded('/dashboard/fan', session, ['rxdb-dexie-bucket_ab12-cd34--0--profiles']);
    expect(files).toEqual([
      'preconnect:https://abc.supabase.co',
      'FanDashboardPage.js',
      'identity-runtime.js',
      'supabase.js',
      'sync.js',
      'dexie.js',
    ]);
  });

  it('a browser that cannot list its databases gets them too', async () => {
    const files = await preloaded('/dashboard/fan', session, 'unsupported');
    expect(files).toContain('sync.js');
  });
});
