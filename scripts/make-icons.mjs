// Renders public/favicon.svg into the PWA's PNG icons with Debian's Chromium (run once; outputs are committed).
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';

const svg = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
async function render(size, file, { maskable = false } = {}) {
  await page.setViewportSize({ width: size, height: size });
  // Maskable icons keep the logo inside the 80% safe zone on a full-bleed background.
  const inner = maskable
    ? `<div style="width:100%;height:100%;background:#1c1a2e;display:grid;place-items:center"><div style="width:70%;height:70%">${svg}</div></div>`
    : svg;
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><div style="width:${size}px;height:${size}px">${inner.replace('<svg ', '<svg width="100%" height="100%" ')}</div></body></html>`,
  );
  await page.screenshot({ path: new URL(`../public/${file}`, import.meta.url).pathname, omitBackground: !maskable });
}
await render(192, 'pwa-192x192.png');
await render(512, 'pwa-512x512.png');
await render(512, 'maskable-icon-512x512.png', { maskable: true });
await render(180, 'apple-touch-icon.png', { maskable: true });
await browser.close();
