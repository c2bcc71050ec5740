/**
 * RLS attack suite, privilege and server-owned classes (issue 16 "default privileges win over the
 * migrations' grants" and "server-owned fields writable"): through the real supabase-js client,
 * anon and a signed-in fan call service-only helpers, hard-delete rows the product soft-deletes,
 * regain a cancelled tier, resume/move/reprice a paid subscription and write server-owned
 * columns. Each attempt must be refused or leave the server's value in place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomUUID } from 'node:crypto';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import {
  anonClient,
  createUserClient,
  seedSampleFan,
  serviceClient,
  uniqueEmail,
  withBackend,
  type LocalBackend,
} from '../helpers/backend';
import { AttackLog, pushAttack } from './rls-attack-helpers';

type Actor = { client: SupabaseClient; user: User; accessToken: string };
let backend: LocalBackend;
let fan: Actor;
let other: Actor;
let anon: SupabaseClient;
const log = new AttackLog('RLS attack suite (privileges, server-owned columns)');
const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await backend.query(sql, params)).rows as T[];
const subOf = (who: Actor, artist: string) => q<{ tier: string; price: number; _deleted: boolean; artist_id: string }>(
  'select tier, price, _deleted, artist_id from public.subscriptions where fan_id = $1 and artist_id = $2', [who.user.id, artist]);

beforeAll(async () => {
  backend = await withBackend();
  fan = await createUserClient(backend, uniqueEmail('fan'), 'fan-pass-1');
  other = await createUserClient(backend, uniqueEmail('other'), 'other-pass-1');
  // The spec's sample fan, seeded on purpose (sign-up creates nothing since issue 31).
  for (const who of [fan, other]) await seedSampleFan(backend, who.user.id);
  anon = anonClient(backend);
});
afterAll(async () => {
  log.report();
  await backend?.stop();
});

describe('service-only helpers and hard deletes', () => {
  it('anon and fans cannot call fan_tier, generate_fan_sample or the policy helpers', async () => {
    // A deleted tier-3 sample subscription must not come back through generate_fan_sample.
    await q('delete from public.subscriptions where fan_id = $1', [other.user.id]);
    const args = { p_fan: other.user.id, p_signed_up: new Date().toISOString() };
    for (const [name, c] of [['anon', anon], ['fan', fan.client]] as const) {
      await log.refused(`${name} calls fan_tier`, () => c.rpc('fan_tier', { p_fan: fan.user.id }));
      await log.refused(`${name} calls generate_fan_sample for another user`, async () => {
        const r = await c.rpc('generate_fan_sample', args);
        return { error: r.error, data: r.error ? null : await subOf(other, 'bti') };
      });
    }
    for (const [fn, a] of [['holds_role', { p_user: fan.user.id, p_role: 'fan' }], ['can_read_object', { p_bucket: 'content', p_name: 'x/y' }],
      ['ensure_fan_sample', {}], ['is_api_caller', {}], ['sync_push', { p_table: 'profiles', p_rows: [] }]] as const) {
      await log.refused(`anon calls ${fn}`, () => anon.rpc(fn, a));
    }
    expect(await subOf(other, 'bti')).toEqual([]);
  });

  it('no hard delete of rows the product soft-deletes; a claimed day stays claimed', async () => {
    const claims = () => q('select day, claimed_at from public.reward_claims where fan_id = $1 order by day', [fan.user.id]);
    const before = await claims();
    await log.refused('fan hard-deletes a reward claim', () => fan.client.from('reward_claims').delete().eq('id', `${fan.user.id}|5`).select());
    await log.refused('fan claims day 5 again', () => fan.client.from('reward_claims').insert({ fan_id: fan.user.id, day: 5 }).select());
    expect(await claims()).toEqual(before);
    const item = `${fan.user.id}|drop-rust-belt-demo`;
    expect((await fan.client.from('locker_comments').insert({ fan_id: fan.user.id, item_id: item, body: 'hi' })).error).toBeNull();
    expect((await fan.client.from('locker_interactions').insert({ fan_id: fan.user.id, item_id: item, saved: true })).error).toBeNull();
    expect((await fan.client.from('profiles').insert({ id: fan.user.id, display_name: 'Fan' })).error).toBeNull();
    expect((await fan.client.from('media_ids').insert({ user_uuid: fan.user.id, role: 'fan' })).error).toBeNull();
    for (const [table, col] of [['locker_comments', 'fan_id'], ['locker_interactions', 'fan_id'], ['subscriptions', 'fan_id'],
      ['profiles', 'id'], ['media_ids', 'user_uuid'], ['media_engagement_log', 'user_id']] as const) {
      await log.refused(`fan hard-deletes own ${table}`, () => fan.client.from(table).delete().eq(col, fan.user.id).select());
    }
  });

  it('a stepped-down fan cannot regain tier 3 by cancelling and asking for the sample again', async () => {
    expect((await fan.client.from('subscriptions').update({ tier: 'free' }).eq('artist_id', 'bti')).error).toBeNull();
    expect(await subOf(fan, 'bti')).toMatchObject([{ tier: 'free', price: 0 }]);
    await log.refused('fan deletes the stepped-down subscription', () => fan.client.from('subscriptions').delete().eq('artist_id', 'bti').select());
    expect((await fan.client.from('subscriptions').update({ _deleted: true }).eq('artist_id', 'bti')).error).toBeNull();
    await log.unchanged('fan asks for the sample again (the RPC is gone)', () => fan.client.rpc('ensure_fan_sample'), () => subOf(fan, 'bti'));
    expect(await subOf(fan, 'bti')).toMatchObject([{ tier: 'free', _deleted: true }]);
  });
});

describe('subscriptions: paid rows are the payment side’s', () => {
  beforeAll(async () => {
    // Paid by the payment side: a cancelled tier2 and an active tier3.
    await q(`insert into public.subscriptions (fan_id, artist_id, tier, price, _deleted) values ($1, 'nyx-hollow', 'tier2', 10, true), ($1, 'kilo-verse', 'tier3', 20, false)`, [other.user.id]);
  });

  it('no un-delete of a cancelled paid row, no move, no price change, no paid insert', async () => {
    const c = other.client;
    await log.refused('un-delete a cancelled paid row', () => c.from('subscriptions').update({ _deleted: false }).eq('artist_id', 'nyx-hollow').select());
    const cur = (await q<{ _modified: Date }>('select _modified from public.subscriptions where id = $1', [`${other.user.id}|nyx-hollow`]))[0]!;
    await log.refused('un-delete via sync_push', () => pushAttack(c, 'subscriptions', [{ new: { id: `${other.user.id}|nyx-hollow`, fan_id: other.user.id, artist_id: 'nyx-hollow', tier: 'tier2', _deleted: false }, assumed: { _modified: cur._modified } }]));
    await log.refused('move the paid row to another artist', () => c.from('subscriptions').update({ artist_id: 'mara-sol', id: `${other.user.id}|mara-sol` }).eq('artist_id', 'kilo-verse').select());
    await log.refused('zero the price, keep the tier', () => c.from('subscriptions').update({ price: 0 }).eq('artist_id', 'kilo-verse').select());
    await log.refused('raise the price (a refund trick)', () => c.from('subscriptions').update({ price: 99 }).eq('artist_id', 'kilo-verse').select());
    await log.refused('insert a free row with a price', () => c.from('subscriptions').insert({ fan_id: other.user.id, artist_id: 'hana-drift', price: 8 }).select());
    expect(await subOf(other, 'nyx-hollow')).toEqual([{ tier: 'tier2', price: 10, _deleted: true, artist_id: 'nyx-hollow' }]);
    expect(await subOf(other, 'kilo-verse')).toEqual([{ tier: 'tier3', price: 20, _deleted: false, artist_id: 'kilo-verse' }]);
    // What the product allows: follow again at free, and step down.
    expect((await c.from('subscriptions').update({ _deleted: false, tier: 'free' }).eq('artist_id', 'nyx-hollow')).error).toBeNull();
    expect(await subOf(other, 'nyx-hollow')).toEqual([{ tier: 'free', price: 0, _deleted: false, artist_id: 'nyx-hollow' }]);
  });
});

describe('server-owned columns', () => {
  it('profiles.email_verified and created_at, media_ids.version, content and claim created_at stay the server’s', async () => {
    const c = other.client;
    const old = '2001-01-01T00:00:00+00:00';
    await c.from('profiles').insert({ id: other.user.id, display_name: 'O', email_verified: false, created_at: old });
    const profile = () => q('select email_verified, created_at from public.profiles where id = $1', [other.user.id]);
    const [p] = await profile();
    expect(p).toMatchObject({ email_verified: true }); // the local backend autoconfirms e-mail
    expect((p!.created_at as Date).getUTCFullYear()).toBeGreaterThan(2001);
    await log.unchanged('fan clears email_verified', () => c.from('profiles').update({ email_verified: false }).eq('id', other.user.id), profile);
    await log.unchanged('fan backdates profile created_at', () => c.from('profiles').update({ created_at: old }).eq('id', other.user.id), profile);
    await backend.query('update auth.users set email_confirmed_at = null where id = $1', [other.user.id]);
    await log.unchanged('fan sets email_verified while unconfirmed', () => c.from('profiles').update({ email_verified: true }).eq('id', other.user.id), profile);
    expect((await profile())[0]).toMatchObject({ email_verified: false });

    await c.from('media_ids').insert({ user_uuid: other.user.id, role: 'fan', version: 7 });
    const version = () => q('select version from public.media_ids where user_uuid = $1', [other.user.id]);
    expect(await version()).toEqual([{ version: 1 }]);
    await log.unchanged('fan sets media_ids.version', () => c.from('media_ids').update({ version: 42 }).eq('user_uuid', other.user.id), version);
    await log.unchanged('fan sync_pushes media_ids.version', async () => {
      const [cur] = await q<{ _modified: Date }>('select _modified from public.media_ids where user_uuid = $1', [other.user.id]);
      await c.rpc('sync_push', { p_table: 'media_ids', p_rows: [{ new: { id: `${other.user.id}|fan`, version: 43 }, assumed: { _modified: cur!._modified } }] });
    }, version);
  });

  it('developer_apps: created_at is the server’s; an app an admin disabled stays disabled', async () => {
    const dev = await createUserClient(backend, uniqueEmail('dev'), 'dev-pass-1');
    expect((await dev.client.from('media_ids').insert({ user_uuid: dev.user.id, role: 'developer' })).error).toBeNull();
    // registered as the portal does (the register-app function writes the row with the service role)
    const reg = await dev.client.functions.invoke('register-app', {
      body: { name: 'App', redirect_uris: ['https://app.example/cb'], scopes: ['media:read'] },
    });
    expect(reg.error).toBeNull();
    const id = (reg.data as { app: { id: string } }).app.id;
    const app = () => q('select status, created_at from public.developer_apps where id = $1', [id]);
    expect(((await app())[0]!.created_at as Date).getUTCFullYear()).toBeGreaterThan(2001);
    await log.unchanged('owner backdates created_at', () => dev.client.from('developer_apps').update({ created_at: '2001-01-01T00:00:00Z' }).eq('id', id), app);
    // The owner may pause and resume their own app…
    expect((await dev.client.from('developer_apps').update({ status: 'disabled' }).eq('id', id)).error).toBeNull();
    expect((await dev.client.from('developer_apps').update({ status: 'active' }).eq('id', id)).error).toBeNull();
    // …but not one an admin (service_role) disabled.
    expect((await serviceClient(backend).from('developer_apps').update({ status: 'disabled' }).eq('id', id)).error).toBeNull();
    await log.refused('owner re-enables an admin-disabled app', () => dev.client.from('developer_apps').update({ status: 'active' }).eq('id', id).select());
    await log.refused('owner clears disabled_by_admin', () => dev.client.from('developer_apps').update({ disabled_by_admin: false, status: 'active' }).eq('id', id).select());
    await log.refused('owner re-enables it via sync_push', async () => {
      const [cur] = await q<{ _modified: Date }>('select _modified from public.developer_apps where id = $1', [id]);
      return pushAttack(dev.client, 'developer_apps', [{ new: { id, status: 'active' }, assumed: { _modified: cur!._modified } }]);
    });
    expect((await app())[0]).toMatchObject({ status: 'disabled' });
  });
});

// Nothing in `public` is granted by default (hosted since 30 October 2026): the service role holds
// only what the migrations grant it, and its statements still evaluate triggers and CHECKs.
describe('service_role: what the Edge Functions, the workers and the payment side do', () => {
  it('register-app reads and writes developer_apps; deliver-webhooks claims and records; server helpers run', async () => {
    const svc = serviceClient(backend);
    const dev = await createUserClient(backend, uniqueEmail('svc-dev'), 'dev-pass-1');
    expect((await dev.client.from('media_ids').insert({ user_uuid: dev.user.id, role: 'developer' })).error).toBeNull();
    const hash = (s: string) => createHash('sha256').update(s).digest('hex');
    const id = randomUUID();
    // register-app: is the caller a developer, then the row for the new OAuth client
    const developer = await svc.from('media_ids').select('id').eq('user_uuid', dev.user.id).eq('role', 'developer').eq('_deleted', false);
    expect(developer).toMatchObject({ error: null, data: [{ id: `${dev.user.id}|developer` }] });
    const created = await svc
      .from('developer_apps')
      .insert({
        id,
        owner_id: dev.user.id,
        name: 'Service App',
        description: null,
        client_id: randomUUID(),
        client_secret_hash: hash('first'),
        client_secret_last4: 'irst',
        redirect_uris: ['https://app.example/cb'],
        scopes: ['media:read'],
        status: 'active',
      })
      .select('*');
    expect(created.error).toBeNull();
    const owned = await svc.from('developer_apps').select('*').eq('id', id).eq('owner_id', dev.user.id).eq('_deleted', false);
    expect(owned.data).toHaveLength(1);
    const rotated = await svc.from('developer_apps').update({ client_secret_hash: hash('second'), client_secret_last4: 'cond' }).eq('id', id).select('*');
    expect(rotated.error).toBeNull();
    const removed = await svc.from('developer_apps').update({ _deleted: true }).eq('id', id).select('_deleted');
    expect(removed).toMatchObject({ error: null, data: [{ _deleted: true }] });

    // deliver-webhooks
    expect((await svc.rpc('webhook_outbox_claim', { p_limit: 10, p_lease_seconds: 60 })).error).toBeNull();
    expect((await svc.rpc('webhook_outbox_record', { p_id: randomUUID(), p_status: 200, p_error: null })).error).toBeNull();

    // the payment side raises a followed artist's tier (as the demo seed does); server helpers
    expect((await dev.client.from('subscriptions').insert({ fan_id: dev.user.id, artist_id: 'svc-artist' })).error).toBeNull();
    const paid = await svc.from('subscriptions').update({ tier: 'tier1', price: 5 }).eq('id', `${dev.user.id}|svc-artist`).select('tier');
    expect(paid).toMatchObject({ error: null, data: [{ tier: 'tier1' }] });
    expect((await svc.rpc('fan_tier', { p_fan: dev.user.id })).error).toBeNull();
    expect((await svc.rpc('generate_fan_sample', { p_fan: dev.user.id, p_signed_up: new Date().toISOString() })).error).toBeNull();
  });
});
