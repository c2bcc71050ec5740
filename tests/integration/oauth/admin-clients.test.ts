// supabase-js `auth.admin.oauth.*` against the local backend: GoTrue's client JSON, secrets shown
// once and stored hashed, validation messages, and the service role as the only way in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import * as oauth from 'oauth4webapi';
import {
  anonClient,
  clientOptions,
  createUserClient,
  serviceClient,
  uniqueEmail,
  type LocalBackend,
} from '../helpers/backend';
import { REDIRECT_URI, approve, discover, exchange, insecure, oauthBackend, startAuthorization } from './oauth-helpers';

let backend: LocalBackend;
let admin: SupabaseClient;

beforeAll(async () => {
  backend = (await oauthBackend()).backend;
  admin = serviceClient(backend);
});
afterAll(async () => {
  await backend.stop();
});

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);

describe('auth.admin.oauth with the service role', () => {
  it('creates a confidential client with GoTrue defaults and shows its secret once, stored hashed', async () => {
    const { data, error } = await admin.auth.admin.oauth.createClient({
      client_name: 'Tape Deck',
      client_uri: 'https://tapedeck.example',
      redirect_uris: [REDIRECT_URI],
    });
    expect(error).toBeNull();
    expect(data).toEqual({
      client_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      client_type: 'confidential',
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      client_name: 'Tape Deck',
      client_uri: 'https://tapedeck.example',
      registration_type: 'manual',
      created_at: ISO,
      updated_at: ISO,
    });
    const stored = await backend.query('select client_secret_hash from auth.oauth_clients where id = $1', [
      data!.client_id,
    ]);
    expect(stored.rows[0].client_secret_hash).not.toContain(data!.client_secret);
    expect(stored.rows[0].client_secret_hash).toHaveLength(43); // base64url SHA-256

    const got = await admin.auth.admin.oauth.getClient(data!.client_id);
    expect(got.data).not.toHaveProperty('client_secret');
    expect(got.data).toMatchObject({ client_id: data!.client_id, client_name: 'Tape Deck' });
  });

  it('creates a public client (none) without a secret; it cannot regenerate one', async () => {
    // supabase-js's type asks for client_name; GoTrue does not, and then leaves it out of the JSON
    const params = { redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' as const };
    const { data } = await admin.auth.admin.oauth.createClient(params as typeof params & { client_name: string });
    expect(data).toMatchObject({ client_type: 'public', token_endpoint_auth_method: 'none' });
    expect(data).not.toHaveProperty('client_secret');
    expect(data).not.toHaveProperty('client_name');
    const regen = await admin.auth.admin.oauth.regenerateClientSecret(data!.client_id);
    expect(regen.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Cannot regenerate secret for public client',
    });
  });

  it('refuses bad registrations with GoTrue messages and stores nothing', async () => {
    const before = (await backend.query('select count(*)::int as n from auth.oauth_clients')).rows[0].n;
    const cases: [Record<string, unknown>, string][] = [
      [{}, '400: redirect_uris is required'],
      [
        { redirect_uris: ['http://evil.example/cb'] },
        "400: invalid redirect_uri 'http://evil.example/cb': HTTP scheme only allowed for localhost",
      ],
      [
        { redirect_uris: ['https://app.example/cb#frag'] },
        "400: invalid redirect_uri 'https://app.example/cb#frag': fragment not allowed in redirect URI",
      ],
      [
        { redirect_uris: ['javascript://x/alert(1)'] },
        "400: invalid redirect_uri 'javascript://x/alert(1)': scheme 'javascript' is not allowed for security reasons",
      ],
      // stricter than hosted (supabase/local/README.md): a comma would smuggle a second URI into
      // the comma-joined list /oauth/authorize checks against
      [
        { redirect_uris: ['https://ok.example/cb,javascript:alert(document.domain)//'] },
        "400: invalid redirect_uri 'https://ok.example/cb,javascript:alert(document.domain)//': contains whitespace or a comma",
      ],
      [
        { redirect_uris: ['https://user:pw@ok.example/cb'] },
        "400: invalid redirect_uri 'https://user:pw@ok.example/cb': has a user name or password",
      ],
      [
        { redirect_uris: [REDIRECT_URI], grant_types: ['client_credentials'] },
        "400: grant_types must only contain 'authorization_code' and/or 'refresh_token'",
      ],
      [
        { redirect_uris: [REDIRECT_URI], client_type: 'public', token_endpoint_auth_method: 'client_secret_post' },
        "400: client_type 'public' is inconsistent with token_endpoint_auth_method 'client_secret_post' (expected client_type 'confidential')",
      ],
    ];
    for (const [params, message] of cases) {
      const { data, error } = await admin.auth.admin.oauth.createClient(params as never);
      expect(data).toBeNull();
      expect(error).toMatchObject({ status: 400, code: 'validation_failed', message });
    }
    expect((await backend.query('select count(*)::int as n from auth.oauth_clients')).rows[0].n).toBe(before);
  });

  it('lists, updates, regenerates and deletes', async () => {
    const { data: made } = await admin.auth.admin.oauth.createClient({
      client_name: 'Old',
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'client_secret_post',
    });
    const id = made!.client_id;
    const listed = await admin.auth.admin.oauth.listClients();
    expect(listed.data.clients.map((c) => c.client_id)).toContain(id);

    const upd = await admin.auth.admin.oauth.updateClient(id, {
      client_name: 'New',
      redirect_uris: [REDIRECT_URI, 'https://app.example/other-callback'],
    });
    expect(upd.data).toMatchObject({
      client_name: 'New',
      redirect_uris: [REDIRECT_URI, 'https://app.example/other-callback'],
    });
    const empty = await admin.auth.admin.oauth.updateClient(id, {});
    expect(empty.error).toMatchObject({ status: 400, message: 'No fields provided for update' });
    const wrongType = await admin.auth.admin.oauth.updateClient(id, { token_endpoint_auth_method: 'none' } as never);
    expect(wrongType.error).toMatchObject({ status: 400, code: 'validation_failed' });

    const regen = await admin.auth.admin.oauth.regenerateClientSecret(id);
    expect(regen.data!.client_secret).toBeTruthy();
    expect(regen.data!.client_secret).not.toBe(made!.client_secret);
    // the old secret stops working, the new one works
    const as = await discover(backend);
    const { client: user } = await createUserClient(backend, uniqueEmail('oauth-regen'), 'secret-password-1');
    const client = { client_id: id };
    const started = await startAuthorization(as, client);
    const callback = await approve(user, started.authorizationId);
    const params = oauth.validateAuthResponse(as, client, callback, started.state);
    const old = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(made!.client_secret!),
      params,
      REDIRECT_URI,
      started.verifier,
      insecure,
    );
    expect(await old.json()).toMatchObject({ error_code: 'invalid_credentials' });
    await exchange(as, { client, auth: oauth.ClientSecretPost(regen.data!.client_secret!) }, callback, started);

    expect((await admin.auth.admin.oauth.deleteClient(id)).error).toBeNull();
    expect((await admin.auth.admin.oauth.getClient(id)).error).toMatchObject({
      status: 404,
      code: 'oauth_client_not_found',
    });
    expect((await admin.auth.admin.oauth.listClients()).data.clients?.map((c) => c.client_id) ?? []).not.toContain(id);
    // a deleted client is unknown to /oauth/authorize
    const gone = await fetch(
      `${as.authorization_endpoint}?client_id=${id}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`,
      { redirect: 'manual' },
    );
    expect(await gone.json()).toMatchObject({ error_code: 'oauth_client_not_found' });
  });

  it('answers a malformed or unknown id as GoTrue does', async () => {
    expect((await admin.auth.admin.oauth.getClient('not-a-uuid')).error).toMatchObject({
      status: 400,
      message: 'invalid client_id format',
    });
    expect((await admin.auth.admin.oauth.getClient('6f1c2b8e-3a71-4a55-9d1e-0b2f5a7c9d10')).error).toMatchObject({
      status: 404,
      message: 'OAuth client not found',
    });
  });
});

describe('auth.admin.oauth without the service role', () => {
  it('refuses the anon key and a signed-in user with 403 not_admin, and creates nothing', async () => {
    const before = (await backend.query('select count(*)::int as n from auth.oauth_clients')).rows[0].n;
    const { accessToken } = await createUserClient(backend, uniqueEmail('oauth-not-admin'), 'secret-password-1');
    const callers = [anonClient(backend), userTokenClient(accessToken)];
    for (const c of callers) {
      const made = await c.auth.admin.oauth.createClient({ client_name: 'Nope', redirect_uris: [REDIRECT_URI] });
      expect(made.error).toMatchObject({ status: 403, code: 'not_admin' });
      expect((await c.auth.admin.oauth.listClients()).error).toMatchObject({ status: 403, code: 'not_admin' });
    }
    expect((await backend.query('select count(*)::int as n from auth.oauth_clients')).rows[0].n).toBe(before);
  });

  it('refuses dynamic registration while allow_dynamic_registration is off', async () => {
    const res = await fetch(`${backend.url}/auth/v1/oauth/clients/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [REDIRECT_URI] }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error_code: 'oauth_dynamic_client_registration_disabled' });
  });
});

/** A supabase-js client whose requests (admin ones included) carry a user's access token. */
function userTokenClient(token: string): SupabaseClient {
  return createClient(backend.url, backend.anonKey, {
    ...clientOptions(),
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}
