/**
 * Vite build plugin: public pages ship as HTML already rendered, so a phone paints them before any
 * JavaScript has downloaded; the browser then hydrates them (src/main.tsx). After the client bundle
 * is written, each page of `pages` is rendered by src/prerender-entry.tsx (loaded through a Vite
 * SSR dev server in Node, never shipped) into the built index.html: `/` into index.html, `/x/y`
 * into x/y.html. The bare shell moves to `shell` (app.html): the app's fallback for every other
 * route, served by `vite preview` (configurePreviewServer below) and by the service worker's
 * navigateFallback, so no route ever flashes another page's markup. Every page written gets the
 * app's Content-Security-Policy (csp.ts), hashing its own inline scripts. Runs before vite-plugin-pwa
 * writes the service worker, which then precaches the prerendered pages too.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { withContentSecurityPolicy } from './csp.ts';

export interface PrerenderOptions {
  pages: string[];
  /** File name of the bare app shell (the SPA fallback), relative to the build output. */
  shell: string;
  /** localStorage key of a stored session: a signed-in user's prerendered page stays hidden until the client renders. */
  sessionKey: string;
}

/** What src/prerender-entry.tsx exports (typed here: the app's sources are not in this tsconfig). */
interface PrerenderEntry {
  render(path: string): Promise<{ html: string; title: string }>;
  headMarkup(): string;
  shellHeadMarkup(): string;
}

export const htmlFileOf = (path: string) => (path === '/' ? 'index.html' : `${path.replace(/^\/|\/$/g, '')}.html`);

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Marks a stored session on <html>: that visitor's page renders on the client, hidden until then. */
const signedInScript = (sessionKey: string) =>
  `try{if(localStorage.getItem(${JSON.stringify(sessionKey)}))document.documentElement.setAttribute('data-signed-in','')}catch(e){}`;

export function prerender(options: PrerenderOptions): Plugin[] {
  let config: ResolvedConfig;
  const build: Plugin = {
    name: 'bucket:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      order: 'pre',
      async handler() {
        if (config.build.ssr || config.build.write === false) return;
        const outDir = resolve(config.root, config.build.outDir);
        // Builds of other pages with this config (the Lighthouse baseline page) have no app shell.
        if (!existsSync(join(outDir, 'index.html'))) return;
        const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
        const { createServer } = await import('vite');
        const react = (await import('@vitejs/plugin-react')).default;
        const server = await createServer({
          configFile: false,
          root: config.root,
          mode: 'production',
          logLevel: 'error',
          appType: 'custom',
          plugins: [react()],
          resolve: { tsconfigPaths: true },
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
          // Node imports the dependencies itself: no dependency scan or pre-bundling.
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        // Every route module is evaluated (no route splitting here); supabase-js builds its realtime
        // client at import and wants a WebSocket, which Node 20 lacks: give it `ws` (never connects).
        const globals = globalThis as { WebSocket?: unknown };
        globals.WebSocket ??= (await import('ws')).default;
        try {
          const entry = (await server.ssrLoadModule('/src/prerender-entry.tsx')) as PrerenderEntry;
          // The bare shell gets the colour scheme: its frame paints in the user's scheme.
          writeFileSync(
            join(outDir, options.shell),
            withContentSecurityPolicy(shell.replace('</head>', `${entry.shellHeadMarkup()}</head>`)),
          );
          const head =
            entry.headMarkup() +
            `<script>${signedInScript(options.sessionKey)}</script>` +
            // A signed-in user gets the client render (their own header, their data): the visitor's
            // markup stays hidden until then instead of flashing.
            '<style>html[data-signed-in] #root[data-prerendered]{visibility:hidden}</style>';
          for (const path of options.pages) {
            const { html, title } = await entry.render(path);
            // Vite's own script and modulepreload tags stay as it wrote them: the browser fetches the
            // scripts beside the HTML, and they hydrate the page it already painted.
            const page = shell
              .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="dark">')
              .replace('</head>', `${head}</head>`)
              .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
              .replace('<div id="root"></div>', `<div id="root" data-prerendered="${escapeHtml(path)}">${html}</div>`);
            if (!page.includes('data-prerendered'))
              throw new Error(`prerender: no <div id="root"></div> in the shell for ${path}`);
            const file = join(outDir, htmlFileOf(path));
            mkdirSync(dirname(file), { recursive: true });
            writeFileSync(file, withContentSecurityPolicy(page));
          }
        } finally {
          await server.close();
        }
      },
    },
  };
  // `vite preview` resolves the config as 'serve': this part must not be limited to builds.
  const preview: Plugin = {
    name: 'bucket:prerender-preview',
    configurePreviewServer(server) {
      // `vite preview` falls back to index.html (now the landing page) for unknown paths: send
      // navigations that match no file to the bare shell instead, as a static host's rewrite would.
      const outDir = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const isPage = (req.method === 'GET' || req.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(url.pathname);
        if (isPage && url.pathname !== '/' && !existsSync(join(outDir, htmlFileOf(url.pathname)))) {
          req.url = `/${options.shell}${url.search}`;
        }
        next();
      });
    },
  };
  return [build, preview];
}
