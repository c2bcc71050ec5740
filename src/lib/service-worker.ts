/// <reference types="vite-plugin-pwa/client" />
/**
 * Registers the service worker as soon as the page has loaded, and once it is active
 * asks it to cache every build file the precache left out (the shell alone is precached, so the
 * worker controls the app within moments of the first visit: scripts/shell-precache.ts).
 *
 * The background caching is Workbox's own: the `CACHE_URLS` message, handled by workbox-routing
 * with the runtime route for `/assets/` (CacheFirst). The list comes from Vite's build manifest.
 */
import { messageSW } from 'workbox-window';
import { ASSETS_CACHE } from './service-worker-cache';

/** The app's build manifest (vite.config.ts `build.manifest`). */
const ASSET_MANIFEST_URL = '/asset-manifest.json';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

type Listener = () => void;

let needRefresh = false;
let updateServiceWorker: ((reload?: boolean) => Promise<void>) | null = null;
const listeners = new Set<Listener>();

function setNeedRefresh(value: boolean) {
  needRefresh = value;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: whether a new version waits (the update prompt shows then). */
export const updateStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  getSnapshot: () => needRefresh,
  dismiss: () => setNeedRefresh(false),
  update: () => updateServiceWorker?.(true),
};

/**
 * What a signed-in user opens (offline within 1 s of the first page being usable):
 * the entry's lazily loaded engine (sync, storage, identity), the fan dashboard, onboarding and the
 * catalog. Manifest keys by prefix (TanStack Router splits a route into `?tsr-split=` chunks).
 */
export const SIGNED_IN_FIRST = [
  'index.html',
  'src/routes/dashboard.$role.tsx',
  'src/features/fan/FanDashboardPage.tsx',
  'src/routes/onboarding.tsx',
  'src/routes/catalog.tsx',
];

// Another route, or another page (the dashboard route's chunk imports every role's page lazily).
const OTHER_PAGE = /^src\/routes\/|Page\.tsx$/;

/**
 * The files of the manifest entries `keys` need: their static imports, stylesheets and assets,
 * and the parts they load lazily (a page's panels and dialogs), but not other routes or pages.
 */
function neededFiles(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(`/${file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const lazy of chunk.dynamicImports ?? []) if (!OTHER_PAGE.test(lazy)) visit(lazy);
  };
  keys.forEach(visit);
  return files;
}

/**
 * Every file of the build from Vite's manifest, nearest first: the files this page has already
 * loaded and what a signed-in user opens (SIGNED_IN_FIRST) in one batch (the worker fetches a
 * batch's files in parallel), then the other routes and what they import, then the rest (other
 * roles' dashboards, charts, maps).
 */
export function buildFileBatches(
  manifest: Record<string, ManifestChunk>,
  loaded: Iterable<string>,
  first: readonly string[] = SIGNED_IN_FIRST,
): string[][] {
  const all = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) all.add(`/${file}`);
  }
  const firstKeys = Object.keys(manifest).filter((key) => first.some((prefix) => key.startsWith(prefix)));
  const batch1 = new Set([...[...loaded].filter((file) => all.has(file)), ...neededFiles(manifest, firstKeys)]);
  const routeKeys = Object.keys(manifest).filter((key) => key.startsWith('src/routes/'));
  const batch2 = new Set([...neededFiles(manifest, routeKeys)].filter((file) => !batch1.has(file)));
  const rest = [...all].filter((file) => !batch1.has(file) && !batch2.has(file));
  return [[...batch1], [...batch2], rest].filter((batch) => batch.length > 0);
}

async function cacheRestInBackground(worker: ServiceWorker) {
  const response = await fetch(ASSET_MANIFEST_URL, { cache: 'no-cache' });
  if (!response.ok) return;
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((entry) => entry.origin === window.location.origin)
    .map((entry) => entry.pathname);
  const batches = buildFileBatches((await response.json()) as Record<string, ManifestChunk>, loaded);
  // One batch at a time, so the nearest files are not queued behind the largest ones.
  for (const [index, urlsToCache] of batches.entries()) {
    await messageSW(worker, { type: 'CACHE_URLS', payload: { urlsToCache } });
    // When a signed-in user's routes are on the device (a trace shows it beside the page's start).
    if (index === 0) performance.mark('bucket:offline-first-batch');
  }
  document.documentElement.dataset.offlineReady = 'true';
  // Files of earlier builds are never asked for again: the cache keeps this build's only.
  const current = new Set(batches.flat());
  const cache = await caches.open(ASSETS_CACHE);
  for (const request of await cache.keys()) {
    if (!current.has(new URL(request.url).pathname)) await cache.delete(request);
  }
}

/** Registers the worker (once); `onActive` caching runs on every start, cheap when all is cached. */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || updateServiceWorker) return;
  const { registerSW } = await import('virtual:pwa-register');
  updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh: () => setNeedRefresh(true),
    onRegisterError: (error: unknown) => console.error('Service worker registration failed', error),
  });
  const registration = await navigator.serviceWorker.ready;
  if (registration.active) {
    await cacheRestInBackground(registration.active).catch((error: unknown) =>
      console.warn('Background caching stopped (it resumes on the next start)', error),
    );
  }
}
