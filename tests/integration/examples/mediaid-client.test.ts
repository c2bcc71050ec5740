/**
 * The example client's core (examples/mediaid-client/mediaid.ts) against an in-process backend,
 * as a developer runs it against `npm start`: an OAuth client from Supabase Auth's admin API, the
 * app's Bucket registration (developer_apps, its scopes), a fan who grants it on the consent page
 * (mediaid_grants, then approveAuthorization), then the example's code exchange, API calls,
 * refresh, insufficient_scope, a privacy switch and revocation.
 */
import { createHash, randomUUID } from 'node:crypto';
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

/** An OAuth client (admin API, service role) as the developer portal creates it. */
async function oauthClient(name: string): Promise<MediaIdConfig> {
  const { data, error } = await serviceClient(backend).auth.admin.oauth.createClient({
    client_name: name,
    redirect_uris: [REDIRECT_URI],
    token_endpoint_auth_method: 'client_secret_post',
  });
  if (error || !data) throw error ?? new Error('no client');
  return {
    supabaseUrl: backend.url,
    anonKey: backend.anonKey,
    clientId: data.client_id,
    clientSecret: data.client_secret,
    redirectUri: REDIRECT_URI,
  };
}

/** The app's Bucket registration (service role, as the portal's server side writes it); the error when refused. */
async function register(cfg: MediaIdConfig, scopes: string[]) {
  return serviceClient(backend)
    .from('developer_apps')
    .insert({
      id: randomUUID(),
      owner_id: dev.user.id,
      name: 'Crate Finder',
      client_id: cfg.clientId,
      client_secret_hash: createHash('sha256').update(cfg.clientSecret!).digest('hex'),
      client_secret_last4: cfg.clientSecret!.slice(-4),
      redirect_uris: [REDIRECT_URI],
      scopes,
    });
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
  it('an OAuth client Bucket never registered signs the user in but reads nothing (invalid_token)', async () => {
    const cfg = await oauthClient('Unregistered');
    const fan = await person(backend, ['fan'], {}, 'example-fan');
    const { as, pending, callback } = await consent(cfg, fan);
    const tokens = await exchange(as, cfg, callback, pending);
    for (const call of ['api_users_me', 'api_get_preferences'] as const) {
      const e = await refusal(callApi(cfg, tokens.access_token, call));
      expect(e).toMatchObject({ status: 403, code: 'invalid_token' });
    }
    // nor could the fan grant it: a grant names a registered app
    const g = await grant(fan, cfg.clientId, 'fan', ['preferences:read']);
    expect(g.error?.message).toMatch(/no active Bucket app/);
  });

  it('signs a fan in, reads MediaID and preferences, refreshes, and is cut off by a switch and by revocation', async (ctx) => {
    const cfg = await oauthClient('Crate Finder');
    const reg = await register(cfg, ['media:read', 'preferences:read']);
    if (reg.error?.message.includes('developer_apps_client_id_check')) {
      // Blocked on this branch: developer_apps.client_id accepts only bkt_ ids until migration
      // 20261127700000_mediaid_consent.sql (branch h-consent) lets it name an OAuth client UUID.
      ctx.skip();
    }
    expect(reg.error).toBeNull();
    const fan = await person(backend, ['fan'], {}, 'example-fan');
    const { as, pending, callback } = await consent(cfg, fan, async () => {
      expect((await grant(fan, cfg.clientId, 'fan', ['media:read', 'preferences:read'])).error).toBeNull();
    });
    let tokens = await exchange(as, cfg, callback, pending);

    expect(await callApi(cfg, tokens.access_token, 'api_users_me')).toMatchObject({
      id: fan.user.id,
      role: 'fan',
      location_code: 'GB',
      scopes: ['media:read', 'preferences:read'],
    });
    expect(await callApi(cfg, tokens.access_token, 'api_get_preferences')).toMatchObject({
      role: 'fan',
      interests: ['vinyl', 'live shows'],
      genre_preferences: ['fan-jazz', 'soul'],
      location_code: 'GB',
      withheld: [],
    });

    const next = await refresh(as, cfg, tokens.refresh_token!);
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    tokens = next;
    expect(await callApi(cfg, tokens.access_token, 'api_get_preferences')).toMatchObject({
      genre_preferences: ['fan-jazz', 'soul'],
    });

    const scope = await refusal(callApi(cfg, tokens.access_token, 'api_get_analytics'));
    expect(scope).toMatchObject({ status: 403, code: 'insufficient_scope', hint: 'analytics:read' });

    const { data: m } = await fan.client.from('media_ids').select('privacy_settings').eq('role', 'fan').single();
    await fan.client
      .from('media_ids')
      .update({ privacy_settings: { ...(m!.privacy_settings as object), location_access: false } })
      .eq('role', 'fan');
    const prefs = await callApi(cfg, tokens.access_token, 'api_get_preferences');
    expect(prefs).not.toHaveProperty('location_code');
    expect(prefs).toMatchObject({ withheld: ['location_code'] });

    expect((await revoke(fan, cfg.clientId)).error).toBeNull();
    const revoked = await refusal(callApi(cfg, tokens.access_token, 'api_get_preferences'));
    expect(revoked).toMatchObject({ status: 403, code: 'invalid_token' });
  });
});

describe('one revocation, through every door (issue 38)', () => {
  /** A fan connected to a registered app, holding the app's real tokens. */
  async function connected(tag: string) {
    const cfg = await oauthClient(`Door ${tag}`);
    expect((await register(cfg, ['media:read', 'preferences:read'])).error).toBeNull();
    const fan = await person(backend, ['fan'], {}, `door-${tag}`);
    const { as, pending, callback } = await consent(cfg, fan, async () => {
      expect((await grant(fan, cfg.clientId, 'fan', ['media:read', 'preferences:read'])).error).toBeNull();
    });
    const tokens = await exchange(as, cfg, callback, pending);
    expect(await callApi(cfg, tokens.access_token, 'api_get_preferences')).toMatchObject({ role: 'fan' });
    return { cfg, fan, as, pending, callback, tokens };
  }

  async function endedEverywhere(cfg: MediaIdConfig, tokens: { access_token: string; refresh_token?: string }) {
    const e = await refusal(callApi(cfg, tokens.access_token, 'api_get_preferences'));
    expect(e).toMatchObject({ status: 403, code: 'invalid_token' });
    const info = await fetch(`${backend.url}/auth/v1/oauth/userinfo`, {
      headers: { apikey: backend.anonKey, Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(info.status).toBe(403);
  }

  it('the grants API (supabase.auth.oauth.revokeGrant) ends the MediaID API for the app at once', async () => {
    const { cfg, fan, as, tokens } = await connected('grants-api');
    expect((await fan.client.auth.oauth.revokeGrant({ clientId: cfg.clientId })).error).toBeNull();
    await endedEverywhere(cfg, tokens);
    await expect(refresh(as, cfg, tokens.refresh_token!)).rejects.toThrow();
  });

  it('deleting the OAuth client ends its tokens', async () => {
    const { cfg, tokens } = await connected('deleted');
    expect((await serviceClient(backend).auth.admin.oauth.deleteClient(cfg.clientId)).error).toBeNull();
    await endedEverywhere(cfg, tokens);
  });

  it('a replayed authorization code ends the tokens of its first exchange', async () => {
    const { cfg, as, pending, callback, tokens } = await connected('replay');
    await expect(exchange(as, cfg, callback, pending)).rejects.toThrow();
    await endedEverywhere(cfg, tokens);
  });
});
