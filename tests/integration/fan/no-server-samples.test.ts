/**
 * the server creates nothing a fan did not do. A new account has no subscription,
 * claim (streak), calendar or drop; the cleanup removes the sample rows earlier sign-ups got when
 * the fan never touched them, and keeps every row the fan did touch. Fans cannot call the
 * generator or the cleanup, and still cannot withdraw a claim themselves.
 */
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';

type Actor = { client: SupabaseClient; user: User };
let backend: LocalBackend;

beforeAll(async () => {
  backend = await withBackend();
});
afterAll(async () => {
  await backend?.stop();
});

const live = async (table: string, fan: string, extra = '') =>
  (
    await backend.query(`select id from public.${table} where fan_id = $1 and not _deleted ${extra} order by id`, [fan])
  ).rows.map((r: { id: string }) => r.id);

/** An account from before this issue: the sign-up sample, as the old trigger made it. */
async function oldFan(tag: string): Promise<Actor> {
  const fan = await createUserClient(backend, uniqueEmail(tag), `${tag}-pass-1`);
  await backend.query('select public.generate_fan_sample(u.id, u.created_at) from auth.users u where u.id = $1', [
    fan.user.id,
  ]);
  expect(await live('reward_claims', fan.user.id)).toHaveLength(5);
  return fan;
}

const cleanup = async () => (await backend.query('select * from public.remove_untouched_fan_samples()')).rows[0];

describe('a new fan', () => {
  it('has no server-side subscription, claim or drop after sign-up, and a real calendar, no sample', async () => {
    const fan = await createUserClient(backend, uniqueEmail('new-fan'), 'new-fan-pass');
    for (const table of ['subscriptions', 'reward_claims', 'locker_items']) {
      expect((await fan.client.from(table).select('id')).data, table).toEqual([]);
      expect(await live(table, fan.user.id), table).toEqual([]);
    }
    // the calendar is Bucket's own (reward-calendar.test.ts), never the spec's sample fan
    const days = (await fan.client.from('daily_rewards').select('source, artist')).data ?? [];
    expect(days).toHaveLength(30);
    expect(new Set(days.map((d) => `${d.source}:${d.artist}`))).toEqual(new Set(['platform:Bucket']));
  });

  it('cannot ask for a sample, generate one for anybody, or run the cleanup', async () => {
    const fan = await createUserClient(backend, uniqueEmail('rpc-fan'), 'rpc-fan-pass');
    expect((await fan.client.rpc('ensure_fan_sample')).error).not.toBeNull();
    const generated = await fan.client.rpc('generate_fan_sample', {
      p_fan: fan.user.id,
      p_signed_up: new Date().toISOString(),
    });
    expect(generated.error).not.toBeNull();
    expect((await fan.client.rpc('remove_untouched_fan_samples')).error).not.toBeNull();
    expect(await live('subscriptions', fan.user.id)).toEqual([]);
  });
});

describe('remove_untouched_fan_samples', () => {
  let untouched: Actor;
  let touched: Actor;
  let builder: Actor;

  beforeAll(async () => {
    untouched = await oldFan('untouched');
    touched = await oldFan('touched');
    builder = await oldFan('builder');
    const t = touched.user.id;
    // The touched fan stepped the sample subscription down, reacted to one generated claim, and
    // saved one sample drop and commented on another (while tier 3).
    expect((await touched.client.from('reward_claims').update({ reacted: true }).eq('id', `${t}|2`)).error).toBeNull();
    const saved = await touched.client
      .from('locker_interactions')
      .insert({ fan_id: t, item_id: `${t}|drop-rust-belt-demo`, saved: true });
    expect(saved.error).toBeNull();
    const said = await touched.client
      .from('locker_comments')
      .insert({ fan_id: t, item_id: `${t}|drop-shibuya-visual`, body: 'mine' });
    expect(said.error).toBeNull();
    expect(
      (await touched.client.from('subscriptions').update({ tier: 'free' }).eq('artist_id', 'bti')).error,
    ).toBeNull();
    // The builder claimed today's day 6 themselves: their calendar is in use.
    expect((await builder.client.from('reward_claims').insert({ fan_id: builder.user.id, day: 6 })).error).toBeNull();
  });

  it('soft-deletes what the fan never touched and keeps what they did', async () => {
    const counts = await cleanup();
    expect(counts).toEqual({ subscriptions: 2, claims: 14, calendar_days: 30, drops: 16 });

    const u = untouched.user.id;
    for (const table of ['subscriptions', 'reward_claims', 'daily_rewards', 'locker_items']) {
      expect(await live(table, u), table).toEqual([]);
    }
    // Soft deletes: a synced device pulls the tombstones and drops the rows.
    expect(
      (await backend.query('select count(*)::int n from public.daily_rewards where fan_id = $1 and _deleted', [u]))
        .rows[0].n,
    ).toBe(30);

    const t = touched.user.id;
    expect((await touched.client.from('subscriptions').select('tier, _deleted')).data).toEqual([
      { tier: 'free', _deleted: false },
    ]);
    expect(await live('reward_claims', t)).toEqual([`${t}|2`]);
    expect(await live('daily_rewards', t)).toHaveLength(30);
    expect(await live('locker_items', t)).toEqual([`${t}|drop-rust-belt-demo`, `${t}|drop-shibuya-visual`]);

    const b = builder.user.id;
    expect(await live('reward_claims', b)).toEqual([`${b}|6`]);
    expect(await live('daily_rewards', b)).toHaveLength(30);
    expect(await live('subscriptions', b)).toEqual([]);
  });

  it('is idempotent, and a fan still cannot withdraw a claim they made', async () => {
    expect(await cleanup()).toEqual({ subscriptions: 0, claims: 0, calendar_days: 0, drops: 0 });
    const b = builder.user.id;
    const withdrawn = await builder.client.from('reward_claims').update({ _deleted: true }).eq('id', `${b}|6`).select();
    expect(withdrawn.error?.message ?? (withdrawn.data?.length === 0 ? 'no row' : null)).not.toBeNull();
    expect(await live('reward_claims', b)).toEqual([`${b}|6`]);
  });
});
