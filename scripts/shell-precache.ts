/**
 * The service worker's precache holds the app shell only; every other build file is cached in the
 * background once the worker is active (src/lib/service-worker.ts sends Workbox's `CACHE_URLS`).
 *
 * Why: Workbox installs its precache one file at a time, and the worker controls nothing until
 * every file is in. With all ~150 build files that took about 3 s, so a fan who went offline right
 * after signing in met the browser's error page. The shell is what the bare `app.html` loads before
 * any route: the page itself, its entry script, Vite's `modulepreload`s and its stylesheets (read
 * from the built page, so the list follows the bundle), the web manifest and the favicon. Offline,
 * every navigation (prerendered public pages too) is answered with the shell, which renders it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { VitePWAOptions } from 'vite-plugin-pwa';

type ManifestTransform = NonNullable<NonNullable<VitePWAOptions['workbox']>['manifestTransforms']>[number];

const SHELL_ASSET = /(?:src|href)="\/(assets\/[^"]+)"/g;

/** The build files a page references (its entry, modulepreloads and stylesheets). */
export function shellAssets(html: string): Set<string> {
  return new Set(Array.from(html.matchAll(SHELL_ASSET), (match) => match[1]!));
}

const SHELL_FILES = ['manifest.webmanifest', 'favicon.svg'];

/**
 * A plugin (it learns the build's output folder) and the Workbox manifest transform that keeps
 * `shellHtml`, the files it references and SHELL_FILES. Builds without that page (the
 * Lighthouse baseline page) keep their whole manifest.
 */
export function shellPrecache(shellHtml: string): { plugin: Plugin; transform: ManifestTransform } {
  let outDir = 'dist';
  const plugin: Plugin = {
    name: 'bucket:shell-precache',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
  };
  const transform: ManifestTransform = (entries) => {
    const page = join(outDir, shellHtml);
    if (!existsSync(page)) return { manifest: entries, warnings: [] };
    const shell = shellAssets(readFileSync(page, 'utf8'));
    if (shell.size === 0) throw new Error(`precache: ${shellHtml} references no build assets`);
    const keep = new Set([shellHtml, ...SHELL_FILES, ...shell]);
    const manifest = entries.filter((entry) => keep.has(entry.url));
    return { manifest, warnings: [] };
  };
  return { plugin, transform };
}
