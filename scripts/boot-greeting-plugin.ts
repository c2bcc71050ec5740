/**
 * Vite plugin: puts the fan dashboard's boot greeting (src/features/fan/boot-greeting.ts) inline
 * into index.html in place of `<!--bucket:boot-greeting-->`, right after the shell's `#boot`
 * frame, so it paints with the HTML. The script is the two functions' own source (the page's
 * `fanDisplayName` included): the greeting cannot drift from the one the dashboard renders.
 */
import type { Plugin } from 'vite';
import { FAN_DASHBOARD_PATH, FAN_GREETING_SUBTITLE, paintBootGreeting } from '../src/features/fan/boot-greeting.ts';
import { fanDisplayName } from '../src/features/fan/display-name.ts';
import { AUTH_STORAGE_KEY } from '../src/lib/auth-storage-key.ts';

const MARKER = '<!--bucket:boot-greeting-->';

/** The inline script, also used by the unit test that runs it. */
export function bootGreetingScript(): string {
  const config = { sessionKey: AUTH_STORAGE_KEY, path: FAN_DASHBOARD_PATH, subtitle: FAN_GREETING_SUBTITLE };
  // `<` escaped so no value can close the script element.
  return `(${paintBootGreeting.toString()})(${JSON.stringify(config).replace(/</g, '\\u003c')},${fanDisplayName.toString()})`;
}

export function bootGreeting(): Plugin {
  return {
    name: 'bucket:boot-greeting',
    transformIndexHtml(html) {
      // Other pages built with this config (the Lighthouse baseline) have no boot frame.
      if (!html.includes('id="boot"')) return html;
      if (!html.includes(MARKER)) throw new Error(`boot-greeting: no ${MARKER} after #boot in index.html`);
      return html.replace(MARKER, `<script>${bootGreetingScript()}</script>`);
    },
  };
}
