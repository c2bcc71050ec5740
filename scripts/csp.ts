/**
 * The app's Content-Security-Policy, as a <meta> tag each built HTML page carries (the service
 * worker's copies included). Scripts run only from this origin, Stripe's, or as one of the page's
 * own inline scripts, each allowed by its SHA-256 hash — never 'unsafe-inline', so a `javascript:`
 * URL or injected markup cannot run script on Bucket's origin even if one slips past the checks.
 * Only script execution, plugins and <base> are restricted: the backend's address differs per
 * deployment (VITE_SUPABASE_URL), so connections, images and media are left to the browser's
 * defaults.
 */
import { createHash } from 'node:crypto';

const STRIPE_JS = 'https://js.stripe.com';
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** 'sha256-…' source expressions of every inline script in `html`, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '', 'utf8')
        .digest('base64')}'`,
  );
  return [...new Set(hashes)];
}

export function contentSecurityPolicy(html: string): string {
  return [
    `script-src 'self' ${STRIPE_JS} ${inlineScriptHashes(html).join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

/** `html` with its policy as the first element of <head>, before any script it governs. */
export function withContentSecurityPolicy(html: string): string {
  if (!html.includes('<head>')) throw new Error('csp: no <head> in the page');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(html)}">`;
  return html.replace('<head>', `<head>${meta}`);
}
