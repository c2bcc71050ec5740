/**
 * The consent screen's server side (migration 20261127700000_mediaid_consent): mediaid_app_info
 * names an app to any signed-in user but gives away nothing else, and the grants and access log
 * the consent and 'Connected apps' screens read stay each user's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { anonClient, serviceClient, withBackend, type LocalBackend } from '../helpers/backend';
import { apiCall, appClient, grant, mediaidToken, person, registerApp, supabaseAppToken, type Actor } from './helpers';

let backend: LocalBackend;
let dev: Actor;
let fan: Actor;
let other: Actor;
let app: string;

beforeAll(async () => {
  backend = await withBackend();
  dev = await person(backend, ['developer'], {}, 'consent-dev');
  fan = await person(backend, ['fan'], {}, 'consent-fan');
  other = await person(backend, ['fan'], {}, 'consent-other');
  app = await registerApp(dev, ['preferences:read', 'media:read'], 'Crate Finder');
  // campaigns:read (shown on sample apps) is no MediaID scope: an older row may carry it
  await backend.query("update public.developer_apps set scopes = scopes || '{campaigns:read}' where client_id = $1", [
    app,
  ]);
});
afterAll(async () => {
  await backend.stop();
});

describe('mediaid_app_info', () => {
  it('names an active app and its MediaID scopes to a user who does not own it, and nothing else', async () => {
    const { data, error } = await fan.client.rpc('mediaid_app_info', { p_client_id: app });
    expect(error).toBeNull();
    expect(data).toEqual([{ client_id: app, name: 'Crate Finder', scopes: ['media:read', 'preferences:read'] }]);
    // the owner's row itself stays hidden from the fan
    const direct = await fan.client.from('developer_apps').select('*').eq('client_id', app);
    expect(direct.data).toEqual([]);
  });

  it('answers nothing for an unknown or disabled app', async () => {
    expect((await fan.client.rpc('mediaid_app_info', { p_client_id: 'bkt_unknownunknownunknown' })).data).toEqual([]);
    const disabled = await registerApp(dev, ['media:read'], 'Switched Off');
    expect(
      (await dev.client.from('developer_apps').update({ status: 'disabled' }).eq('client_id', disabled)).error,
    ).toBeNull();
    expect((await fan.client.rpc('mediaid_app_info', { p_client_id: disabled })).data).toEqual([]);
  });

  it('refuses anon and third-party app tokens', async () => {
    const anon = await anonClient(backend).rpc('mediaid_app_info', { p_client_id: app });
    expect(anon.data).toBeNull();
    expect(anon.error?.code).toBe('42501');
    expect((await grant(fan, app, 'fan', ['preferences:read'])).error).toBeNull();
    const viaApp = await appClient(backend, await supabaseAppToken(backend, fan.user, app)).rpc('mediaid_app_info', {
      p_client_id: app,
    });
    expect(viaApp.data).toBeNull();
    expect(viaApp.error?.message).toBe('invalid_token');
  });
});

describe('grants and the access log stay the user’s own', () => {
  it('another user sees, revokes and widens none of the fan’s grants and reads none of their log', async () => {
    const token = await mediaidToken(backend, fan.user, app);
    expect((await apiCall(backend, token, 'api_get_preferences')).error).toBeNull();
    expect((await fan.client.from('mediaid_access_log').select('action')).data).toContainEqual({
      action: 'read your genre preferences and interests',
    });
    expect((await other.client.from('mediaid_grants').select('*').eq('user_id', fan.user.id)).data).toEqual([]);
    expect((await other.client.from('mediaid_access_log').select('*').eq('user_id', fan.user.id)).data).toEqual([]);
    const revoked = await other.client
      .from('mediaid_grants')
      .update({ revoked_at: new Date().toISOString() })
      .eq('user_id', fan.user.id)
      .select();
    expect(revoked.data).toEqual([]);
    // upserting the fan's grant id as someone else is refused, and the fan's grant is untouched
    const hijack = await other.client
      .from('mediaid_grants')
      .upsert({ user_id: fan.user.id, client_id: app, role: 'fan', scopes: ['media:read', 'preferences:read'] });
    expect(hijack.error).not.toBeNull();
    const mine = await fan.client.from('mediaid_grants').select('scopes, revoked_at').eq('client_id', app).single();
    expect(mine.data).toEqual({ scopes: ['preferences:read'], revoked_at: null });
  });

  it('the consent screen’s upsert widens a grant, and re-grants after a revoke with a fresh granted_at', async () => {
    const first = await fan.client.from('mediaid_grants').select('granted_at').eq('client_id', app).single();
    const widened = await fan.client
      .from('mediaid_grants')
      .upsert(
        { client_id: app, role: 'fan', scopes: ['media:read', 'preferences:read'], revoked_at: null },
        { onConflict: 'user_id,client_id' },
      )
      .select('scopes, granted_at, revoked_at')
      .single();
    expect(widened.error).toBeNull();
    expect(widened.data).toMatchObject({ scopes: ['media:read', 'preferences:read'], revoked_at: null });
    expect(widened.data?.granted_at).toBe(first.data?.granted_at);
    await fan.client.from('mediaid_grants').update({ revoked_at: new Date().toISOString() }).eq('client_id', app);
    const again = await fan.client
      .from('mediaid_grants')
      .upsert(
        { client_id: app, role: 'fan', scopes: ['preferences:read'], revoked_at: null },
        { onConflict: 'user_id,client_id' },
      )
      .select('granted_at, revoked_at')
      .single();
    expect(again.error).toBeNull();
    expect(again.data?.revoked_at).toBeNull();
    expect(new Date(again.data!.granted_at).getTime()).toBeGreaterThan(new Date(first.data!.granted_at).getTime());
  });

  it('an OAuth client id (a UUID from the admin API) can be an app’s client_id', async () => {
    const clientId = randomUUID();
    const { error } = await serviceClient(backend)
      .from('developer_apps')
      .insert({
        id: randomUUID(),
        owner_id: dev.user.id,
        name: 'OAuth App',
        client_id: clientId,
        client_secret_hash: '0'.repeat(64),
        redirect_uris: ['https://oauth.example/callback'],
        scopes: ['preferences:read'],
      });
    expect(error).toBeNull();
    expect((await fan.client.rpc('mediaid_app_info', { p_client_id: clientId })).data).toEqual([
      { client_id: clientId, name: 'OAuth App', scopes: ['preferences:read'] },
    ]);
  });
});
