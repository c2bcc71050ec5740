// The OAuth 2.1 authorization-code flow with PKCE, end to end, as a third-party app using
// oauth4webapi sees it: discovery, consent through supabase-js, tokens that are ordinary Supabase
// JWTs carrying client_id and scope, refresh rotation and reuse detection, grants and revocation.
import * as oauth from 'oauth4webapi';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOptions, createUserClient, uniqueEmail, type LocalBackend } from '../helpers/backend';
import {
  approve,
  claimsOf,
  discover,
  exchange,
  insecure,
  oauthBackend,
  registerClient,
  startAuthorization,
  type OAuthBackend,
} from './oauth-helpers';

let env: OAuthBackend;
let backend: LocalBackend;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  env = await oauthBackend();
  backend = env.backend;
  as = await discover(backend);
});
afterAll(async () => {
  await backend.stop();
});

async function refresh(reg: Awaited<ReturnType<typeof registerClient>>, token: string): Promise<Response> {
  return oauth.refreshTokenGrantRequest(as, reg.client, reg.auth, token, insecure);
}

describe('discovery', () => {
  it('serves RFC 8414 metadata for issuer <url>/auth/v1 at the path-inserted and the issuer-relative URLs', async () => {
    expect(as.issuer).toBe(`${backend.url}/auth/v1`);
    expect(as.authorization_endpoint).toBe(`${backend.url}/auth/v1/oauth/authorize`);
    expect(as.token_endpoint).toBe(`${backend.url}/auth/v1/oauth/token`);
    expect(as.code_challenge_methods_supported).toContain('S256');
    const relative = await fetch(`${backend.url}/auth/v1/.well-known/oauth-authorization-server`);
    expect(await relative.json()).toEqual(JSON.parse(JSON.stringify(as)));
    const jwks = await fetch(`${backend.url}/auth/v1/.well-known/jwks.json`);
    // GoTrue never publishes a symmetric key, and HS256 is all this backend has
    expect(await jwks.json()).toEqual({ keys: [] });
  });
});

describe('authorization code + PKCE', () => {
  it('signs a user in for the app: consent, code, tokens carrying client_id and scope', async () => {
    const reg = await registerClient(backend);
    const { client: user, user: me } = await createUserClient(backend, uniqueEmail('oauth-fan'), 'secret-password-1');
    const started = await startAuthorization(as, reg.client);

    const details = await user.auth.oauth.getAuthorizationDetails(started.authorizationId);
    expect(details.error).toBeNull();
    expect(details.data).toMatchObject({
      authorization_id: started.authorizationId,
      redirect_uri: 'http://localhost:7777/callback',
      client: { id: reg.client.client_id, name: 'Tape Deck' },
      user: { id: me.id, email: me.email },
      scope: 'email profile',
    });

    const callback = await approve(user, started.authorizationId);
    expect(callback.searchParams.get('state')).toBe(started.state);
    const tokens = await exchange(as, reg, callback, started);
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens).not.toHaveProperty('user');
    const claims = claimsOf(tokens.access_token);
    expect(claims).toMatchObject({
      sub: me.id,
      role: 'authenticated',
      aud: 'authenticated',
      client_id: reg.client.client_id,
      scope: 'email profile',
      iss: `${backend.url}/auth/v1`,
      aal: 'aal1',
    });
    expect(claims.session_id).toEqual(expect.any(String));
    expect(claims.amr).toEqual([{ method: 'oauth_provider/authorization_code', timestamp: expect.any(Number) }]);

    // the app reads the user's OIDC claims with its token
    const info = await oauth.processUserInfoResponse(
      as,
      reg.client,
      me.id,
      await oauth.userInfoRequest(as, reg.client, tokens.access_token, insecure),
    );
    expect(info).toMatchObject({ sub: me.id, email: me.email, email_verified: true });
  });

  it('reaches PostgREST as the user, with auth.jwt() ->> client_id visible to SQL', async () => {
    await backend.query(`create or replace function public.oauth_test_whoami() returns jsonb language sql stable as
      $$ select jsonb_build_object('uid', auth.uid(), 'client_id', auth.jwt() ->> 'client_id', 'scope', auth.jwt() ->> 'scope') $$`);
    await backend.query('revoke all on function public.oauth_test_whoami() from public, anon');
    await backend.query('grant execute on function public.oauth_test_whoami() to authenticated');
    const reg = await registerClient(backend);
    const { client: user, user: me } = await createUserClient(backend, uniqueEmail('oauth-rest'), 'secret-password-1');
    const started = await startAuthorization(as, reg.client);
    const tokens = await exchange(as, reg, await approve(user, started.authorizationId), started);
    const app = createClient(backend.url, backend.anonKey, {
      ...clientOptions(),
      global: { headers: { Authorization: `Bearer ${tokens.access_token}` } },
    });
    const { data, error } = await app.rpc('oauth_test_whoami');
    expect(error).toBeNull();
    expect(data).toEqual({ uid: me.id, client_id: reg.client.client_id, scope: 'email profile' });
    // the user's own session carries no client_id
    const own = await user.rpc('oauth_test_whoami');
    expect(own.data).toEqual({ uid: me.id, client_id: null, scope: null });
  });

  it('asks again only for more scopes: a granted request is approved at once', async () => {
    const reg = await registerClient(backend);
    const { client: user } = await createUserClient(backend, uniqueEmail('oauth-again'), 'secret-password-1');
    const first = await startAuthorization(as, reg.client);
    await exchange(as, reg, await approve(user, first.authorizationId), first);

    const same = await startAuthorization(as, reg.client, { scope: 'email' });
    const details = await user.auth.oauth.getAuthorizationDetails(same.authorizationId);
    expect(details.data).toEqual({ redirect_url: expect.stringContaining('code=') });
    const tokens = await exchange(as, reg, new URL((details.data as { redirect_url: string }).redirect_url), same);
    expect(claimsOf(tokens.access_token).scope).toBe('email');

    const wider = await startAuthorization(as, reg.client, { scope: 'email profile phone' });
    const asked = await user.auth.oauth.getAuthorizationDetails(wider.authorizationId);
    expect(asked.data).toMatchObject({ authorization_id: wider.authorizationId, scope: 'email profile phone' });
  });
});

describe('refresh tokens', () => {
  async function signedInApp() {
    const reg = await registerClient(backend);
    const { client: user } = await createUserClient(backend, uniqueEmail('oauth-refresh'), 'secret-password-1');
    const started = await startAuthorization(as, reg.client);
    const tokens = await exchange(as, reg, await approve(user, started.authorizationId), started);
    return { reg, user, tokens };
  }

  it('rotate on every use and keep the client_id and scope', async () => {
    const { reg, tokens } = await signedInApp();
    const next = await oauth.processRefreshTokenResponse(as, reg.client, await refresh(reg, tokens.refresh_token!));
    expect(next.refresh_token).toBeTruthy();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(claimsOf(next.access_token)).toMatchObject({ client_id: reg.client.client_id, scope: 'email profile' });
    expect(claimsOf(next.access_token).session_id).toBe(claimsOf(tokens.access_token).session_id);
  });

  it('a rotated token reused after the reuse interval revokes the whole family', async () => {
    const { reg, tokens } = await signedInApp();
    const r1 = tokens.refresh_token!;
    const r2 = (await oauth.processRefreshTokenResponse(as, reg.client, await refresh(reg, r1))).refresh_token!;
    const r3 = (await oauth.processRefreshTokenResponse(as, reg.client, await refresh(reg, r2))).refresh_token!;
    env.advance(11_000); // past GoTrue's 10 s refresh_token_reuse_interval
    const reused = await refresh(reg, r1);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({
      error_code: 'refresh_token_already_used',
      msg: 'Invalid Refresh Token: Already Used',
    });
    // the current token of the family is dead too
    const after = await refresh(reg, r3);
    expect(after.status).toBe(400);
    expect(await after.json()).toMatchObject({ error_code: 'refresh_token_already_used' });
  });

  it('belong to their client: another client, or none, cannot refresh them', async () => {
    const { reg, tokens } = await signedInApp();
    const other = await registerClient(backend);
    const stolen = await oauth.refreshTokenGrantRequest(as, other.client, other.auth, tokens.refresh_token!, insecure);
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toEqual({
      error: 'invalid_client',
      error_description: "Client does not match the session's OAuth client",
    });
    const plain = await fetch(`${backend.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: tokens.refresh_token }),
    });
    expect(plain.status).toBe(400);
    expect(await plain.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication required for OAuth session',
    });
    // neither attempt consumed it
    await oauth.processRefreshTokenResponse(as, reg.client, await refresh(reg, tokens.refresh_token!));
  });
});

describe('grants', () => {
  it('lists the apps a user allowed; revoking one kills its refresh tokens and forgets the consent', async () => {
    const reg = await registerClient(backend);
    const { client: user } = await createUserClient(backend, uniqueEmail('oauth-grants'), 'secret-password-1');
    const started = await startAuthorization(as, reg.client);
    const tokens = await exchange(as, reg, await approve(user, started.authorizationId), started);

    const listed = await user.auth.oauth.listGrants();
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual([
      {
        client: { id: reg.client.client_id, name: 'Tape Deck' },
        scopes: ['email', 'profile'],
        granted_at: expect.any(String),
      },
    ]);

    const revoked = await user.auth.oauth.revokeGrant({ clientId: reg.client.client_id });
    expect(revoked.error).toBeNull();
    expect((await user.auth.oauth.listGrants()).data).toEqual([]);
    const res = await refresh(reg, tokens.refresh_token!);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: 'refresh_token_not_found' });
    // the user's own session is untouched
    expect((await user.auth.getUser()).error).toBeNull();
    // and the next authorization asks again
    const again = await startAuthorization(as, reg.client);
    const details = await user.auth.oauth.getAuthorizationDetails(again.authorizationId);
    expect(details.data).toMatchObject({ authorization_id: again.authorizationId });

    const twice = await user.auth.oauth.revokeGrant({ clientId: reg.client.client_id });
    expect(twice.error).toMatchObject({ status: 404, code: 'oauth_consent_not_found' });
  });
});
