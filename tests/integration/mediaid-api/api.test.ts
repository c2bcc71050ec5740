/**
 * The MediaID API (migration 20261127600000_mediaid_api) attacked as third-party apps would, with
 * real supabase-js clients and OAuth-shaped access tokens: every call needs an app token with a
 * live grant of the user for that app and the call's Bucket scope, reads only the granted role's
 * MediaID, applies the privacy switches at output on every call, logs every call for the user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createUserClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';
import {
  apiCall,
  appClient,
  grant,
  mediaidToken,
  person,
  registerApp,
  revoke,
  supabaseAppToken,
  type Actor,
  type ApiCall,
} from './helpers';

let backend: LocalBackend;
let dev: Actor;
let app: string; // client_id of an app registered with every scope
let other: string; // a second registered app

beforeAll(async () => {
  backend = await withBackend();
  dev = await person(backend, ['developer'], {}, 'api-dev');
  app = await registerApp(dev, [
    'media:read',
    'preferences:read',
    'preferences:write',
    'events:write',
    'analytics:read',
  ]);
  other = await registerApp(dev, ['media:read', 'preferences:read', 'analytics:read'], 'Other App');
});
afterAll(async () => {
  await backend.stop();
});

const call = (token: string, fn: string, body?: Record<string, unknown>) =>
  apiCall(backend, token, fn as ApiCall, body);

/** RFC 6750: invalid_token is 401, insufficient_scope 403, each with a Bearer challenge naming it. */
function refused(r: Awaited<ReturnType<typeof call>>, error: 'invalid_token' | 'insufficient_scope') {
  expect(r.data).toBeNull();
  expect(r.status).toBe(error === 'invalid_token' ? 401 : 403);
  expect(r.error?.error).toBe(error);
  expect(r.challenge).toContain(`error="${error}"`);
}

async function fanWith(scopes: string[], privacy: Record<string, boolean> = {}, clientId = app) {
  const fan = await person(backend, ['fan'], privacy, 'api-fan');
  const g = await grant(fan, clientId, 'fan', scopes);
  expect(g.error).toBeNull();
  return { fan, token: await mediaidToken(backend, fan.user, clientId) };
}

describe('MediaID API: the granted path', () => {
  it('reads preferences and users/me of the granted role, stamps last_used_at and logs each call for the user only', async () => {
    const { fan, token } = await fanWith(['media:read', 'preferences:read']);
    expect((await fan.client.from('profiles').upsert({ id: fan.user.id, display_name: 'Robin' })).error).toBeNull();
    const prefs = await call(token, 'api_get_preferences');
    expect(prefs.error).toBeNull();
    expect(prefs.data).toMatchObject({
      role: 'fan',
      interests: ['vinyl', 'live shows'],
      genre_preferences: ['fan-jazz', 'soul'],
      location_code: 'GB',
      content_flags: { mood: 'calm' },
      withheld: [],
    });
    const me = await call(token, 'api_users_me');
    expect(me.error).toBeNull();
    expect(me.data).toMatchObject({
      id: fan.user.id,
      role: 'fan',
      display_name: 'Robin',
      location_code: 'GB',
      withheld: [],
    });
    expect(me.data?.scopes).toEqual(['media:read', 'preferences:read']);

    const grants = await fan.client
      .from('mediaid_grants')
      .select('last_used_at, app_name')
      .eq('client_id', app)
      .single();
    expect(grants.data?.app_name).toBe('Crate Finder');
    expect(Date.now() - Date.parse(grants.data!.last_used_at as string)).toBeLessThan(60_000);
    const log = await fan.client.from('mediaid_access_log').select('client_id, app_name, call, action').order('at');
    expect(log.data).toEqual([
      {
        client_id: app,
        app_name: 'Crate Finder',
        call: 'GET /api/v1/preferences',
        action: 'read your genre preferences and interests',
      },
      { client_id: app, app_name: 'Crate Finder', call: 'GET /api/v1/users/me', action: 'read your MediaID summary' },
    ]);
    // Nobody else reads the log: another user, nor the app itself.
    const stranger = await person(backend, ['fan'], {}, 'api-stranger');
    expect((await stranger.client.from('mediaid_access_log').select('id').eq('user_id', fan.user.id)).data).toEqual([]);
    // not with its MediaID token (not a JWT: PostgREST refuses it), nor with a Supabase app token
    const withMediaId = await appClient(backend, token).from('mediaid_access_log').select('id');
    expect(withMediaId.status).toBe(401);
    const byApp = await appClient(backend, await supabaseAppToken(backend, fan.user, app))
      .from('mediaid_access_log')
      .select('id');
    expect(byApp.error).toBeNull();
    expect(byApp.data).toEqual([]);
  });

  it('writes interests and genres with preferences:write and refuses bad input without changing anything', async () => {
    const { fan, token } = await fanWith(['preferences:read', 'preferences:write']);
    const put = await call(token, 'api_put_preferences', { genre_preferences: ['ambient', 'dub'] });
    expect(put.error).toBeNull();
    expect(put.data).toMatchObject({ genre_preferences: ['ambient', 'dub'], interests: ['vinyl', 'live shows'] });
    for (const p of [{ location_code: 'US' }, { interests: ['a', 'b', 'c', 'd', 'e', 'f'] }, { interests: [42] }, {}]) {
      const bad = await call(token, 'api_put_preferences', p);
      expect(bad.status).toBe(400);
      expect(bad.error?.error).toBe('invalid_request');
      expect(bad.error?.error_description).toBeTruthy();
    }
    const row = await fan.client
      .from('media_ids')
      .select('genre_preferences, interests, location_code')
      .eq('role', 'fan')
      .single();
    expect(row.data).toEqual({
      genre_preferences: ['ambient', 'dub'],
      interests: ['vinyl', 'live shows'],
      location_code: 'GB',
    });
  });
});

describe('MediaID API: attacks', () => {
  it('a user session (no client_id) is no app token', async () => {
    const { fan } = await fanWith(['preferences:read']);
    refused(await call(fan.accessToken, 'api_get_preferences'), 'invalid_token');
  });

  it("another user's data: a token for a user who never granted the app gets nothing", async () => {
    await fanWith(['preferences:read']);
    const bystander = await person(backend, ['fan'], {}, 'api-bystander');
    refused(await call(await mediaidToken(backend, bystander.user, app), 'api_get_preferences'), 'invalid_token');
    refused(await call(await mediaidToken(backend, bystander.user, app), 'api_users_me'), 'invalid_token');
  });

  it("another role's MediaID: a grant for the fan role never reads the artist MediaID", async () => {
    const both = await person(backend, ['fan', 'artist'], {}, 'api-two-roles');
    expect((await grant(both, app, 'fan', ['preferences:read'])).error).toBeNull();
    const r = await call(await mediaidToken(backend, both.user, app), 'api_get_preferences');
    expect(r.data).toMatchObject({ role: 'fan', genre_preferences: ['fan-jazz', 'soul'] });
    expect(JSON.stringify(r.data)).not.toContain('artist-jazz');
    // …nor can the user grant a role they hold no MediaID for.
    const brand = await grant(await person(backend, ['fan'], {}, 'api-no-brand'), app, 'brand', ['preferences:read']);
    expect(brand.error?.code).toBe('42501');
    expect(brand.error?.message).toBe('you hold no brand MediaID to grant');
  });

  it('a scope not granted is insufficient_scope, naming the scope', async () => {
    const { token } = await fanWith(['preferences:read']);
    const r = await call(token, 'api_get_analytics');
    refused(r, 'insufficient_scope');
    expect(r.error?.scope).toBe('analytics:read');
    expect(r.challenge).toContain('scope="analytics:read"');
    expect(r.error?.error_description).toBe(
      'This call needs the analytics:read scope; this grant has: preferences:read.',
    );
    refused(await call(token, 'api_users_me'), 'insufficient_scope');
    refused(await call(token, 'api_post_event', { event_type: 'track_played' }), 'insufficient_scope');
  });

  it('writing with a read scope is refused and changes nothing', async () => {
    const { fan, token } = await fanWith(['preferences:read']);
    const r = await call(token, 'api_put_preferences', { interests: ['stolen'] });
    refused(r, 'insufficient_scope');
    expect(r.error?.scope).toBe('preferences:write');
    const row = await fan.client.from('media_ids').select('interests').eq('role', 'fan').single();
    expect(row.data?.interests).toEqual(['vinyl', 'live shows']);
  });

  it('a revoked grant fails on the very next call, long before the token expires', async () => {
    const { fan, token } = await fanWith(['preferences:read']);
    expect((await call(token, 'api_get_preferences')).error).toBeNull();
    const rev = await revoke(fan, app);
    expect(rev.error).toBeNull();
    expect(rev.data?.revoked_at).toBeTruthy();
    refused(await call(token, 'api_get_preferences'), 'invalid_token');
    // Granting again (the user's choice) restores access with the same token.
    const again = await fan.client
      .from('mediaid_grants')
      .update({ revoked_at: null })
      .eq('client_id', app)
      .select()
      .single();
    expect(again.error).toBeNull();
    expect((await call(token, 'api_get_preferences')).error).toBeNull();
  });

  it('an OAuth client with no Bucket registration gets nothing, and no user can grant it', async () => {
    const unregistered = `bkt_${randomBytes(18).toString('base64url')}`;
    const fan = await person(backend, ['fan'], {}, 'api-unregistered');
    const g = await grant(fan, unregistered, 'fan', ['preferences:read']);
    expect(g.error?.code).toBe('42501');
    const token = await mediaidToken(backend, fan.user, unregistered);
    for (const fn of ['api_users_me', 'api_get_preferences', 'api_get_analytics'])
      refused(await call(token, fn), 'invalid_token');
  });

  it("a token of another client is refused against this client's grant (no replay across apps)", async () => {
    const { fan } = await fanWith(['media:read', 'preferences:read', 'analytics:read']);
    const foreign = await mediaidToken(backend, fan.user, other);
    for (const fn of ['api_users_me', 'api_get_preferences', 'api_get_analytics'])
      refused(await call(foreign, fn), 'invalid_token');
  });

  it('grants name only scopes the app registered, only for oneself, and never come from an app token', async () => {
    const fan = await person(backend, ['fan'], {}, 'api-grant-rules');
    const wider = await grant(fan, other, 'fan', ['preferences:read', 'preferences:write']);
    expect(wider.error?.message).toBe('scope preferences:write is not registered by this app');
    const victim = await person(backend, ['fan'], {}, 'api-victim');
    const forged = await fan.client
      .from('mediaid_grants')
      .insert({ user_id: victim.user.id, client_id: app, role: 'fan', scopes: ['preferences:read'] });
    expect(forged.error?.code).toBe('42501');
    // The app tries to grant or widen for itself with a Supabase OAuth token of the user (apps
    // never hold one; should one leave, the fence still holds).
    const token = await supabaseAppToken(backend, fan.user, app);
    const byApp = await appClient(backend, token)
      .from('mediaid_grants')
      .insert({ user_id: fan.user.id, client_id: app, role: 'fan', scopes: ['preferences:read'] });
    expect(byApp.error?.code).toBe('42501');
    expect((await grant(fan, app, 'fan', ['preferences:read'])).error).toBeNull();
    const widen = await appClient(backend, token)
      .from('mediaid_grants')
      .update({ scopes: ['preferences:read', 'preferences:write'] })
      .eq('client_id', app)
      .select();
    expect(widen.data ?? []).toEqual([]);
    const row = await fan.client.from('mediaid_grants').select('scopes').eq('client_id', app).single();
    expect(row.data?.scopes).toEqual(['preferences:read']);
  });

  it('the server owns granted_at, last_used_at and revoked_at', async () => {
    const fan = await person(backend, ['fan'], {}, 'api-server-owned');
    const g = await fan.client
      .from('mediaid_grants')
      .insert({
        user_id: fan.user.id,
        client_id: app,
        role: 'fan',
        scopes: ['preferences:read'],
        granted_at: '2001-01-01T00:00:00Z',
        last_used_at: '2001-01-01T00:00:00Z',
      })
      .select()
      .single();
    expect(g.error).toBeNull();
    expect(Date.now() - Date.parse(g.data!.granted_at as string)).toBeLessThan(60_000);
    expect(g.data?.last_used_at).toBeNull();
    const rev = await fan.client
      .from('mediaid_grants')
      .update({ revoked_at: '2099-01-01T00:00:00Z' })
      .eq('client_id', app)
      .select()
      .single();
    expect(Math.abs(Date.now() - Date.parse(rev.data!.revoked_at as string))).toBeLessThan(60_000);
  });

  it('an expired, a missing or a Supabase token is invalid_token (401)', async () => {
    const { fan } = await fanWith(['preferences:read']);
    refused(await call(await mediaidToken(backend, fan.user, app, -10), 'api_get_preferences'), 'invalid_token');
    refused(await call(await supabaseAppToken(backend, fan.user, app), 'api_get_preferences'), 'invalid_token');
    refused(await call(fan.accessToken, 'api_get_preferences'), 'invalid_token');
    const none = await apiCall(backend, null, 'api_get_preferences');
    expect(none.status).toBe(401);
    expect(none.challenge).toBe('Bearer realm="MediaID"');
  });
});

describe('MediaID API: privacy switches at output, on the next call', () => {
  it('location_access off: the next read has no location, with no new consent', async () => {
    const { fan, token } = await fanWith(['media:read', 'preferences:read']);
    expect((await call(token, 'api_get_preferences')).data).toMatchObject({ location_code: 'GB' });
    const off = await fan.client
      .from('media_ids')
      .update({
        privacy_settings: {
          data_sharing: true,
          location_access: false,
          audio_capture: false,
          anonymous_logging: false,
          marketing_communications: false,
        },
      })
      .eq('role', 'fan');
    expect(off.error).toBeNull();
    const prefs = await call(token, 'api_get_preferences');
    expect(prefs.data).not.toHaveProperty('location_code');
    expect(prefs.data?.withheld).toEqual(['location_code']);
    expect(prefs.data).toMatchObject({ interests: ['vinyl', 'live shows'] });
    const me = await call(token, 'api_users_me');
    expect(me.data).not.toHaveProperty('location_code');
    expect(JSON.stringify(me.data)).not.toContain('GB');
  });

  it('data_sharing off: only the user id and granted role leave the database', async () => {
    const { fan, token } = await fanWith(['media:read', 'preferences:read'], { data_sharing: false });
    expect(
      (await fan.client.from('profiles').upsert({ id: fan.user.id, display_name: 'Hidden Name' })).error,
    ).toBeNull();
    const prefs = await call(token, 'api_get_preferences');
    expect(prefs.error).toBeNull();
    expect(prefs.data).toEqual({
      role: 'fan',
      updated_at: expect.any(String),
      withheld: ['interests', 'genre_preferences', 'content_flags', 'location_code'],
    });
    const me = await call(token, 'api_users_me');
    expect(me.data).toEqual({
      id: fan.user.id,
      role: 'fan',
      scopes: ['media:read', 'preferences:read'],
      withheld: ['display_name', 'location_code', 'member_since'],
    });
  });

  it('anonymous_logging on: the stored event is not linked to the user; off: it is', async () => {
    const anon = await fanWith(['events:write'], { anonymous_logging: true });
    const a = await call(anon.token, 'api_post_event', { event_type: 'track_played', metadata: { track: 't-1' } });
    expect(a.error).toBeNull();
    expect(a.data).toEqual({ recorded: true, event_type: 'track_played', anonymous: true });
    const linked = await fanWith(['events:write'], { anonymous_logging: false });
    const l = await call(linked.token, 'api_post_event', { event_type: 'track_saved' });
    expect(l.data).toMatchObject({ recorded: true, anonymous: false });
    const rows = await backend.query(
      "select event_type, user_id, role, is_anonymous, date_trunc('hour', created_at) = created_at as hourly from public.mediaid_events where client_id = $1 and metadata ->> 'track' = 't-1' or id = $2",
      [app, l.data!.id],
    );
    expect(rows.rows).toEqual(
      expect.arrayContaining([
        { event_type: 'track_played', user_id: null, role: null, is_anonymous: true, hourly: true },
        { event_type: 'track_saved', user_id: linked.fan.user.id, role: 'fan', is_anonymous: false, hourly: false },
      ]),
    );
    const bad = await call(anon.token, 'api_post_event', { event_type: 'DROP TABLE' });
    expect(bad.status).toBe(400);
  });

  it('analytics are aggregates of the app, naming no fan', async () => {
    const { fan, token } = await fanWith(['analytics:read', 'events:write']);
    await call(token, 'api_post_event', { event_type: 'track_shared' });
    const r = await call(token, 'api_get_analytics');
    expect(r.error).toBeNull();
    expect(r.data).toMatchObject({ client_id: app, connected_users: expect.any(Number) });
    const events = r.data!.events as { total: number; by_type: { event_type: string; count: number }[] };
    expect(events.total).toBeGreaterThanOrEqual(3);
    expect(events.by_type).toEqual(expect.arrayContaining([{ event_type: 'track_shared', count: 1 }]));
    // no id but the app's own client_id (a uuid, from the OAuth server) leaves: never a fan's
    expect(JSON.stringify(r.data).replaceAll(app, '<client>')).not.toMatch(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/,
    );
    expect(JSON.stringify(r.data)).not.toContain(fan.user.email!);
  });
});

describe('MediaID API: a signed-out caller', () => {
  it('anon cannot call the API at all', async () => {
    const { client } = await createUserClient(backend, uniqueEmail('api-anon'), 'mediaid-pass-1');
    await client.auth.signOut();
    const r = await client.rpc('api_users_me');
    expect(r.data).toBeNull();
    expect(r.status).toBe(401);
  });
});
