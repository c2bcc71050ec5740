/**
 * The register-app Edge Function (supabase/functions/register-app/handler.ts), served by the local
 * backend at /functions/v1/register-app and called with supabase-js as the portal calls it: a
 * developer registers an app that is a real OAuth client (its MediaID secret authenticates at
 * MediaID's token endpoint, never at Supabase Auth's, whose secret Bucket keeps); fans, anon and app tokens are refused; bad input changes nothing; the
 * browser can no longer write developer_apps rows itself; developer_app_usage() counts only the
 * caller's own apps and refuses app tokens.
 */
import { randomBytes, randomUUID, createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readConfigToml } from '../../../supabase/local/auth/config';
import { verifyJwtFor } from '../../../supabase/local/functions/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, type LocalBackend } from '../helpers/backend';
import { apiCall, appClient, grant, mediaidToken, person, supabaseAppToken, type Actor } from '../mediaid-api/helpers';
import { oauthBackend } from '../oauth/oauth-helpers';

let backend: LocalBackend;
let dev: Actor;

const INPUT = {
  name: 'Crate Finder',
  description: 'Finds records you will love.',
  redirect_uris: ['https://cratefinder.app/callback', 'http://localhost:3000/cb'],
  scopes: ['preferences:read', 'media:read'],
};

async function invoke(client: ReturnType<typeof anonClient>, body: Record<string, unknown>) {
  const { data, error } = await client.functions.invoke('register-app', { body });
  if (!error) return { status: 200, body: data as Record<string, unknown> };
  const res = (error as { context?: Response }).context;
  return { status: res?.status ?? 0, body: ((await res?.json().catch(() => null)) ?? {}) as Record<string, unknown> };
}

async function clientCount(): Promise<number> {
  return Number(
    (await backend.query('select count(*)::int as n from auth.oauth_clients where deleted_at is null')).rows[0].n,
  );
}
async function appCount(): Promise<number> {
  return Number((await backend.query('select count(*)::int as n from public.developer_apps')).rows[0].n);
}

beforeAll(async () => {
  backend = (await oauthBackend()).backend;
  dev = await person(backend, ['developer'], {}, 'reg-dev');
});
afterAll(async () => {
  await backend.stop();
});

describe('register-app: a developer registers an OAuth app', () => {
  it('creates the OAuth client and the row; the secret, shown once, authenticates at mediaid-token only', async () => {
    const r = await invoke(dev.client, INPUT);
    expect(r.status).toBe(200);
    const app = r.body.app as Record<string, unknown>;
    const secret = r.body.client_secret as string;
    expect(app).toMatchObject({ name: 'Crate Finder', owner_id: dev.user.id, status: 'active', scopes: INPUT.scopes });
    expect(app).not.toHaveProperty('client_secret_hash');
    expect(secret).toMatch(/^mid_sk_[0-9a-f]{64}$/);

    const listed = await serviceClient(backend).auth.admin.oauth.listClients();
    const client = listed.data?.clients.find((c) => c.client_id === app.client_id);
    expect(client).toMatchObject({
      client_name: 'Crate Finder',
      redirect_uris: INPUT.redirect_uris,
      client_type: 'confidential',
      token_endpoint_auth_method: 'client_secret_post',
    });

    const row = (await backend.query('select * from public.developer_apps where id = $1', [app.id])).rows[0];
    expect(row.client_id).toBe(app.client_id);
    expect(row.client_secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
    // the developer's device reads its own row (sync / REST)
    expect((await dev.client.from('developer_apps').select('client_id').eq('id', app.id)).data).toEqual([
      { client_id: app.client_id },
    ]);

    // client authentication with the secret at MediaID's token endpoint: a wrong code, not bad
    // credentials; a wrong secret: bad credentials
    const token = (endpoint: string, s: string) =>
      fetch(`${backend.url}${endpoint}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: app.client_id as string,
          client_secret: s,
          grant_type: 'authorization_code',
          code: 'nope',
          redirect_uri: INPUT.redirect_uris[0]!,
          code_verifier: 'x'.repeat(43),
        }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> }));
    const good = await token('/functions/v1/mediaid-token', secret);
    expect(good.body.error).toBe('invalid_grant');
    // Another first character after the prefix.
    const wrong = `mid_sk_${secret[7] === 'a' ? 'b' : 'a'}${secret.slice(8)}`;
    const bad = await token('/functions/v1/mediaid-token', wrong);
    expect(bad).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    // The app cannot redeem a code at Supabase Auth itself (that would give it a platform session):
    // its secret is not Supabase's.
    const atSupabase = await token('/auth/v1/oauth/token', secret);
    expect(atSupabase.status).toBe(400);
    expect(JSON.stringify(atSupabase.body)).toMatch(/invalid client credentials/);
  });

  it('regenerates the secret (the row keeps the new hash) and deletes client + row; a rival can do neither', async () => {
    const made = await invoke(dev.client, { ...INPUT, name: 'Re-key Me' });
    const app = made.body.app as { id: string; client_id: string };
    const again = await invoke(dev.client, { action: 'regenerate_secret', app_id: app.id });
    expect(again.status).toBe(200);
    expect(again.body.client_secret).not.toBe(made.body.client_secret);
    const row = (await backend.query('select client_secret_hash from public.developer_apps where id = $1', [app.id]))
      .rows[0];
    expect(row.client_secret_hash).toBe(
      createHash('sha256')
        .update(again.body.client_secret as string)
        .digest('hex'),
    );

    const rival = await person(backend, ['developer'], {}, 'reg-rival');
    expect((await invoke(rival.client, { action: 'delete', app_id: app.id })).status).toBe(404);
    expect((await invoke(rival.client, { action: 'regenerate_secret', app_id: app.id })).status).toBe(404);

    const gone = await invoke(dev.client, { action: 'delete', app_id: app.id });
    expect(gone.status).toBe(200);
    expect((await serviceClient(backend).auth.admin.oauth.getClient(app.client_id)).error).not.toBeNull();
    expect(
      (await backend.query('select _deleted from public.developer_apps where id = $1', [app.id])).rows[0]._deleted,
    ).toBe(true);
  });
});

describe('register-app: refusals change nothing', () => {
  it('a fan (no developer MediaID) is refused 403; anon 401; an app token 403', async () => {
    const [clients, apps] = [await clientCount(), await appCount()];
    const fan = await person(backend, ['fan'], {}, 'reg-fan');
    const asFan = await invoke(fan.client, INPUT);
    expect(asFan).toMatchObject({ status: 403, body: { error: 'not_developer' } });

    const asAnon = await invoke(anonClient(backend), INPUT);
    expect(asAnon.status).toBe(401);

    // an app token of this very developer (a grant to some registered app)
    const registered = await invoke(dev.client, { ...INPUT, name: 'Granted App' });
    const clientId = (registered.body.app as { client_id: string }).client_id;
    expect((await grant(dev, clientId, 'developer', ['media:read'])).error).toBeNull();
    const asApp = await invoke(appClient(backend, await supabaseAppToken(backend, dev.user, clientId)), INPUT);
    expect(asApp).toMatchObject({ status: 403, body: { error: 'app_token' } });

    expect(await clientCount()).toBe(clients + 1); // only 'Granted App'
    expect(await appCount()).toBe(apps + 1);
  });

  it('a bad redirect URI or scope is a 400 with the reason', async () => {
    const [clients, apps] = [await clientCount(), await appCount()];
    const plainHttp = await invoke(dev.client, { ...INPUT, redirect_uris: ['http://cratefinder.app/callback'] });
    expect(plainHttp.status).toBe(400);
    expect(plainHttp.body.message).toMatch(/uses http:\/\/ off loopback: give one exact https:\/\/ URL/);
    const fragment = await invoke(dev.client, { ...INPUT, redirect_uris: ['https://cratefinder.app/cb#x'] });
    expect(fragment.status).toBe(400);
    // a comma smuggles a second URI into the client's comma-joined list
    for (const smuggled of [
      'https://ok.example/cb,javascript:alert(document.domain)//',
      'https://ok.example/cb javascript:alert(1)',
      'https://user@ok.example/cb',
    ]) {
      const refused = await invoke(dev.client, { ...INPUT, redirect_uris: [smuggled] });
      expect(refused.status, smuggled).toBe(400);
    }
    const scope = await invoke(dev.client, { ...INPUT, scopes: ['campaigns:read'] });
    expect(scope).toMatchObject({ status: 400, body: { message: 'Unknown scope "campaigns:read".' } });
    const noName = await invoke(dev.client, { ...INPUT, name: '  ' });
    expect(noName.status).toBe(400);
    expect([await clientCount(), await appCount()]).toEqual([clients, apps]);
  });

  it('a row that cannot be written leaves no OAuth client behind', async () => {
    const clients = await clientCount();
    // the database refuses this row (a probe check) after the OAuth client was created
    await backend.query(
      "alter table public.developer_apps add constraint probe_no_orphans check (name <> 'Orphan Probe')",
    );
    try {
      const r = await invoke(dev.client, { ...INPUT, name: 'Orphan Probe' });
      expect(r.status).toBe(500);
    } finally {
      await backend.query('alter table public.developer_apps drop constraint probe_no_orphans');
    }
    expect(await clientCount()).toBe(clients);
  });
});

describe('the browser cannot register apps itself', () => {
  it('a developer inserting a developer_apps row with a made-up client_id is refused (REST and sync_push)', async () => {
    const apps = await appCount();
    const row = {
      id: randomUUID(),
      owner_id: dev.user.id,
      name: 'Forged',
      client_id: `bkt_${randomBytes(18).toString('base64url')}`,
      client_secret_hash: 'a'.repeat(64),
      client_secret_last4: 'aaaa',
      redirect_uris: ['https://forged.example/cb'],
      scopes: ['preferences:read'],
    };
    const viaRest = await dev.client.from('developer_apps').insert(row).select();
    expect(viaRest.error).not.toBeNull();
    const viaSync = await dev.client.rpc('sync_push', {
      p_table: 'developer_apps',
      p_rows: [{ new: row, assumed: null }],
    });
    const results = (viaSync.data ?? []) as { error?: unknown }[];
    expect(viaSync.error !== null || results.every((x) => x.error)).toBe(true);
    expect(await appCount()).toBe(apps);
  });

  it('the owner cannot move redirect URIs away from the OAuth client', async () => {
    const made = await invoke(dev.client, { ...INPUT, name: 'Fixed Redirects' });
    const id = (made.body.app as { id: string }).id;
    const r = await dev.client
      .from('developer_apps')
      .update({ redirect_uris: ['https://evil.example/cb'] })
      .eq('id', id)
      .select();
    expect(r.error?.message).toMatch(/redirect URIs change only through app registration/);
    // status stays the owner's (offline-safe disable/enable through sync)
    expect(
      (await dev.client.from('developer_apps').update({ status: 'disabled' }).eq('id', id).select()).error,
    ).toBeNull();
  });
});

describe('developer_app_usage()', () => {
  it('counts API calls and connected users of own apps only, never naming a user; refuses app tokens', async () => {
    const made = await invoke(dev.client, { ...INPUT, name: 'Usage App', scopes: ['preferences:read'] });
    const clientId = (made.body.app as { client_id: string }).client_id;
    const fan = await person(backend, ['fan'], {}, 'usage-fan');
    expect((await grant(fan, clientId, 'fan', ['preferences:read'])).error).toBeNull();
    const token = await mediaidToken(backend, fan.user, clientId);
    expect((await apiCall(backend, token, 'api_get_preferences')).error).toBeNull();
    expect((await apiCall(backend, token, 'api_get_preferences')).error).toBeNull();

    const mine = await dev.client.rpc('developer_app_usage');
    expect(mine.error).toBeNull();
    const row = (mine.data as Record<string, unknown>[]).find((r) => r.client_id === clientId);
    expect(row).toMatchObject({ api_calls_30d: 2, connected_users: 1 });
    expect(row?.last_call_at).toBeTruthy();
    expect(JSON.stringify(mine.data)).not.toContain(fan.user.id);

    const rival = await person(backend, ['developer'], {}, 'usage-rival');
    const theirs = await rival.client.rpc('developer_app_usage');
    expect(theirs.error).toBeNull();
    expect(theirs.data).toEqual([]);

    const asApp = await appClient(backend, await supabaseAppToken(backend, fan.user, clientId)).rpc(
      'developer_app_usage',
    );
    expect(asApp.error?.message).toBe('invalid_token');
    expect((await anonClient(backend).rpc('developer_app_usage')).error).not.toBeNull();
  });
});

describe('/functions/v1 on the local backend', () => {
  it('unknown function: 404 NOT_FOUND; no key or a non-JWT key: the function’s own 401', async () => {
    const res = await fetch(`${backend.url}/functions/v1/nope`, {
      method: 'POST',
      headers: { apikey: backend.anonKey },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    // config.toml's verify_jwt = false: no gateway check, the function refuses the caller itself
    const noKey = await fetch(`${backend.url}/functions/v1/register-app`, { method: 'POST', body: '{}' });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ error: 'unauthorized' });
    const forged = await fetch(`${backend.url}/functions/v1/register-app`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sb_secret_not-a-jwt' },
      body: '{}',
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ error: 'unauthorized' });
    const preflight = await fetch(`${backend.url}/functions/v1/register-app`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:4173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
  });
});

describe('config.toml [functions.*]', () => {
  it('every function in supabase/functions has verify_jwt = false (each checks its caller); absent means true', () => {
    const toml = readConfigToml();
    const dirs = readdirSync(new URL('../../../supabase/functions/', import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory() && !d.name.startsWith('_'))
      .map((d) => d.name);
    expect(dirs).toEqual(expect.arrayContaining(['register-app', 'deliver-webhooks']));
    for (const name of dirs) expect(verifyJwtFor(toml, name), name).toBe(false);
    expect(verifyJwtFor(toml, 'not-configured')).toBe(true);
  });
});
