// Attacks with a real app token: an access token a third-party app got through the
// OAuth flow must not act on the user's account. It may call /oauth/userinfo (and the MediaID
// API, tests/integration/mediaid-api); every account endpoint of /auth/v1 refuses it: reading or
// changing the user, logging out, listing or revoking grants, reading or deciding consents.
// Also: a rotated refresh token reused after the reuse interval ends the family even when it is
// the parent of the live token, and a replayed authorization code ends the tokens of its first
// exchange (OAuth 2.1 §4.1.3).
import * as oauth from 'oauth4webapi';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOptions, createUserClient, uniqueEmail, type LocalBackend } from '../helpers/backend';
import {
  REDIRECT_URI,
  approve,
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

/** A fan who connected an app: the fan's own client, password, and the app's tokens. */
async function connectedApp(tag: string) {
  const email = uniqueEmail(tag);
  const password = 'secret-password-1';
  const { client: user, user: me } = await createUserClient(backend, email, password);
  const reg = await registerClient(backend, 'client_secret_post');
  const started = await startAuthorization(as, reg.client, { scope: 'email' });
  const tokens = await exchange(as, reg, await approve(user, started.authorizationId), started);
  return { email, password, user, me, reg, tokens };
}

function auth(path: string, token: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${backend.url}/auth/v1${path}`, {
    ...init,
    headers: {
      apikey: backend.anonKey,
      Authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

async function passwordSignIn(email: string, password: string): Promise<number> {
  const res = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

const refused = { error_code: 'oauth_client_token_not_allowed' };

describe('an app token on the account endpoints', () => {
  it('cannot change the password: the fan keeps theirs, the app cannot sign in with its own', async () => {
    const { email, password, tokens } = await connectedApp('app-token-password');
    const res = await auth('/user', tokens.access_token, {
      method: 'PUT',
      body: JSON.stringify({ password: 'attacker-pass-1' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject(refused);
    expect(await passwordSignIn(email, 'attacker-pass-1')).toBe(400);
    expect(await passwordSignIn(email, password)).toBe(200);
  });

  it('cannot read or change the user, nor their metadata', async () => {
    const { user, tokens } = await connectedApp('app-token-user');
    const read = await auth('/user', tokens.access_token);
    expect(read.status).toBe(403);
    const write = await auth('/user', tokens.access_token, {
      method: 'PUT',
      body: JSON.stringify({ data: { display_name: 'pwned' } }),
    });
    expect(write.status).toBe(403);
    expect(await write.json()).toMatchObject(refused);
    const { data } = await user.auth.getUser();
    expect(data.user?.user_metadata.display_name).not.toBe('pwned');
  });

  it('cannot log the user out everywhere', async () => {
    const { user, tokens } = await connectedApp('app-token-logout');
    const res = await auth('/logout?scope=global', tokens.access_token, { method: 'POST' });
    expect(res.status).toBe(403);
    const { data, error } = await user.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).not.toBeNull();
  });

  it("cannot list or revoke the user's other apps", async () => {
    const { user, tokens } = await connectedApp('app-token-grants');
    const other = await registerClient(backend, 'client_secret_post');
    const started = await startAuthorization(as, other.client, { scope: 'email' });
    await approve(user, started.authorizationId);

    const list = await auth('/user/oauth/grants', tokens.access_token);
    expect(list.status).toBe(403);
    const revoke = await auth(`/user/oauth/grants?client_id=${other.client.client_id}`, tokens.access_token, {
      method: 'DELETE',
    });
    expect(revoke.status).toBe(403);
    const { data } = await user.auth.oauth.listGrants();
    expect(data?.map((g) => g.client.id)).toContain(other.client.client_id);
  });

  it('cannot read or approve a consent for itself with wider scopes', async () => {
    const { reg, tokens } = await connectedApp('app-token-consent');
    const wider = await startAuthorization(as, reg.client, { scope: 'email profile phone' });
    const details = await auth(`/oauth/authorizations/${wider.authorizationId}`, tokens.access_token);
    expect(details.status).toBe(403);
    const consent = await auth(`/oauth/authorizations/${wider.authorizationId}/consent`, tokens.access_token, {
      method: 'POST',
      body: JSON.stringify({ action: 'approve' }),
    });
    expect(consent.status).toBe(403);
    expect(await consent.json()).toMatchObject(refused);
  });

  it('still reads /oauth/userinfo within its scopes, and supabase-js as the app is refused on getUser', async () => {
    const { me, tokens } = await connectedApp('app-token-userinfo');
    const info = await auth('/oauth/userinfo', tokens.access_token);
    expect(info.status).toBe(200);
    expect(await info.json()).toEqual({ sub: me.id, email: me.email, email_verified: true });
    const { error } = await createClient(backend.url, backend.anonKey, clientOptions()).auth.getUser(
      tokens.access_token,
    );
    expect(error?.status).toBe(403);
  });
});

describe('refresh-token reuse', () => {
  it('the parent of the live token, reused after the interval, ends the whole family', async () => {
    const { reg, tokens } = await connectedApp('app-token-reuse');
    const r1 = tokens.refresh_token!;
    const next = await oauth.processRefreshTokenResponse(
      as,
      reg.client,
      await oauth.refreshTokenGrantRequest(as, reg.client, reg.auth, r1, insecure),
    );
    env.advance(11_000); // past GoTrue's 10 s refresh_token_reuse_interval
    const reused = await oauth.refreshTokenGrantRequest(as, reg.client, reg.auth, r1, insecure);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error_code: 'refresh_token_already_used' });
    const live = await oauth.refreshTokenGrantRequest(as, reg.client, reg.auth, next.refresh_token!, insecure);
    expect(live.status).toBe(400);
  });
});

describe('authorization code replay', () => {
  it('a code exchanged twice is refused, and the tokens of its first exchange stop working', async () => {
    const { client: user } = await createUserClient(backend, uniqueEmail('app-token-replay'), 'secret-password-1');
    const reg = await registerClient(backend, 'client_secret_post');
    const started = await startAuthorization(as, reg.client, { scope: 'email' });
    const callback = await approve(user, started.authorizationId);
    const tokens = await exchange(as, reg, callback, started);
    expect((await auth('/oauth/userinfo', tokens.access_token)).status).toBe(200);

    const replay = await oauth.authorizationCodeGrantRequest(
      as,
      reg.client,
      reg.auth,
      oauth.validateAuthResponse(as, reg.client, callback, started.state),
      REDIRECT_URI,
      started.verifier,
      insecure,
    );
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await auth('/oauth/userinfo', tokens.access_token)).status).toBe(403);
    const refreshed = await oauth.refreshTokenGrantRequest(as, reg.client, reg.auth, tokens.refresh_token!, insecure);
    expect(refreshed.status).toBe(400);
  });
});
