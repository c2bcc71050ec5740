// Size budget: gzip bytes of the JavaScript and CSS a browser needs to render `/`, what it fetches
// beside and after, and the whole build. `/` is prerendered: its HTML paints with no script run, so
// what it needs is what blocks rendering (Resource Timing's renderBlockingStatus: its stylesheets;
// module scripts never block). A page rendered on the client would need every file fetched before
// its heading appeared, and is counted so. Measured by loading `/` from the production build in
// Chromium with the service worker blocked (otherwise its precache would download every chunk).
// Goal: `/` needs at most 150 KB gzip of JS.
import { chromium } from '@playwright/test';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = 'dist';
const BUDGET_JS = 150 * 1024;
const TYPES = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

// A tiny static server with SPA fallback, like `vite preview`.
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  let file = normalize(join(DIST, decodeURIComponent(url.pathname)));
  if (!file.startsWith(DIST) || !statSync(file, { throwIfNoEntry: false })?.isFile()) file = join(DIST, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const context = await browser.newContext({ serviceWorkers: 'block' });
const page = await context.newPage();
// "Fetched before the heading" = requested before the landing heading is in the DOM, measured in the
// page (Resource Timing vs a MutationObserver stamp); what loads afterwards (on idle: the auth
// runtime) is reported separately.
await page.addInitScript(() => {
  const observer = new MutationObserver(() => {
    const heading = [...document.querySelectorAll('h1')].find((h) => h.textContent?.includes('Bucket & MediaID'));
    if (heading) {
      window.__headingAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
});
await page.goto(base);
await page.getByRole('heading', { name: 'Bucket & MediaID' }).waitFor();
await page.waitForLoadState('networkidle');
const { before, blocking, after } = await page.evaluate(() => {
  const at = window.__headingAt;
  const entries = performance
    .getEntriesByType('resource')
    .map((e) => ({
      path: new URL(e.name).pathname,
      start: e.startTime,
      blocking: e.renderBlockingStatus === 'blocking',
    }));
  const assets = entries.filter((e) => /\.(js|css)$/.test(e.path));
  return {
    before: assets.filter((e) => e.start < at).map((e) => e.path),
    blocking: assets.filter((e) => e.blocking).map((e) => e.path),
    after: assets.filter((e) => e.start >= at).map((e) => e.path),
  };
});
// Whether `/` paints from its HTML (prerendered), or only once scripts have rendered it.
const prerendered = (await (await fetch(base)).text()).includes('Bucket &amp; MediaID</h1>');
// The entry script and styles come from index.html itself; Resource Timing lists them too.
const fetched = new Set(prerendered ? blocking : before);
const beside = new Set(before.filter((path) => !fetched.has(path)));
const later = new Set(after);
await browser.close();
server.close();

let js = 0;
let css = 0;
for (const path of fetched) {
  const size = gz(join(DIST, path));
  if (path.endsWith('.js')) js += size;
  else css += size;
}
const all = walk(DIST).filter((file) => /\.(js|css)$/.test(file));
const totalJs = all.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0);
const totalCss = all.filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gz(f), 0);

console.log('size (gzip)');
console.log(
  `  JS to render /        ${kb(js).padStart(10)}  (${fetched.size} files; budget ${kb(BUDGET_JS)}; ratio ${(js / BUDGET_JS).toFixed(2)})`,
);
console.log(
  `  CSS to render /       ${kb(css).padStart(10)}${prerendered ? '  (prerendered: what blocks rendering)' : ''}`,
);
const besideJs = [...beside]
  .filter((path) => path.endsWith('.js'))
  .reduce((sum, path) => sum + gz(join(DIST, path)), 0);
console.log(
  `  JS fetched beside     ${kb(besideJs).padStart(10)}  (${beside.size} files, before the heading, not blocking it)`,
);
const idle = [...later].filter((path) => path.endsWith('.js')).reduce((sum, path) => sum + gz(join(DIST, path)), 0);
console.log(`  JS after first paint  ${kb(idle).padStart(10)}  (${later.size} files)`);
console.log(
  `  whole build JS        ${kb(totalJs).padStart(10)}  (${all.filter((f) => f.endsWith('.js')).length} chunks; / needs ${((js / totalJs) * 100).toFixed(0)}%)`,
);
console.log(`  whole build CSS       ${kb(totalCss).padStart(10)}`);
console.log(js <= BUDGET_JS ? '  within budget' : '  OVER BUDGET');
