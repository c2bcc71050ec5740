/**
 * The example client's core (examples/mediaid-client/mediaid.ts) against an in-process backend,
 * as a developer runs it against `npm start`: an app registered through register-app (as the
 * portal does), a fan who grants it on the consent page (mediaid_grants, then
 * approveAuthorization), then the example's code exchange at mediaid-token, API calls at
 * mediaid-api, refresh, insufficient_scope, a privacy switch and revocation through every door.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  callApi,
  discover,
  exchange,
  MediaIdApiError,
  refresh,
  type MediaIdConfig,
} from '../../../examples/mediaid-client/mediaid';
import { serviceClient, withBackend, type LocalBackend } from '../helpers/backend';
import { grant, person, revoke, type Actor } from '../mediaid-api/helpers';

const REDIRECT_URI = 'http://127.0.0.1:8787/callback';
let backend: LocalBackend;
let dev: Actor;

beforeAll(async () => {
  backend = await withBackend({
    siteUrl: 'http://localhost:4173',
    oauthServer: { enabled: true, authorizationUrlPath: '/oauth/consent', allowDynamicRegistration: false },
  });
  dev = await person(backend, ['developer'], {}, 'example-dev');
});
afterAll(async () => {
  await backend.stop();
});

/** An OAuth client made at Supabase Auth directly (admin API), with no Bucket registration. */
async function unregisteredClient(name: string): Promise<MediaIdConfig> {
  const { data, error } = await serviceClient(backend).auth.admin.oauth.createClient({
    client_name: name,
    redirect_uris: [REDIRECT_URI],
    token_endpoint_auth_method: 'client_secret_post',
  });
  if (error || !data) throw error ?? new Error('no client');
  return {
    supabaseUrl: backend.url,
    clientId: data.client_id,
    clientSecret: data.client_secret!,
    redirectUri: REDIRECT_URI,
  };
}

/** An app registered as the developer portal registers it (register-app); its config and row id. */
async function registered(name: string, scopes: string[]): Promise<MediaIdConfig & { appId: string }> {
  const { data, error } = await dev.client.functions.invoke('register-app', {
    body: { name, redirect_uris: [REDIRECT_URI], scopes },
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

/** The browser's part: follow the authorize URL to the consent page, where the fan (optionally granting first) allows. */
async function consent(cfg: MediaIdConfig, fan: Actor, beforeApprove: () => Promise<void> = async () => undefined) {
  const as = await discover(cfg);
  const pending = await authorizeUrl(as, cfg);
  const res = await fetch(pending.url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const consentPage = new URL(res.headers.get('location')!);
  expect(consentPage.origin + consentPage.pathname).toBe('http://localhost:4173/oauth/consent');
  const authorizationId = consentPage.searchParams.get('authorization_id')!;
  const details = await fan.client.auth.oauth.getAuthorizationDetails(authorizationId);
  expect(details.error).toBeNull();
  await beforeApprove();
  const approved = await fan.client.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true });
  expect(approved.error).toBeNull();
  return { as, pending, callback: new URL(approved.data!.redirect_url) };
}

async function refusal(p: Promise<unknown>): Promise<MediaIdApiError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(MediaIdApiError);
  return e as MediaIdApiError;
}

describe('the example client', () => {
  it('an OAuth client Bucket never registered cannot redeem its code at MediaID (invalid_client)', async () => {
    const cfg = await unregisteredClient('Unregistered');
    const fan = await person(backend, ['fan'], {}, 'example-fan');
    const { as, pending, callback } = await consent(cfg, fan);
    await expect(exchange(as, cfg, callback, pending)).rejects.toMatchObject({ error: 'invalid_client' });
    // nor could the fan grant it: a grant names a registered app
    const g = await grant(fan, cfg.clientId, 'fan', ['preferences:read']);
    expect(g.error?.message).toMatch(/no active Bucket app/);
  });

  it('signs a fan in, reads MediaID and preferences, refreshes, and is cut off by a switch and by revocation', async () => {
    const cfg = await registered('Crate Finder', ['media:read', 'preferences:read']);
    const fan = await person(backend, ['fan'], {}, 'example-fan');
    const { as, pending, callback } = await consent(cfg, fan, async () => {
      expect((await grant(fan, cfg.clientId, 'fan', ['media:read', 'preferences:read'])).error).toBeNull();
    });
    let tokens = await exchange(as, cfg, callback, pending);
    // opaque MediaID tokens, never a Supabase JWT; the scopes the grant allows
    expect(tokens.access_token).toMatch(/^mid_at_[0-9a-f]{64}$/);
    expect(tokens.refresh_token).toMatch(/^mid_rt_[0-9a-f]{64}$/);
    expect(tokens.scope).toBe('media:read preferences:read');

    expect(await callApi(cfg, tokens.access_token, 'GET /v1/users/me')).toMatchObject({
      id: fan.user.id,
      role: 'fan',
      location_code: 'GB',
      scopes: ['media:read', 'preferences:read'],
    });
    expect(await callApi(cfg, tokens.access_token, 'GET /v1/preferences')).toMatchObject({
      role: 'fan',
      interests: ['vinyl', 'live shows'],
      genre_preferences: ['fan-jazz', 'soul'],
      location_code: 'GB',
      withheld: [],
    });

    const next = await refresh(as, cfg, tokens.refresh_token!);
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    tokens = next;
    expect(await callApi(cfg, tokens.access_token, 'GET /v1/preferences')).toMatchObject({
      genre_preferences: ['fan-jazz', 'soul'],
    });

    const scope = await refusal(callApi(cfg, tokens.access_token, 'GET /v1/analytics'));
    expect(scope).toMatchObject({ status: 403, code: 'insufficient_scope', scope: 'analytics:read' });

    const { data: m } = await fan.client.from('media_ids').select('privacy_settings').eq('role', 'fan').single();
    await fan.client
      .from('media_ids')
      .update({ privacy_settings: { ...(m!.privacy_settings as object), location_access: false } })
      .eq('role', 'fan');
    const prefs = await callApi(cfg, tokens.access_token, 'GET /v1/preferences');
    expect(prefs).not.toHaveProperty('location_code');
    expect(prefs).toMatchObject({ withheld: ['location_code'] });

    expect((await revoke(fan, cfg.clientId)).error).toBeNull();
    const revoked = await refusal(callApi(cfg, tokens.access_token, 'GET /v1/preferences'));
    expect(revoked).toMatchObject({ status: 401, code: 'invalid_token' });
  });
});

describe('one revocation, through every door', () => {
  /** A fan connected to a registered app, holding the app's real tokens. */
  async function connected(tag: string) {
    const cfg = await registered(`Door ${tag}`, ['media:read', 'preferences:read']);
    const fan = await person(backend, ['fan'], {}, `door-${tag}`);
    const { as, pending, callback } = await consent(cfg, fan, async () => {
      expect((await grant(fan, cfg.clientId, 'fan', ['media:read', 'preferences:read'])).error).toBeNull();
    });
    const tokens = await exchange(as, cfg, callback, pending);
    expect(await callApi(cfg, tokens.access_token, 'GET /v1/preferences')).toMatchObject({ role: 'fan' });
    return { cfg, fan, as, pending, callback, tokens };
  }

  /** The access token reads nothing and the refresh token gives nothing. */
  async function endedEverywhere(
    as: Awaited<ReturnType<typeof discover>>,
    cfg: MediaIdConfig,
    tokens: { access_token: string; refresh_token?: string },
  ) {
    const e = await refusal(callApi(cfg, tokens.access_token, 'GET /v1/preferences'));
    expect(e).toMatchObject({ status: 401, code: 'invalid_token' });
    await expect(refresh(as, cfg, tokens.refresh_token!)).rejects.toThrow();
  }

  it('the grants API (supabase.auth.oauth.revokeGrant) ends the MediaID API for the app at once', async () => {
    const { cfg, fan, as, tokens } = await connected('grants-api');
    expect((await fan.client.auth.oauth.revokeGrant({ clientId: cfg.clientId })).error).toBeNull();
    await endedEverywhere(as, cfg, tokens);
  });

  it("deleting the app in the portal ends its tokens and its secret's use", async () => {
    const { cfg, as, tokens } = await connected('deleted');
    const gone = await dev.client.functions.invoke('register-app', {
      body: { action: 'delete', app_id: (cfg as MediaIdConfig & { appId: string }).appId },
    });
    expect(gone.error).toBeNull();
    await endedEverywhere(as, cfg, tokens);
  });

  it('a replayed authorization code ends the tokens of its first exchange', async () => {
    const { cfg, as, pending, callback, tokens } = await connected('replay');
    await expect(exchange(as, cfg, callback, pending)).rejects.toThrow();
    await endedEverywhere(as, cfg, tokens);
  });

  it('a rotated refresh token: reused within 10 s gives a pair, after that ends the whole sign-in', async () => {
    const { cfg, as, tokens } = await connected('reuse');
    const next = await refresh(as, cfg, tokens.refresh_token!);
    const sibling = await refresh(as, cfg, tokens.refresh_token!); // a client's concurrent refresh
    expect(sibling.access_token).not.toBe(next.access_token);
    // 11 s later (the server's clock, moved back for the test), the same token again: theft
    await backend.query(
      "update private.mediaid_tokens set used_at = used_at - interval '11 seconds' where token_hash = private.mediaid_hash($1)",
      [tokens.refresh_token],
    );
    await expect(refresh(as, cfg, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    for (const t of [next, sibling]) await endedEverywhere(as, cfg, t);
  });
});
