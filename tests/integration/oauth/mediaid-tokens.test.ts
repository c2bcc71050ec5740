// MediaID tokens, attacked as a malicious app would with its real credentials and tokens: an app
// registered in the portal (register-app) connects a fan through the real flow (authorize →
// consent → code → mediaid-token). Its tokens must reach the MediaID API and nothing else — no
// /auth/v1 account endpoint (read, password change, logout, grants, a session refresh), no table,
// no storage, no Edge Function — on any engine: they are not JWTs, so the guarantee does not rest on
// the local Auth's extra refusals (hosted GoTrue would accept a Supabase app JWT on /user). And the
// app cannot get a Supabase session another way: its secret does not work at Auth's own token
// endpoint. The token endpoint's refusals follow RFC 6749 §5.2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  callApi,
  discover,
  exchange,
  type MediaIdConfig,
} from '../../../examples/mediaid-client/mediaid';
import { createUserClient, uniqueEmail, type LocalBackend } from '../helpers/backend';
import { grant, person, type Actor } from '../mediaid-api/helpers';
import { oauthBackend, REDIRECT_URI } from './oauth-helpers';

let backend: LocalBackend;
let dev: Actor;

beforeAll(async () => {
  backend = (await oauthBackend()).backend;
  dev = await person(backend, ['developer'], {}, 'tokens-dev');
});
afterAll(async () => {
  await backend.stop();
});

async function registered(name: string): Promise<MediaIdConfig & { appId: string }> {
  const { data, error } = await dev.client.functions.invoke('register-app', {
    body: { name, redirect_uris: [REDIRECT_URI], scopes: ['media:read', 'preferences:read'] },
  });
  if (error) throw new Error(`register app: ${error.message}`);
  const made = data as { app: { id: string; client_id: string }; client_secret: string };
  return {
    supabaseUrl: backend.url,
    clientId: made.app.client_id,
    clientSecret: made.client_secret,
    redirectUri: REDIRECT_URI,
    appId: made.app.id,
  };
}

/** A fan (with a password) who connects `cfg` on the consent screen; the app's callback. */
async function consented(cfg: MediaIdConfig, tag: string) {
  const email = uniqueEmail(tag);
  const password = 'fan-password-1';
  const made = await createUserClient(backend, email, password);
  expect((await made.client.from('media_ids').insert({ user_uuid: made.user.id, role: 'fan' })).error).toBeNull();
  const fan: Actor = made;
  const as = await discover(cfg);
  const pending = await authorizeUrl(as, cfg);
  const res = await fetch(pending.url, { redirect: 'manual' });
  const authorizationId = new URL(res.headers.get('location')!).searchParams.get('authorization_id')!;
  expect((await fan.client.auth.oauth.getAuthorizationDetails(authorizationId)).error).toBeNull();
  expect((await grant(fan, cfg.clientId, 'fan', ['media:read', 'preferences:read'])).error).toBeNull();
  const approved = await fan.client.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true });
  expect(approved.error).toBeNull();
  return { fan, email, password, as, pending, callback: new URL(approved.data!.redirect_url) };
}

const form = (params: Record<string, string>) => new URLSearchParams(params);

function tokenRequest(body: URLSearchParams | string, headers: Record<string, string> = {}) {
  return fetch(`${backend.url}/functions/v1/mediaid-token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body,
  }).then(async (res) => ({ res, body: (await res.json()) as Record<string, unknown> }));
}

async function signsIn(email: string, password: string): Promise<boolean> {
  const res = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res.ok;
}

describe('an app holds MediaID tokens, which reach the MediaID API and nothing else', () => {
  it('no /auth/v1 account endpoint, table, storage or function accepts them; the account is untouched', async () => {
    const cfg = await registered('Grabby App');
    const { fan, email, password, as, pending, callback } = await consented(cfg, 'tokens-fan');
    const tokens = await exchange(as, cfg, callback, pending);
    expect(tokens.access_token).toMatch(/^mid_at_[0-9a-f]{64}$/);
    expect(await callApi(cfg, tokens.access_token, 'GET /v1/users/me')).toMatchObject({ id: fan.user.id });

    for (const token of [tokens.access_token, tokens.refresh_token!]) {
      const bearer = { apikey: backend.anonKey, Authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const attempts: [string, string, RequestInit][] = [
        ['read the user', '/auth/v1/user', { headers: bearer }],
        [
          'change the password',
          '/auth/v1/user',
          { method: 'PUT', headers: bearer, body: '{"password":"pwned-pass-9"}' },
        ],
        ['change the e-mail', '/auth/v1/user', { method: 'PUT', headers: bearer, body: '{"email":"x@evil.test"}' }],
        ['log the user out everywhere', '/auth/v1/logout?scope=global', { method: 'POST', headers: bearer }],
        ['list the user’s grants', '/auth/v1/user/oauth/grants', { headers: bearer }],
        ['read userinfo', '/auth/v1/oauth/userinfo', { headers: bearer }],
        ['enrol a factor', '/auth/v1/factors', { method: 'POST', headers: bearer, body: '{"factor_type":"totp"}' }],
        ['read profiles', '/rest/v1/profiles?select=*', { headers: bearer }],
        ['call a sync RPC', '/rest/v1/rpc/sync_pull', { method: 'POST', headers: bearer, body: '{}' }],
        ['list storage', '/storage/v1/object/list/media', { method: 'POST', headers: bearer, body: '{"prefix":""}' }],
        ['register an app', '/functions/v1/register-app', { method: 'POST', headers: bearer, body: '{}' }],
      ];
      for (const [what, path, init] of attempts) {
        const res = await fetch(`${backend.url}${path}`, init);
        expect(res.status, `${what} with an app token`).toBeGreaterThanOrEqual(400);
        expect(await res.text(), what).not.toContain(fan.user.id);
      }
      // the refresh token is no Auth session's refresh token either
      const asSession = await fetch(`${backend.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: token }),
      });
      expect(asSession.ok).toBe(false);
    }
    expect(await signsIn(email, password)).toBe(true);
    expect(await signsIn(email, 'pwned-pass-9')).toBe(false);
    expect((await fan.client.auth.getUser()).data.user?.email).toBe(email);
    // …and the app still reads what the fan allowed
    expect(await callApi(cfg, tokens.access_token, 'GET /v1/preferences')).toMatchObject({ role: 'fan' });
  });

  it('the app cannot redeem its code at Supabase Auth for a session: its secret is not Supabase’s', async () => {
    const cfg = await registered('Shortcut App');
    const { as, pending, callback } = await consented(cfg, 'tokens-shortcut');
    const code = callback.searchParams.get('code')!;
    const direct = await fetch(`${backend.url}/auth/v1/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: pending.verifier,
        client_id: cfg.clientId,
        client_secret: cfg.clientSecret,
      }),
    });
    expect(direct.status).toBe(400);
    const body = (await direct.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty('access_token');
    // the code was not spent by the refused attempt: MediaID redeems it
    const tokens = await exchange(as, cfg, callback, pending);
    expect(tokens.access_token).toMatch(/^mid_at_/);
  });
});

describe('the token endpoint refuses as RFC 6749 §5.2 says', () => {
  it('no credentials, a wrong secret (post or Basic), another method or body, an unknown grant type', async () => {
    const cfg = await registered('Strict App');
    const base = { grant_type: 'refresh_token', refresh_token: 'mid_rt_nope' };
    const none = await tokenRequest(form(base));
    expect(none.res.status).toBe(401);
    expect(none.body.error).toBe('invalid_client');
    const wrong = await tokenRequest(form({ ...base, client_id: cfg.clientId, client_secret: `${cfg.clientSecret}x` }));
    expect(wrong).toMatchObject({ res: { status: 401 }, body: { error: 'invalid_client' } });
    const basicWrong = await tokenRequest(form(base), {
      Authorization: `Basic ${btoa(`${cfg.clientId}:not-the-secret`)}`,
    });
    expect(basicWrong.res.status).toBe(401);
    expect(basicWrong.res.headers.get('WWW-Authenticate')).toBe('Basic realm="MediaID"');
    // right credentials by Basic: the refresh token is what is wrong now
    const basicRight = await tokenRequest(form(base), {
      Authorization: `Basic ${btoa(`${cfg.clientId}:${cfg.clientSecret}`)}`,
    });
    expect(basicRight).toMatchObject({ res: { status: 400 }, body: { error: 'invalid_grant' } });
    expect(basicRight.res.headers.get('Cache-Control')).toBe('no-store');
    const creds = { client_id: cfg.clientId, client_secret: cfg.clientSecret };
    const json = await tokenRequest(JSON.stringify({ ...base, ...creds }), { 'Content-Type': 'application/json' });
    expect(json).toMatchObject({ res: { status: 400 }, body: { error: 'invalid_request' } });
    const implicit = await tokenRequest(form({ grant_type: 'password', username: 'a', password: 'b', ...creds }));
    expect(implicit).toMatchObject({ res: { status: 400 }, body: { error: 'unsupported_grant_type' } });
    const get = await fetch(`${backend.url}/functions/v1/mediaid-token`);
    expect(get.status).toBe(405);
  });

  it('a refresh token works only for its own app, and not once the app is disabled', async () => {
    const [a, b] = [await registered('App A'), await registered('App B')];
    const { as, pending, callback } = await consented(a, 'tokens-cross');
    const tokens = await exchange(as, a, callback, pending);
    const byB = await tokenRequest(
      form({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        client_id: b.clientId,
        client_secret: b.clientSecret,
      }),
    );
    expect(byB).toMatchObject({ res: { status: 400 }, body: { error: 'invalid_grant' } });
    // the developer disables app A (the portal's switch, synced as a row update)
    const off = await dev.client.from('developer_apps').update({ status: 'disabled' }).eq('id', a.appId).select();
    expect(off.error).toBeNull();
    const byA = await tokenRequest(
      form({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        client_id: a.clientId,
        client_secret: a.clientSecret,
      }),
    );
    expect(byA).toMatchObject({ res: { status: 401 }, body: { error: 'invalid_client' } });
    await expect(callApi(a, tokens.access_token, 'GET /v1/users/me')).rejects.toMatchObject({
      status: 401,
      code: 'invalid_token',
    });
  });
});
