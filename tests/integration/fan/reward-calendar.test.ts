/**
 * Issue 40 items 1-2 on the local backend, through supabase-js as real fans and artists: every
 * new account gets a 30-day calendar from real sources (Bucket's streak badges without follows),
 * following an artist fills future days with their rewards, claiming does the real thing (a code
 * reserved for the fan and put in their locker, counted for the artist), and the rules hold
 * against attacks (future days, other fans' rows, twice, ran out, other artists' items, negative
 * quantities, server-owned counts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtistClient, createUserClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';
import { STORED_OBJECT, storedObjectsSql } from '../../fixtures/content-items';
import { daysPass, isoDay, type Actor } from './reward-helpers';

let backend: LocalBackend;
let artist: Actor;
let otherArtist: Actor;

beforeAll(async () => {
  backend = await withBackend();
  artist = await createArtistClient(backend, uniqueEmail('reward-artist'), 'reward-artist-pass', 'Nova Reward');
  otherArtist = await createArtistClient(backend, uniqueEmail('other-artist'), 'other-artist-pass', 'Other Artist');
});
afterAll(async () => {
  await backend?.stop();
});

const calendar = async (fan: Actor) =>
  (await fan.client.from('daily_rewards').select('*').order('day')).data as Array<Record<string, unknown>>;

async function newFan(tag: string): Promise<Actor> {
  return createUserClient(backend, uniqueEmail(tag), `${tag}-pass-1`);
}

const follow = (fan: Actor, artistId: string) =>
  fan.client.from('subscriptions').insert({ fan_id: fan.user.id, artist_id: artistId, artist_name: 'Nova Reward' });

/** Puts up a reward as the artist; returns once the followers' calendar fills it queued have run. */
async function putUp(who: Actor, args: Record<string, unknown>) {
  const put = await who.client.rpc('put_up_reward', {
    p_kind: 'code',
    p_title: 'Merch code',
    p_description: '15% off the tour shirt',
    p_tier: 0,
    p_quantity: null,
    p_starts_on: isoDay(0),
    p_ends_on: isoDay(40),
    ...args,
  });
  await backend.calendarJobs.runNow();
  return put;
}

describe('a new fan', () => {
  it('gets 30 real days from sign-up: day 1 is today, Bucket streak badges name their source', async () => {
    const fan = await newFan('cal-new');
    const days = await calendar(fan);
    expect(days.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(days[0]).toMatchObject({ unlock_date: isoDay(0), source: 'platform', artist: 'Bucket', type: 'bonus' });
    expect(days[29]).toMatchObject({ unlock_date: isoDay(29), rarity: 'legendary' });
    expect(String(days[6]!.description)).toMatch(/^Bucket streak reward/);
    // generation is idempotent: running it again changes nothing and never adds a day
    await backend.query('select private.fill_reward_calendar($1)', [fan.user.id]);
    await backend.query('select private.fill_reward_calendar($1)', [fan.user.id]);
    expect(await calendar(fan)).toEqual(days);
  });

  it("claims today: the badge lands in the locker; a future day, another fan's day and a second claim are refused", async () => {
    const fan = await newFan('cal-claim');
    const other = await newFan('cal-other');
    expect((await fan.client.from('reward_claims').insert({ fan_id: fan.user.id, day: 1 })).error).toBeNull();
    const locker = await fan.client.from('locker_items').select('title, artist, fan_id').eq('fan_id', fan.user.id);
    expect(locker.data).toEqual([{ title: 'Day 1 Check-in Badge', artist: 'Bucket', fan_id: fan.user.id }]);

    const future = await fan.client.from('reward_claims').insert({ fan_id: fan.user.id, day: 2 });
    expect(future.error?.message).toMatch(/Day 2 is still locked - come back on/);
    const twice = await fan.client.from('reward_claims').insert({ fan_id: fan.user.id, day: 1 });
    expect(twice.error).not.toBeNull();
    const theirs = await fan.client.from('reward_claims').insert({ fan_id: other.user.id, day: 1 });
    expect(theirs.error).not.toBeNull();
    expect(
      (await backend.query('select count(*)::int n from public.reward_claims where fan_id = $1', [other.user.id]))
        .rows[0].n,
    ).toBe(0);
  });
});

describe('artists put up rewards', () => {
  it('a follower gets the code on a future day, claims it when it comes: one code, theirs, counted', async () => {
    const fan = await newFan('cal-follow');
    const put = await putUp(artist, { p_codes: ['NOVA-A1', 'NOVA-B2'], p_tier: 0 });
    expect(put.error).toBeNull();
    const offer = put.data as string;
    expect((await follow(fan, artist.user.id)).error).toBeNull();
    const days = await calendar(fan);
    const withOffer = days.filter((d) => d.offer_id === offer);
    expect(withOffer).toHaveLength(1); // once per fan, on the first future day
    expect(withOffer[0]).toMatchObject({ day: 2, type: 'code', source: 'artist', artist: 'Nova Reward' });
    expect(String(withOffer[0]!.description)).toMatch(/^From Nova Reward, an artist you follow/);
    expect(String(withOffer[0]!.description)).not.toMatch(/NOVA-/);

    await daysPass(backend, fan.user.id, 1);
    expect((await fan.client.from('reward_claims').insert({ fan_id: fan.user.id, day: 2 })).error).toBeNull();
    const code = await fan.client
      .from('locker_items')
      .select('code_value, type, artist')
      .eq('id', `${fan.user.id}|reward-${offer}`);
    expect(code.data).toEqual([{ code_value: 'NOVA-A1', type: 'code', artist: 'Nova Reward' }]);
    expect((await calendar(fan)).find((d) => d.day === 2)!.description).toMatch(/^Your code: NOVA-A1\. /);

    const mine = await artist.client.rpc('my_reward_offers');
    expect(mine.data).toEqual([expect.objectContaining({ id: offer, claimed_count: 1, quantity: 2, codes_left: 1 })]);
    // the artist sees counts, never the claimers: the code pool and claim list are not readable
    expect((await otherArtist.client.rpc('my_reward_offers')).data).toEqual([]);
    expect((await fan.client.from('reward_offers').select('id')).data).toEqual([]);
  });

  it('a limited reward that ran out is refused with a clear message and never given twice', async () => {
    const put = await putUp(artist, { p_kind: 'item', p_title: 'Signed setlist', p_quantity: 1, p_codes: null });
    expect(put.error).toBeNull();
    const [a, b] = [await newFan('cal-ran-a'), await newFan('cal-ran-b')];
    for (const f of [a, b]) {
      expect((await follow(f, artist.user.id)).error).toBeNull();
      await daysPass(backend, f.user.id, 5);
    }
    const dayOf = async (f: Actor) => (await calendar(f)).find((d) => d.offer_id === put.data)!.day as number;
    expect((await a.client.from('reward_claims').insert({ fan_id: a.user.id, day: await dayOf(a) })).error).toBeNull();
    const late = await b.client.from('reward_claims').insert({ fan_id: b.user.id, day: await dayOf(b) });
    expect(late.error?.message).toMatch(/this reward ran out before your claim reached Bucket, so nothing was given/);
    const given = await backend.query('select count(*)::int n from public.locker_items where id like $1', [
      `%|reward-${put.data}`,
    ]);
    expect(given.rows[0].n).toBe(1);
  });

  it('a fan who follows nobody gets platform-pool rewards artists opted in', async () => {
    const put = await putUp(otherArtist, {
      p_kind: 'item',
      p_title: 'Pool wallpaper',
      p_platform_pool: true,
      p_codes: null,
    });
    expect(put.error).toBeNull();
    const fan = await newFan('cal-pool');
    const day = (await calendar(fan)).find((d) => d.offer_id === put.data);
    expect(day).toMatchObject({ source: 'platform', artist: 'Other Artist' });
    expect(String(day!.description)).toMatch(/^Bucket streak reward from Other Artist/);
  });

  it("refuses other artists' items, fans, bad quantities and dates, and writes to the server-owned count", async () => {
    const path = `${otherArtist.user.id}/1-theirs.mp3`;
    await backend.query(storedObjectsSql([path]));
    const item = await otherArtist.client
      .from('content_items')
      .insert({
        artist_id: otherArtist.user.id,
        title: 'Theirs',
        file_path: path,
        file_type: STORED_OBJECT.mimetype,
        file_size: STORED_OBJECT.size,
      })
      .select('id')
      .single();
    expect(item.error).toBeNull();
    const stolen = await putUp(artist, { p_kind: 'item', p_content_id: item.data!.id, p_codes: null });
    expect(stolen.error?.message).toBe('You can only offer your own items');
    expect((await putUp(artist, { p_kind: 'item', p_quantity: -5, p_codes: null })).error?.message).toBe(
      'How many must be at least 1',
    );
    expect((await putUp(artist, { p_kind: 'item', p_quantity: 0, p_codes: null })).error).not.toBeNull();
    expect((await putUp(artist, { p_codes: [] })).error?.message).toBe('Add between 1 and 10,000 codes');
    expect((await putUp(artist, { p_codes: ['X'], p_starts_on: isoDay(-3) })).error).not.toBeNull();
    const fan = await newFan('cal-not-artist');
    expect((await putUp(fan, { p_codes: ['FREE'] })).error?.message).toBe('Only artists can put up rewards');

    const own = await putUp(artist, { p_codes: ['ONLY-1'] });
    const forged = await artist.client
      .from('reward_offers')
      .update({ claimed_count: 0, quantity: 999 })
      .eq('id', own.data);
    expect(forged.error).not.toBeNull();
    const inserted = await artist.client.from('reward_offers').insert({
      artist_id: artist.user.id,
      kind: 'item',
      title: 'x',
      starts_on: isoDay(0),
      ends_on: isoDay(1),
      claimed_count: -1,
    });
    expect(inserted.error).not.toBeNull();
    const row = await backend.query('select quantity, claimed_count from public.reward_offers where id = $1', [
      own.data,
    ]);
    expect(row.rows[0]).toEqual({ quantity: 1, claimed_count: 0 });
  });
});
