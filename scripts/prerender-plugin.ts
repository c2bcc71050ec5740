/**
 * Vite build plugin: public pages ship as HTML already rendered, so a phone paints them before any
 * JavaScript has downloaded; the browser then hydrates them (src/main.tsx). After the client bundle
 * is written, each page of `pages` is rendered by src/prerender-entry.tsx (loaded through a Vite
 * SSR dev server in Node, never shipped) into the built index.html: `/` into index.html, `/x/y`
 * into x/y.html. The bare shell moves to `shell` (app.html): the app's fallback for every other
 * route, served by `vite preview` (configurePreviewServer below) and by the service worker's
 * navigateFallback, so no route ever flashes another page's markup. Runs before vite-plugin-pwa
 * writes the service worker, which then precaches the prerendered pages too.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { APP_STYLES_ATTRIBUTE } from '../src/lib/prerendered.ts';
import { fewPerTask, runGoAfterFirstPaintIf } from './route-preload-plugin.ts';

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

/**
 * Runs first in <head>: marks a stored session (its page renders on the client, hidden until then)
 * and, until the app has hydrated (`data-hydrated`, set by AppRoot), holds the visitor's last click
 * on a button and any form submit: before hydration a button does nothing and a submit would be
 * the browser's own GET, with the fields (a password) in the URL. The app makes the held action
 * again once its target is live (src/lib/early-input.ts), so the visitor's click still counts.
 * Links are left alone: they navigate natively.
 */
function headScript(sessionKey: string): string {
  return (
    `(function(){var d=document.documentElement;` +
    `try{if(localStorage.getItem(${JSON.stringify(sessionKey)}))d.setAttribute('data-signed-in','')}catch(e){}` +
    `function live(){return d.hasAttribute('data-hydrated')}` +
    `addEventListener('click',function(e){if(live())return;` +
    `var t=e.target&&e.target.closest&&e.target.closest('button,[role=button],[role=tab]');` +
    `if(t){e.preventDefault();window.__bucketHeld={target:t,form:null,submitter:null}}},true);` +
    `addEventListener('submit',function(e){if(live())return;e.preventDefault();` +
    `if(!window.__bucketHeld)window.__bucketHeld={target:null,form:e.target,submitter:e.submitter}},true)})()`
  );
}

/**
 * Where and when a page's scripts load (one loader at the end of body instead of the shell's entry
 * script and modulepreload links in head). `wait` and `low` are JS expressions read at load.
 * - A prerendered page paints from its HTML and its scripts only hydrate it: for a visitor they are
 *   fetched at low priority once the first contentful paint is on screen, instead of sharing a
 *   phone's bandwidth and CPU with the HTML and CSS of that paint; a signed-in user (whose page
 *   renders on the client) gets them at once.
 * - The bare shell (`styles`) paints its frame from the HTML alone (styled inline), then fetches
 *   the stylesheet (a style preload that becomes the stylesheet on arrival: the app waits for it
 *   before its first render, `APP_STYLES_ATTRIBUTE` in src/main.tsx, so nothing renders unstyled)
 *   and the scripts at their usual priority. A request
 *   finished before the first paint would be counted as holding it by Lighthouse's simulation
 *   (modules have no script-evaluation event, so it cannot tell they did not), and a phone's
 *   first frame should not wait on their parsing either. A hidden page (opened in the background)
 *   does not paint: it loads at once. Its entry goes before the route's own chunks
 *   (`beforeRouteChunks`: they also wait for that paint, see route-preload-plugin), so the
 *   framework downloads first.
 */
function bootAfterFirstPaint(
  html: string,
  options: { wait: string; low: string; styles?: boolean; beforeRouteChunks?: boolean },
): string {
  const files: string[] = [];
  let entry = '';
  let styles = '';
  html = html
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/, (_all, src: string) => {
      entry = src;
      return '';
    })
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_all, href: string) => {
      files.push(href);
      return '';
    });
  if (options.styles)
    html = html.replace(/<link rel="stylesheet" crossorigin href="([^"]+)">\s*/, (_all, href: string) => {
      styles = href;
      return '';
    });
  if (!entry) throw new Error('prerender: no entry <script type="module"> in the shell');
  if (options.styles && !styles) throw new Error('prerender: no entry stylesheet in the shell');
  const addStyles = styles
    ? `var s=document.createElement('link');s.rel='preload';s.as='style';s.crossOrigin='';s.href=${JSON.stringify(styles)};` +
      `s.setAttribute(${JSON.stringify(APP_STYLES_ATTRIBUTE)},'');s.onload=function(){s.onload=null;s.rel='stylesheet'};document.head.appendChild(s);`
    : '';
  const loader =
    `(function(){var d=document.documentElement,lo=${options.low};` +
    `function add(t,u){var e=document.createElement(t);e.crossOrigin='';if(lo)e.fetchPriority='low';` +
    `if(t==='script'){e.type='module';e.src=u}else{e.rel='modulepreload';e.href=u}document.head.appendChild(e)}` +
    // The stylesheet and the entry first, then its modules' preloads a few per task (this runs
    // after the first paint, when each request's main-thread cost would add to a long task).
    `function go(){${addStyles}add('script',${JSON.stringify(entry)});` +
    `${fewPerTask(JSON.stringify(files), "function(batch){batch.forEach(function(u){add('link',u)})}")}}` +
    `${runGoAfterFirstPaintIf(options.wait, { first: options.beforeRouteChunks })}})()`;
  return html.replace('</body>', `<script>${loader}</script>\n  </body>`);
}

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
          // The bare shell gets the colour scheme and the theme's font: its frame (and the fan's
          // boot greeting) paints in the user's scheme and the app's font.
          writeFileSync(
            join(outDir, options.shell),
            bootAfterFirstPaint(shell, {
              wait: "document.visibilityState!=='hidden'",
              low: 'false',
              styles: true,
              beforeRouteChunks: true,
            }).replace('</head>', `${entry.shellHeadMarkup()}</head>`),
          );
          const head =
            entry.headMarkup() +
            `<script>${headScript(options.sessionKey)}</script>` +
            // A signed-in user gets the client render (their own header, their data): the visitor's
            // markup stays hidden until then instead of flashing.
            '<style>html[data-signed-in] #root[data-prerendered]{visibility:hidden}</style>';
          for (const path of options.pages) {
            const { html, title } = await entry.render(path);
            const page = bootAfterFirstPaint(shell, { wait: 'lo', low: "!d.hasAttribute('data-signed-in')" })
              .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="dark" data-prerendered>')
              .replace('</head>', `${head}</head>`)
              .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
              .replace('<div id="root"></div>', `<div id="root" data-prerendered="${escapeHtml(path)}">${html}</div>`);
            if (!page.includes('data-prerendered'))
              throw new Error(`prerender: no <div id="root"></div> in the shell for ${path}`);
            const file = join(outDir, htmlFileOf(path));
            mkdirSync(dirname(file), { recursive: true });
            writeFileSync(file, page);
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
