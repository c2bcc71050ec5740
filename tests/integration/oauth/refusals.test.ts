// What the OAuth 2.1 server refuses, with GoTrue's status codes and error bodies: PKCE (wrong or
// missing verifier, RFC 7636 Appendix B's vector accepted), single-use and short-lived codes,
// exact redirect URIs, unknown clients, denied consent, client authentication.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { s256 } from '../../../supabase/local/auth/oauth-token';
import { createUserClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';
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

const RFC7636_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC7636_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

let env: OAuthBackend;
let backend: LocalBackend;
let as: oauth.AuthorizationServer;
let user: SupabaseClient;

beforeAll(async () => {
  env = await oauthBackend();
  backend = env.backend;
  as = await discover(backend);
  user = (await createUserClient(backend, uniqueEmail('oauth-refusals'), 'secret-password-1')).client;
});
afterAll(async () => {
  await backend.stop();
});

/** POSTs a code exchange by hand (oauth4webapi would refuse to send some of these). */
async function tokenRequest(fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(as.token_endpoint!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  });
}

async function approvedCode(reg: Awaited<ReturnType<typeof registerClient>>, extra: Record<string, string> = {}) {
  const started = await startAuthorization(as, reg.client, extra);
  const callback = await approve(user, started.authorizationId);
  return { ...started, callback, code: callback.searchParams.get('code')! };
}

function authorizeUrl(params: Record<string, string>): URL {
  const url = new URL(as.authorization_endpoint!);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url;
}

describe('PKCE', () => {
  it("S256 is RFC 7636 Appendix B's vector", () => {
    expect(s256(RFC7636_VERIFIER)).toBe(RFC7636_CHALLENGE);
  });

  it("accepts the RFC's verifier for the RFC's challenge, refuses a wrong verifier", async () => {
    const reg = await registerClient(backend);
    const ok = await approvedCode(reg, { code_challenge: RFC7636_CHALLENGE });
    const tokens = await exchange(as, reg, ok.callback, { state: ok.state, verifier: RFC7636_VERIFIER });
    expect(tokens.access_token).toBeTruthy();

    const bad = await approvedCode(reg, { code_challenge: RFC7636_CHALLENGE });
    const params = oauth.validateAuthResponse(as, reg.client, bad.callback, bad.state);
    const res = await oauth.authorizationCodeGrantRequest(
      as,
      reg.client,
      reg.auth,
      params,
      REDIRECT_URI,
      oauth.generateRandomCodeVerifier(),
      insecure,
    );
    const err = await oauth.processAuthorizationCodeResponse(as, reg.client, res).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(oauth.ResponseBodyError);
    expect((err as oauth.ResponseBodyError).error).toBe('invalid_grant');
    expect((err as oauth.ResponseBodyError).error_description).toBe(
      'PKCE verification failed: code challenge does not match previously saved code verifier',
    );
  });

  it('is required: no challenge is sent back to the app as invalid_request, with its state', async () => {
    const reg = await registerClient(backend);
    const res = await fetch(
      authorizeUrl({ client_id: reg.client.client_id, redirect_uri: REDIRECT_URI, response_type: 'code', state: 's1' }),
      {
        redirect: 'manual',
      },
    );
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'invalid_request',
      error_description: 'PKCE flow requires both code_challenge and code_challenge_method',
      state: 's1',
    });
  });

  it('a code exchanged without its verifier is refused', async () => {
    const reg = await registerClient(backend);
    const { code } = await approvedCode(reg);
    const res = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      client_id: reg.client.client_id,
      redirect_uri: REDIRECT_URI,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'PKCE verification failed: code_verifier is required when PKCE challenge is present',
    });
  });
});

describe('codes', () => {
  it('are single-use', async () => {
    const reg = await registerClient(backend);
    const got = await approvedCode(reg);
    await exchange(as, reg, got.callback, got);
    const again = await tokenRequest({
      grant_type: 'authorization_code',
      code: got.code,
      client_id: reg.client.client_id,
      code_verifier: got.verifier,
    });
    expect(await again.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid authorization code' });
  });

  it('two simultaneous exchanges of one code: exactly one gets tokens', async () => {
    const reg = await registerClient(backend);
    const got = await approvedCode(reg);
    const fields = {
      grant_type: 'authorization_code',
      code: got.code,
      client_id: reg.client.client_id,
      code_verifier: got.verifier,
    };
    const answers = await Promise.all([tokenRequest(fields), tokenRequest(fields), tokenRequest(fields)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });

  it('expire with their authorization request (10 minutes)', async () => {
    const reg = await registerClient(backend);
    const got = await approvedCode(reg);
    env.advance(10 * 60_000 + 1000);
    const res = await tokenRequest({
      grant_type: 'authorization_code',
      code: got.code,
      client_id: reg.client.client_id,
      code_verifier: got.verifier,
    });
    expect(await res.json()).toEqual({ error: 'invalid_grant', error_description: 'Authorization code has expired' });
    // and a consent page opened too late finds nothing
    const late = await startAuthorization(as, reg.client);
    env.advance(10 * 60_000 + 1000);
    const details = await user.auth.oauth.getAuthorizationDetails(late.authorizationId);
    expect(details.error).toMatchObject({ status: 404, code: 'oauth_authorization_not_found' });
  });

  it('belong to the client they were issued for, and to its redirect_uri', async () => {
    const reg = await registerClient(backend);
    const other = await registerClient(backend);
    const got = await approvedCode(reg);
    const stolen = await tokenRequest({
      grant_type: 'authorization_code',
      code: got.code,
      client_id: other.client.client_id,
      code_verifier: got.verifier,
    });
    expect(await stolen.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Authorization code was not issued for this client',
    });
    const moved = await tokenRequest({
      grant_type: 'authorization_code',
      code: got.code,
      client_id: reg.client.client_id,
      code_verifier: got.verifier,
      redirect_uri: 'http://localhost:7777/elsewhere',
    });
    expect(await moved.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid redirect_uri' });
    // neither attempt used it up
    await exchange(as, reg, got.callback, got);
  });
});

describe('/oauth/authorize before the redirect URI is trusted', () => {
  it('answers a redirect_uri that is not registered exactly with JSON, never a redirect', async () => {
    const reg = await registerClient(backend);
    for (const uri of [
      'http://localhost:7777/callback/',
      'http://localhost:7777/callback?x=1',
      'http://evil.example/callback',
    ]) {
      const res = await fetch(
        authorizeUrl({
          client_id: reg.client.client_id,
          redirect_uri: uri,
          code_challenge: RFC7636_CHALLENGE,
          code_challenge_method: 'S256',
        }),
        { redirect: 'manual' },
      );
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.json()).toMatchObject({ error_code: 'validation_failed', msg: 'invalid redirect_uri' });
    }
  });

  it('answers an unknown client with 400 oauth_client_not_found', async () => {
    const unknown = await fetch(
      authorizeUrl({ client_id: '6f1c2b8e-3a71-4a55-9d1e-0b2f5a7c9d10', redirect_uri: REDIRECT_URI }),
      { redirect: 'manual' },
    );
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error_code: 'oauth_client_not_found', msg: 'invalid client_id' });
    const malformed = await fetch(authorizeUrl({ client_id: 'tape-deck', redirect_uri: REDIRECT_URI }), {
      redirect: 'manual',
    });
    expect(await malformed.json()).toMatchObject({
      error_code: 'oauth_client_not_found',
      msg: 'invalid client_id format',
    });
  });

  it("refuses PKCE 'plain': only S256 (the issue's OAuth 2.1 rule; GoTrue itself also takes plain)", async () => {
    const reg = await registerClient(backend);
    const res = await fetch(
      authorizeUrl({
        client_id: reg.client.client_id,
        redirect_uri: REDIRECT_URI,
        code_challenge: RFC7636_VERIFIER,
        code_challenge_method: 'plain',
        state: 'st-plain',
      }),
      { redirect: 'manual' },
    );
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location') ?? '');
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toBe("code_challenge_method must be 'S256'");
    expect(back.searchParams.get('state')).toBe('st-plain');
  });

  it('refuses openid clearly (ID tokens need an asymmetric key; this backend has HS256 only)', async () => {
    const reg = await registerClient(backend);
    const res = await fetch(
      authorizeUrl({
        client_id: reg.client.client_id,
        redirect_uri: REDIRECT_URI,
        scope: 'openid email',
        code_challenge: RFC7636_CHALLENGE,
        code_challenge_method: 'S256',
      }),
      { redirect: 'manual' },
    );
    const back = new URL(res.headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('invalid_scope');
    expect(back.searchParams.get('error_description')).toMatch(/HS256/);
  });
});

describe('consent', () => {
  it('denied: the app gets access_denied with its state, and nothing to exchange', async () => {
    const reg = await registerClient(backend);
    const started = await startAuthorization(as, reg.client);
    expect((await user.auth.oauth.getAuthorizationDetails(started.authorizationId)).error).toBeNull();
    const { data, error } = await user.auth.oauth.denyAuthorization(started.authorizationId, {
      skipBrowserRedirect: true,
    });
    expect(error).toBeNull();
    const back = new URL(data!.redirect_url);
    const err = (() => {
      try {
        oauth.validateAuthResponse(as, reg.client, back, started.state);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(oauth.AuthorizationResponseError);
    expect((err as oauth.AuthorizationResponseError).error).toBe('access_denied');
    const replay = await user.auth.oauth.approveAuthorization(started.authorizationId, { skipBrowserRedirect: true });
    expect(replay.error).toMatchObject({ status: 400, message: 'authorization request is no longer pending' });
  });

  it("belongs to the first user who opened it: another user's session finds nothing", async () => {
    const reg = await registerClient(backend);
    const started = await startAuthorization(as, reg.client);
    expect((await user.auth.oauth.getAuthorizationDetails(started.authorizationId)).error).toBeNull();
    const { client: intruder } = await createUserClient(backend, uniqueEmail('oauth-intruder'), 'secret-password-1');
    expect((await intruder.auth.oauth.getAuthorizationDetails(started.authorizationId)).error).toMatchObject({
      status: 404,
    });
    expect(
      (await intruder.auth.oauth.approveAuthorization(started.authorizationId, { skipBrowserRedirect: true })).error,
    ).toMatchObject({
      status: 404,
      code: 'oauth_authorization_not_found',
    });
  });
});

describe('client authentication at /oauth/token', () => {
  it('confidential clients: the right secret works, the wrong one is refused (post)', async () => {
    const reg = await registerClient(backend, 'client_secret_post');
    const got = await approvedCode(reg);
    const params = oauth.validateAuthResponse(as, reg.client, got.callback, got.state);
    const res = await oauth.authorizationCodeGrantRequest(
      as,
      reg.client,
      oauth.ClientSecretPost('not-the-secret'),
      params,
      REDIRECT_URI,
      got.verifier,
      insecure,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: 'invalid_credentials', msg: 'invalid client credentials' });
    // the code survived the failed attempt
    expect((await exchange(as, reg, got.callback, got)).access_token).toBeTruthy();
  });

  it('confidential clients (basic): credentials are read as sent, as GoTrue does, not form-urldecoded', async () => {
    const reg = await registerClient(backend, 'client_secret_basic');
    const got = await approvedCode(reg);
    const fields = {
      grant_type: 'authorization_code',
      code: got.code,
      code_verifier: got.verifier,
      redirect_uri: REDIRECT_URI,
    };
    const basic = (id: string, secret: string) => ({
      authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
    });
    const wrong = await tokenRequest(fields, basic(reg.client.client_id, 'not-the-secret'));
    expect(await wrong.json()).toMatchObject({ error_code: 'invalid_credentials', msg: 'invalid client credentials' });
    // oauth4webapi's ClientSecretBasic percent-encodes '-' (RFC 6749 §2.3.1); GoTrue does not decode
    // it, so the UUID client_id no longer parses. MediaID apps use client_secret_post or none + PKCE.
    const params = oauth.validateAuthResponse(as, reg.client, got.callback, got.state);
    const encoded = await oauth.authorizationCodeGrantRequest(
      as,
      reg.client,
      reg.auth,
      params,
      REDIRECT_URI,
      got.verifier,
      insecure,
    );
    expect(await encoded.json()).toMatchObject({ error_code: 'invalid_credentials', msg: 'Invalid client_id format' });
    const right = await tokenRequest(fields, basic(reg.client.client_id, reg.secret!));
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 3600,
      refresh_token: expect.any(String),
    });
  });

  it('a client must use the method it registered, and unknown clients are refused', async () => {
    const reg = await registerClient(backend, 'client_secret_basic');
    const got = await approvedCode(reg);
    const post = await tokenRequest({
      grant_type: 'authorization_code',
      code: got.code,
      client_id: reg.client.client_id,
      client_secret: reg.secret!,
      code_verifier: got.verifier,
    });
    expect(await post.json()).toMatchObject({
      error_code: 'invalid_credentials',
      msg: "invalid authentication method: client is registered for 'client_secret_basic' but 'client_secret_post' was used",
    });
    const none = await tokenRequest({
      grant_type: 'authorization_code',
      code: got.code,
      client_id: reg.client.client_id,
      code_verifier: got.verifier,
    });
    expect(await none.json()).toMatchObject({ error_code: 'invalid_credentials' });
    const unknown = await tokenRequest({
      grant_type: 'authorization_code',
      code: got.code,
      client_id: '6f1c2b8e-3a71-4a55-9d1e-0b2f5a7c9d10',
      code_verifier: got.verifier,
    });
    expect(await unknown.json()).toMatchObject({
      error_code: 'invalid_credentials',
      msg: 'Invalid client credentials',
    });
  });
});

it('when [auth.oauth_server] is off, every OAuth endpoint answers 404 feature_disabled', async () => {
  const off = await withBackend({ oauthServer: { enabled: false } });
  try {
    const paths = [
      '/auth/v1/oauth/authorize?client_id=x&redirect_uri=y',
      '/auth/v1/.well-known/oauth-authorization-server',
      '/.well-known/oauth-authorization-server/auth/v1',
    ];
    for (const p of paths) {
      const res = await fetch(`${off.url}${p}`, { redirect: 'manual' });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error_code: 'feature_disabled', msg: 'OAuth server is disabled' });
    }
    const token = await fetch(`${off.url}/auth/v1/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token' }),
    });
    expect(token.status).toBe(404);
  } finally {
    await off.stop();
  }
});
