/**
 * Fan tables against the local backend through supabase-js: the seeded sample fan, RLS (another
 * fan's interactions, comments, claims and subscriptions are invisible and unwritable), and the
 * server's refusals — a locked or already-claimed day, a comment under fanTierRequired, a fan
 * granting themselves a paid tier — through REST and through sync_push alike.
 */
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserClient, seedSampleFan, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';

type Actor = { client: SupabaseClient; user: User };
let backend: LocalBackend;
let A: Actor;
let B: Actor;
const drop = (fan: Actor, key: string) => `${fan.user.id}|${key}`;

beforeAll(async () => {
  backend = await withBackend();
  A = await createUserClient(backend, uniqueEmail('fan-a'), 'fan-a-pass');
  B = await createUserClient(backend, uniqueEmail('fan-b'), 'fan-b-pass');
  for (const fan of [A, B]) await seedSampleFan(backend, fan.user.id);
});

afterAll(async () => {
  await backend?.stop();
});

describe('the spec\'s sample fan, seeded on purpose (sign-up creates nothing since issue 31)', () => {
  it('30 days, days up to 7 unlocked, first 5 claimed, day 6 today, tier 3, streak 5', async () => {
    const rewards = await A.client.from('daily_rewards').select('*').order('day');
    expect(rewards.error).toBeNull();
    expect(rewards.data).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(rewards.data!.find((r) => r.day === 6)?.unlock_date).toBe(today);
    const unlocked = rewards.data!.filter((r) => r.unlock_date <= today || r.unlocked_early).map((r) => r.day);
    expect(unlocked).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const claims = await A.client.from('reward_claims').select('day').order('day');
    expect(claims.data!.map((c) => c.day)).toEqual([1, 2, 3, 4, 5]);
    const subs = await A.client.from('subscriptions').select('tier');
    expect(subs.data).toEqual([{ tier: 'tier3' }]);
    const items = await A.client.from('locker_items').select('id, fan_tier_required');
    expect(items.data!.length).toBe(6);
  });

  it('seeding is idempotent and touches no other fan', async () => {
    await seedSampleFan(backend, A.user.id);
    expect((await A.client.from('daily_rewards').select('id')).data).toHaveLength(30);
    const C = await createUserClient(backend, uniqueEmail('fan-unseeded'), 'fan-unseeded-pass');
    // C's own calendar is the real one every account gets, not a sample
    const own = (await C.client.from('daily_rewards').select('source')).data ?? [];
    expect(own.filter((d) => d.source === 'sample')).toEqual([]);
  });
});

describe('RLS: another fan sees and changes nothing of mine', () => {
  beforeAll(async () => {
    const r = await A.client
      .from('locker_interactions')
      .insert({ fan_id: A.user.id, item_id: drop(A, 'drop-static-bloom'), reaction: 'fire', saved: true });
    expect(r.error).toBeNull();
    const c = await A.client.from('locker_comments').insert({ fan_id: A.user.id, item_id: drop(A, 'drop-static-bloom'), body: 'mine' });
    expect(c.error).toBeNull();
  });

  it.each(['locker_items', 'locker_interactions', 'locker_comments', 'subscriptions', 'daily_rewards', 'reward_claims'])(
    '%s: B reads none of A’s rows',
    async (table) => {
      const { data, error } = await B.client.from(table).select('*').eq('fan_id', A.user.id);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    },
  );

  it('B cannot write rows in A’s name or change A’s rows', async () => {
    const asA = { fan_id: A.user.id };
    expect((await B.client.from('locker_interactions').insert({ ...asA, item_id: drop(A, 'drop-rust-belt-demo') })).error).not.toBeNull();
    expect((await B.client.from('locker_comments').insert({ ...asA, item_id: drop(A, 'drop-rust-belt-demo'), body: 'x' })).error).not.toBeNull();
    expect((await B.client.from('reward_claims').insert({ ...asA, day: 6 })).error).not.toBeNull();
    expect((await B.client.from('subscriptions').insert({ ...asA, artist_id: 'x' })).error).not.toBeNull();
    const upd = await B.client.from('locker_interactions').update({ reaction: 'heart' }).eq('fan_id', A.user.id).select();
    expect(upd.data ?? []).toEqual([]);
    const del = await B.client.from('subscriptions').update({ _deleted: true }).eq('fan_id', A.user.id).select();
    expect(del.data ?? []).toEqual([]);
    const mine = await backend.query('select reaction from public.locker_interactions where fan_id = $1', [A.user.id]);
    expect(mine.rows).toEqual([{ reaction: 'fire' }]);
  });

  it('B cannot react to A’s personal drop (not visible to B)', async () => {
    const r = await B.client.from('locker_interactions').insert({ fan_id: B.user.id, item_id: drop(A, 'drop-static-bloom') });
    expect(r.error).not.toBeNull();
  });

  it('drops and calendars are read-only for fans', async () => {
    const r = await A.client.from('daily_rewards').update({ unlock_date: '2000-01-01' }).eq('fan_id', A.user.id).select();
    expect(r.error ?? (r.data ?? []).length === 0).toBeTruthy();
    const i = await A.client.from('locker_items').update({ fan_tier_required: 0 }).eq('fan_id', A.user.id).select();
    expect(i.error ?? (i.data ?? []).length === 0).toBeTruthy();
  });
});

describe('server refusals', () => {
  it('refuses a claim of a locked day and a second claim of the same day', async () => {
    const locked = await A.client.from('reward_claims').insert({ fan_id: A.user.id, day: 10 });
    expect(locked.error?.message).toMatch(/still locked/);
    expect((await A.client.from('reward_claims').insert({ fan_id: A.user.id, day: 6 })).error).toBeNull();
    expect((await A.client.from('reward_claims').insert({ fan_id: A.user.id, day: 6 })).error).not.toBeNull();
    expect((await A.client.from('reward_claims').insert({ fan_id: A.user.id, day: 7 })).error).toBeNull(); // early unlock
  });

  it('never withdraws a claim', async () => {
    const r = await A.client.from('reward_claims').update({ _deleted: true }).eq('id', `${A.user.id}|6`).select();
    expect(r.error).not.toBeNull();
  });

  it('refuses a comment under the drop’s fan tier and a self-granted paid tier', async () => {
    // B is tier 3 from the sample; drop to free and the tier-3 drop refuses the comment.
    expect((await B.client.from('subscriptions').update({ tier: 'free', price: 0 }).eq('fan_id', B.user.id)).error).toBeNull();
    const refused = await B.client.from('locker_comments').insert({ fan_id: B.user.id, item_id: drop(B, 'drop-static-bloom'), body: 'hi' });
    expect(refused.error?.message).toMatch(/Tier 3\+ Required to Comment/);
    const ok = await B.client.from('locker_comments').insert({ fan_id: B.user.id, item_id: drop(B, 'drop-rust-belt-demo'), body: 'hi' });
    expect(ok.error).toBeNull();
    expect((await B.client.from('subscriptions').update({ tier: 'tier3' }).eq('fan_id', B.user.id)).error).not.toBeNull();
    expect((await B.client.from('subscriptions').insert({ fan_id: B.user.id, artist_id: 'nyx-hollow', tier: 'tier2' })).error).not.toBeNull();
  });

  it('sync_push applies the same rules: a locked claim and an under-tier comment come back as row errors', async () => {
    const claim = await A.client.rpc('sync_push', {
      p_table: 'reward_claims',
      p_rows: [{ new: { id: `${A.user.id}|12`, fan_id: A.user.id, day: 12, claimed_at: new Date().toISOString(), _deleted: false }, assumed: null }],
    });
    expect(claim.error).toBeNull();
    expect(claim.data[0].error.message).toMatch(/still locked/);
    const comment = await B.client.rpc('sync_push', {
      p_table: 'locker_comments',
      p_rows: [{ new: { id: crypto.randomUUID(), fan_id: B.user.id, item_id: drop(B, 'drop-paper-lungs-event'), body: 'x', _deleted: false }, assumed: null }],
    });
    expect(comment.data[0].error.message).toMatch(/Tier 3\+ Required to Comment/);
    const again = await A.client.rpc('sync_push', {
      p_table: 'reward_claims',
      p_rows: [{ new: { id: `${A.user.id}|6`, fan_id: A.user.id, day: 6, _deleted: false }, assumed: null }],
    });
    expect(again.data[0].conflict.day).toBe(6); // already claimed: the server's row comes back
  });
});

describe('following a real artist through sync_push (the client’s offline-first path)', () => {
  it('follow at free, unfollow, follow again; the full pushed document is accepted each time', async () => {
    const artistId = crypto.randomUUID(); // a real artist is their auth user id (as text)
    const id = `${A.user.id}|${artistId}`;
    const now = new Date().toISOString();
    const doc = { id, fan_id: A.user.id, artist_id: artistId, artist_name: 'Real Artist', tier: 'free', price: 0, created_at: now, updated_at: now };
    const push = async (row: Record<string, unknown>, assumed: Record<string, unknown> | null) =>
      (await A.client.rpc('sync_push', { p_table: 'subscriptions', p_rows: [{ new: row, assumed }] })).data as { error?: unknown }[];
    const current = async () => (await backend.query('select * from public.subscriptions where id = $1', [id])).rows[0] as Record<string, unknown>;

    expect(await push({ ...doc, _deleted: false }, null)).toEqual([]);
    const followed = await current();
    expect(followed).toMatchObject({ tier: 'free', price: 0, _deleted: false });
    expect(await push({ ...doc, _deleted: true }, { _modified: followed._modified })).toEqual([]);
    const unfollowed = await current();
    expect(unfollowed._deleted).toBe(true);
    expect(await push({ ...doc, _deleted: false }, { _modified: unfollowed._modified })).toEqual([]);
    expect(await current()).toMatchObject({ tier: 'free', price: 0, _deleted: false });
    // …but never a paid tier or a price from the device
    const refused = await push({ ...doc, tier: 'tier2', price: 10, _deleted: false }, { _modified: (await current())._modified });
    expect(refused).toHaveLength(1);
    expect(refused[0]!.error).toBeTruthy();
  });
});
