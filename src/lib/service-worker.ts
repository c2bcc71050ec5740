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
 * Every file of the build from Vite's manifest, nearest first: the files this page has already
 * loaded (its route and dashboard: cached from the HTTP cache at once), then the route chunks and
 * what they import, then the rest (other roles' dashboards, charts, maps).
 */
export function buildFileBatches(manifest: Record<string, ManifestChunk>, loaded: Iterable<string>): string[][] {
  const url = (file: string) => `/${file}`;
  const all = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) all.add(url(file));
  }
  const first = new Set([...loaded].filter((file) => all.has(file)));
  const routes = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || routes.has(url(chunk.file))) return;
    routes.add(url(chunk.file));
    for (const css of chunk.css ?? []) routes.add(url(css));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of Object.keys(manifest)) if (key.startsWith('src/routes/')) visit(key);
  const second = [...routes].filter((file) => !first.has(file));
  const rest = [...all].filter((file) => !first.has(file) && !routes.has(file));
  return [[...first], second, rest].filter((batch) => batch.length > 0);
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
  for (const urlsToCache of batches) await messageSW(worker, { type: 'CACHE_URLS', payload: { urlsToCache } });
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
