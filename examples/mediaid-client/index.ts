// A runnable "Sign in with MediaID" client: `npx tsx examples/mediaid-client/index.ts` (README.md here).
// It waits for the browser on a loopback redirect URI, then reads the user's MediaID and preferences.
import { createServer } from 'node:http';
import { createInterface } from 'node:readline/promises';
import { authorizeUrl, callApi, discover, exchange, MediaIdApiError, refresh, type MediaIdConfig } from './mediaid';

const env = process.env;
if (!env.CLIENT_ID || !env.CLIENT_SECRET) {
  console.error(
    'Set CLIENT_ID and CLIENT_SECRET (shown once in the developer portal): see examples/mediaid-client/README.md',
  );
  process.exit(2);
}
const cfg: MediaIdConfig = {
  supabaseUrl: env.SUPABASE_URL ?? 'http://127.0.0.1:54321',
  clientId: env.CLIENT_ID,
  clientSecret: env.CLIENT_SECRET,
  redirectUri: env.REDIRECT_URI ?? 'http://127.0.0.1:8787/callback',
};

const as = await discover(cfg);
const pending = await authorizeUrl(as, cfg);

// The redirect lands here: a one-shot HTTP server on the redirect URI's port.
const redirect = new URL(cfg.redirectUri);
const callback = await new Promise<URL>((resolve) => {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', redirect);
    if (url.pathname !== redirect.pathname) return void res.writeHead(404).end();
    res
      .writeHead(200, { 'content-type': 'text/plain' })
      .end('Done: you can close this tab and return to the terminal.');
    server.close();
    resolve(url);
  });
  server.listen(Number(redirect.port || 80), redirect.hostname, () => {
    console.log(`\nOpen this URL in the browser where you are signed in to Bucket:\n\n  ${pending.url.href}\n`);
  });
});

let tokens;
try {
  tokens = await exchange(as, cfg, callback, pending);
} catch (e) {
  // e.g. "access_denied: User denied the request" when the user pressed Deny
  console.error('Sign-in did not complete:', e instanceof Error ? e.message : e);
  process.exit(1);
}
console.log(`Signed in. Access token expires in ${tokens.expires_in} s.`);

// The token is an opaque MediaID token: the API checks this user's live grant to your app on every call.
const show = async (label: string, call: Parameters<typeof callApi>[2], token: string) => {
  try {
    console.log(`\n${label}:`, JSON.stringify(await callApi(cfg, token, call), null, 2));
  } catch (e) {
    if (!(e instanceof MediaIdApiError)) throw e;
    // 403 insufficient_scope (scope = the missing one) or 401 invalid_token (grant revoked / none)
    console.log(`\n${label}: refused — ${e.message}${e.scope ? ` (needs: ${e.scope})` : ''}`);
  }
};
await show('GET /v1/users/me', 'GET /v1/users/me', tokens.access_token);
await show('GET /v1/preferences', 'GET /v1/preferences', tokens.access_token);

// Refresh once: the old refresh token is now spent; keep the new one.
tokens = await refresh(as, cfg, tokens.refresh_token!);
console.log('\nRefreshed: new access and refresh tokens.');
await show('GET /v1/preferences (refreshed token)', 'GET /v1/preferences', tokens.access_token);

// A call outside the app's registered scopes shows insufficient_scope (unless you registered analytics:read).
await show('GET /v1/analytics', 'GET /v1/analytics', tokens.access_token);

// Revocation: the user removes the app in MediaID → Connected apps; the very next call fails.
const rl = createInterface({ input: process.stdin, output: process.stdout });
await rl.question('\nTry it: revoke the app in Bucket (MediaID settings → Connected apps), then press Enter… ');
rl.close();
await show('GET /v1/preferences (after revoking)', 'GET /v1/preferences', tokens.access_token);
