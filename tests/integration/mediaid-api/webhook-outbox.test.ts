/**
 * The webhook outbox, data side (migration 20261127600000_mediaid_api): rows written by triggers
 * in the transaction of the change — `preference.updated` once per subscribed endpoint of each app
 * with a live preferences:read grant, naming changed fields the app may read, never values;
 * `permission.revoked` exactly once per subscribed endpoint per revocation — claimable by a
 * delivery worker (service_role) without double sending, readable by the app's developer only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, withBackend, type LocalBackend } from '../helpers/backend';
import { grant, person, registerApp, revoke, type Actor } from './helpers';

let backend: LocalBackend;
let dev: Actor;
let app: string;
const hooks: Record<'all' | 'revokes' | 'off', string> = { all: '', revokes: '', off: '' };

interface OutboxRow {
  webhook_id: string;
  client_id: string;
  event_type: string;
  payload: { type: string; data: Record<string, unknown> };
}

async function outbox(userId: string): Promise<OutboxRow[]> {
  return (
    await backend.query(
      "select webhook_id::text, client_id, event_type, payload from public.webhook_outbox where payload -> 'data' ->> 'user_id' = $1 order by created_at, webhook_id",
      [userId],
    )
  ).rows as OutboxRow[];
}

async function hook(url: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await dev.client
    .from('developer_webhooks')
    .insert({ client_id: app, url, ...extra })
    .select('id')
    .single();
  expect(r.error).toBeNull();
  return r.data!.id as string;
}

beforeAll(async () => {
  backend = await withBackend();
  dev = await person(backend, ['developer'], {}, 'hook-dev');
  app = await registerApp(dev, ['preferences:read', 'media:read']);
  hooks.all = await hook('https://hooks.example.test/all');
  hooks.revokes = await hook('https://hooks.example.test/revokes', { events: ['permission.revoked'] });
  hooks.off = await hook('https://hooks.example.test/off', { enabled: false });
});
afterAll(async () => {
  await backend.stop();
});

async function grantedFan(scopes = ['preferences:read'], privacy: Record<string, boolean> = {}) {
  const fan = await person(backend, ['fan'], { location_access: false, ...privacy }, 'hook-fan');
  expect((await grant(fan, app, 'fan', scopes)).error).toBeNull();
  return fan;
}

describe('preference.updated', () => {
  it('one row per subscribed endpoint, naming the changed fields and never their values', async () => {
    const fan = await grantedFan();
    expect(
      (
        await fan.client
          .from('media_ids')
          .update({ genre_preferences: ['secret-genre-x'] })
          .eq('role', 'fan')
      ).error,
    ).toBeNull();
    const rows = await outbox(fan.user.id);
    expect(rows.map((r) => [r.webhook_id, r.event_type])).toEqual([[hooks.all, 'preference.updated']]);
    expect(rows[0]!.payload).toEqual({
      type: 'preference.updated',
      timestamp: expect.any(String),
      data: { user_id: fan.user.id, role: 'fan', changed: ['genre_preferences'] },
    });
    expect(JSON.stringify(rows[0]!.payload)).not.toContain('secret-genre-x');
  });

  it('says nothing of a field the app may not read, but names a switch that changes what it may', async () => {
    const fan = await grantedFan();
    await fan.client.from('media_ids').update({ location_code: 'FR' }).eq('role', 'fan'); // location_access is off
    expect(await outbox(fan.user.id)).toEqual([]);
    await fan.client
      .from('media_ids')
      .update({
        privacy_settings: {
          data_sharing: false,
          location_access: false,
          audio_capture: false,
          anonymous_logging: false,
          marketing_communications: false,
        },
      })
      .eq('role', 'fan');
    expect((await outbox(fan.user.id)).map((r) => r.payload.data.changed)).toEqual([['privacy_settings.data_sharing']]);
    await fan.client
      .from('media_ids')
      .update({ interests: ['hidden'] })
      .eq('role', 'fan'); // data_sharing now off
    expect(await outbox(fan.user.id)).toHaveLength(1);
  });

  it('nothing for a grant without preferences:read, a revoked grant, or a rolled-back change', async () => {
    const noScope = await grantedFan(['media:read']);
    await noScope.client
      .from('media_ids')
      .update({ interests: ['x'] })
      .eq('role', 'fan');
    expect(await outbox(noScope.user.id)).toEqual([]);
    const fan = await grantedFan();
    const tooMany = await fan.client
      .from('media_ids')
      .update({ interests: ['a', 'b', 'c', 'd', 'e', 'f'] })
      .eq('role', 'fan');
    expect(tooMany.error).toBeTruthy(); // the check constraint rolls the statement back, outbox row included
    expect(await outbox(fan.user.id)).toEqual([]);
    expect((await revoke(fan, app)).error).toBeNull();
    const afterRevoke = (await outbox(fan.user.id)).filter((r) => r.event_type === 'preference.updated');
    await fan.client
      .from('media_ids')
      .update({ interests: ['y'] })
      .eq('role', 'fan');
    expect((await outbox(fan.user.id)).filter((r) => r.event_type === 'preference.updated')).toEqual(afterRevoke);
  });
});

describe('permission.revoked', () => {
  it('exactly one per subscribed endpoint, and none for a second revoke', async () => {
    const fan = await grantedFan();
    expect((await revoke(fan, app)).error).toBeNull();
    expect((await revoke(fan, app)).error).toBeNull(); // again: revoked_at stays, nothing is sent
    const viaPush = await fan.client.from('mediaid_grants').update({ _deleted: true }).eq('client_id', app);
    expect(viaPush.error).toBeNull();
    const rows = await outbox(fan.user.id);
    expect(rows.map((r) => r.webhook_id).sort()).toEqual([hooks.all, hooks.revokes].sort());
    for (const r of rows) {
      expect(r.event_type).toBe('permission.revoked');
      expect(r.payload.data).toEqual({ user_id: fan.user.id, role: 'fan', revoked_at: expect.any(String) });
    }
  });
});

describe('endpoints and their deliveries', () => {
  it('the secret is the server’s (whsec_, 32 bytes) and nobody but the owner sees endpoints or deliveries', async () => {
    const chosen = await dev.client
      .from('developer_webhooks')
      .insert({ client_id: app, url: 'https://hooks.example.test/chosen', secret: `whsec_${'A'.repeat(43)}=` })
      .select('secret')
      .single();
    expect(chosen.error).toBeNull();
    expect(chosen.data!.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(chosen.data!.secret).not.toBe(`whsec_${'A'.repeat(43)}=`);
    expect(Buffer.from(chosen.data!.secret.slice(6), 'base64')).toHaveLength(32);
    const changed = await dev.client
      .from('developer_webhooks')
      .update({ secret: `whsec_${'B'.repeat(43)}=` })
      .eq('url', 'https://hooks.example.test/chosen')
      .select('secret')
      .single();
    expect(changed.data!.secret).toBe(chosen.data!.secret);

    const rival = await person(backend, ['developer'], {}, 'hook-rival');
    const planted = await rival.client
      .from('developer_webhooks')
      .insert({ client_id: app, url: 'https://evil.example.test/' });
    expect(planted.error?.code).toBe('42501');
    expect((await rival.client.from('developer_webhooks').select('id')).data).toEqual([]);
    expect((await rival.client.from('webhook_outbox').select('id')).data).toEqual([]);
    const fan = await grantedFan();
    await fan.client
      .from('media_ids')
      .update({ interests: ['seen'] })
      .eq('role', 'fan');
    expect((await fan.client.from('webhook_outbox').select('id')).data).toEqual([]);
    const mine = await dev.client
      .from('webhook_outbox')
      .select('event_type, payload')
      .eq('event_type', 'preference.updated');
    expect((mine.data ?? []).length).toBeGreaterThan(0);
  });

  it('a worker claims one due message per endpoint once (skip locked, leased), records 500 for a retry and 410 to stop', async () => {
    const fan = await grantedFan();
    await revoke(fan, app);
    const mine = (await outbox(fan.user.id)).map((r) => r.webhook_id);
    expect(mine.length).toBeGreaterThanOrEqual(2); // all, revokes (+ the endpoint the test above added)
    const svc = serviceClient(backend);
    const first = await svc.rpc('webhook_outbox_claim', { p_limit: 100 });
    expect(first.error).toBeNull();
    const claimed = first.data as {
      id: string;
      webhook_id: string;
      url: string;
      secret: string;
      event_type: string;
      attempts: number;
    }[];
    // one message in flight per endpoint: each endpoint with a due message once, its oldest
    expect(new Set(claimed.map((r) => r.webhook_id)).size).toBe(claimed.length);
    expect(claimed.map((r) => r.webhook_id)).toEqual(expect.arrayContaining([...new Set(mine)]));
    expect(
      claimed
        .filter((r) => mine.includes(r.webhook_id))
        .every((r) => r.secret.startsWith('whsec_') && r.url.startsWith('https://') && r.attempts === 1),
    ).toBe(true);
    expect((await svc.rpc('webhook_outbox_claim', { p_limit: 100 })).data).toEqual([]); // leased
    const [a, b] = claimed;
    expect((await svc.rpc('webhook_outbox_record', { p_id: a!.id, p_status: 500, p_error: 'boom' })).error).toBeNull();
    expect((await svc.rpc('webhook_outbox_record', { p_id: b!.id, p_status: 410 })).error).toBeNull();
    const state = (
      await backend.query(
        'select id::text, delivered_at is not null as delivered, gave_up_at is not null as gave_up, next_attempt_at > now() as later, last_status from public.webhook_outbox where id = any($1::uuid[]) order by last_status',
        [[a!.id, b!.id]],
      )
    ).rows;
    expect(state).toEqual([
      { id: b!.id, delivered: false, gave_up: true, later: true, last_status: 410 },
      { id: a!.id, delivered: false, gave_up: false, later: true, last_status: 500 },
    ]);
    // The API roles cannot claim.
    expect((await dev.client.rpc('webhook_outbox_claim', { p_limit: 1 })).error).toBeTruthy();
  });
});
