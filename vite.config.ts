import { tanstackRouter } from '@tanstack/router-plugin/vite';
import babel from '@rolldown/plugin-babel';
import react, { reactCompilerPreset } from '@vitejs/plugin-react';
import reactCompiler from 'babel-plugin-react-compiler';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { mantineStylesCheck } from './scripts/mantine-styles-plugin.ts';
import { prerender } from './scripts/prerender-plugin.ts';
import { shellPrecache } from './scripts/shell-precache.ts';
import { ASSETS_CACHE } from './src/lib/service-worker-cache.ts';

// Public pages shipped prerendered (scripts/prerender-plugin.ts); every other route uses the bare shell.
const PRERENDERED_PAGES = [
  '/',
  '/welcome',
  '/login',
  '/catalog',
  '/artist/login',
  '/brand/login',
  '/developer/login',
  '/privacy',
  '/terms',
];
const APP_SHELL = 'app.html';
// Vite's build manifest, served with the app: the page reads it to cache every build file in the
// background once the service worker is active (src/lib/service-worker.ts).
const ASSET_MANIFEST = 'asset-manifest.json';
const precache = shellPrecache(APP_SHELL);
// Paths of the Supabase HTTP APIs: the service worker must never answer them with the app shell.
const BACKEND_PATHS = [/^\/auth\/v1/, /^\/rest\/v1/, /^\/storage\/v1/, /^\/realtime\/v1/, /^\/__local\//];

export default defineConfig({
  // `@sync`, `@sync/model`…: sync/'s entries, declared once in tsconfig.paths.json.
  resolve: { tsconfigPaths: true },
  // The storage worker (src/data/storage-worker.ts) shares chunks with the page's code.
  worker: { format: 'es' },
  plugins: [
    // Must come before the React plugin (TanStack Router docs).
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A guarded route's pending screen gets its own chunk too: route files are in the entry bundle.
      codeSplittingOptions: {
        defaultBehavior: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    // React Compiler memoizes components and hooks: a panel whose props did not change is not
    // re-rendered when a sync batch updates the page (plugin-react's documented set-up).
    // The compiler is handed over as a module: the preset's own file finds it with
    // `import.meta.resolve`, which fails when the config runs under tsx (the benches).
    babel({ presets: [{ ...reactCompilerPreset(), preset: () => ({ plugins: [reactCompiler] }) }] }),
    // Mantine's styles are imported per component: the build fails if a used component has none.
    mantineStylesCheck(),
    precache.plugin,
    prerender({ pages: PRERENDERED_PAGES, shell: APP_SHELL, sessionKey: 'bucket-auth' }),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'robots.txt', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Bucket',
        short_name: 'Bucket',
        description: 'Bucket & MediaID — exclusive underground content, daily drops and privacy-first collaboration.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#1c1a2e',
        background_color: '#101014',
        categories: ['music', 'entertainment'],
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The precache is the shell only (scripts/shell-precache.ts): the worker takes control as soon
        // as those few files are in. Every other build file reaches the runtime cache below in the
        // background, sent by the page as Workbox's `CACHE_URLS` message.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff,woff2,json,webmanifest}'],
        globIgnores: [ASSET_MANIFEST],
        manifestTransforms: [precache.transform],
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
        navigateFallback: `/${APP_SHELL}`,
        navigateFallbackDenylist: BACKEND_PATHS,
        cleanupOutdatedCaches: true,
        // The first visit's page is controlled at once, so the chunks it loads next are cached too.
        clientsClaim: true,
        runtimeCaching: [
          {
            // Build files have content hashes: a cached one never changes. No ExpirationPlugin: its
            // IndexedDB write per file made caching the build 1.9 s slower (4.4 s instead of 2.6 s
            // on a loaded 2-core machine); the page removes files of older builds instead.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: ASSETS_CACHE,
              // Servers may answer `Vary: Origin` (Vite's does): a file cached from the worker's own
              // request must still match the page's module request, which carries an Origin.
              matchOptions: { ignoreVary: true },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true, host: 'localhost' },
  build: {
    target: 'es2022',
    manifest: ASSET_MANIFEST,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store)|tiny-invariant|tiny-warning|cookie-es|seroval[^\\/]*)[\\/]/,
              priority: 30,
            },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|react-remove-scroll[^\\/]*|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|clsx|react-number-format|react-textarea-autosize|tslib)[\\/]/,
              priority: 20,
              minShareCount: 6,
            },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/, priority: 10 },
            // Screens combine RxDB's observables with rxjs operators: on their own, those would pull
            // the engine's chunk (RxDB, where rxjs would otherwise land) into every dashboard's first load.
            { name: 'rxjs', test: /node_modules[\\/]rxjs[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
