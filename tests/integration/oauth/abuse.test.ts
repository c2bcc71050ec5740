// Abuse of the authorization endpoint: anonymous floods of /oauth/authorize (each one
// writes a row) are limited per IP; one user cannot take on or hold unbounded requests; expired
// requests are swept; malformed authorization ids answer 404, never 500.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserClient, uniqueEmail, type LocalBackend } from '../helpers/backend';
import { discover, oauthBackend, registerClient, startAuthorization, type OAuthBackend } from './oauth-helpers';

let env: OAuthBackend;
let backend: LocalBackend;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  // config.toml's per-IP limits (sign_in_sign_ups 30 per 5 minutes, burst 30), not the harness's
  env = await oauthBackend({ rateLimits: { signInSignUps: 30, burst: 30 } });
  backend = env.backend;
  as = await discover(backend);
});
afterAll(async () => {
  await backend.stop();
});

const rows = async (): Promise<number> =>
  Number((await backend.query('select count(*)::int as n from auth.oauth_authorizations')).rows[0].n);

describe('/oauth/authorize', () => {
  it('a flood from one address is cut off at the burst, writing no more rows', async () => {
    backend.resetRateLimits();
    const reg = await registerClient(backend);
    const before = await rows();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const url = new URL(as.authorization_endpoint!);
      url.searchParams.set('client_id', reg.client.client_id);
      url.searchParams.set('redirect_uri', 'http://localhost:7777/callback');
      url.searchParams.set('code_challenge', 'x'.repeat(43));
      url.searchParams.set('code_challenge_method', 'S256');
      statuses.push((await fetch(url, { redirect: 'manual' })).status);
    }
    expect(statuses.filter((s) => s === 302)).toHaveLength(30);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    expect((await rows()) - before).toBe(30);
  });

  it('requests past their lifetime are swept by the next one', async () => {
    backend.resetRateLimits();
    const reg = await registerClient(backend);
    await startAuthorization(as, reg.client);
    expect(await rows()).toBeGreaterThan(1);
    env.advance(11 * 60_000); // authorization_ttl is 10 minutes
    await startAuthorization(as, reg.client);
    expect(await rows()).toBe(1);
  });
});

describe('one user', () => {
  it('holds at most 20 unanswered requests', async () => {
    backend.resetRateLimits();
    const reg = await registerClient(backend);
    const { client: user } = await createUserClient(backend, uniqueEmail('oauth-pending'), 'secret-password-1');
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 22; i++) {
      backend.resetRateLimits(); // the per-IP bucket is not what this test is about
      const started = await startAuthorization(as, reg.client);
      const details = await user.auth.oauth.getAuthorizationDetails(started.authorizationId);
      answers.push(details.error?.code);
    }
    expect(answers.slice(0, 20).every((c) => c === undefined)).toBe(true);
    expect(answers.slice(20)).toEqual(['over_request_rate_limit', 'over_request_rate_limit']);
  });
});

describe('malformed authorization ids', () => {
  it('answer 400 or 404, never 500', async () => {
    const { data } = await (
      await createUserClient(backend, uniqueEmail('oauth-malformed'), 'secret-password-1')
    ).client.auth.getSession();
    const token = data.session!.access_token;
    for (const id of ['abc%00', '%E0%A4%A', 'a%2Fb', `${'a'.repeat(65)}`]) {
      const res = await fetch(`${backend.url}/auth/v1/oauth/authorizations/${id}`, {
        headers: { apikey: backend.anonKey, Authorization: `Bearer ${token}` },
      });
      // a path the server cannot decode is a 400 before auth; a decodable non-id is not found
      expect(res.status, id).toBe(id.startsWith('%E0') ? 400 : 404);
    }
  });
});
