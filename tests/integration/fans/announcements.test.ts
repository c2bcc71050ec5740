/**
 * An artist's announcement of an upcoming release (migration 20261128910000): the artist writes a
 * line and a day on their profile; followers' synced subscription rows carry it (server-owned), so
 * their Upcoming panel shows it live and offline; bad input changes nothing; a fan cannot forge it.
 */
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtistClient, createUserClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';

let backend: LocalBackend;
let artist: { client: SupabaseClient; user: User };
let fan: { client: SupabaseClient; user: User };

const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  backend = await withBackend();
  artist = await createArtistClient(backend, uniqueEmail('announce-artist'), 'artist-pass-1', 'Nova Static');
  fan = await createUserClient(backend, uniqueEmail('announce-fan'), 'fan-pass-1');
  const follow = await fan.client
    .from('subscriptions')
    .insert({ fan_id: fan.user.id, artist_id: artist.user.id, artist_name: 'whatever' });
  expect(follow.error).toBeNull();
});
afterAll(async () => {
  await backend.stop();
});

const announce = (fields: Record<string, unknown>) =>
  artist.client.from('profiles').update(fields).eq('id', artist.user.id).select('announcement, announcement_on');

const fanRow = async () =>
  (
    await fan.client
      .from('subscriptions')
      .select('artist_announcement, artist_announcement_on')
      .eq('artist_id', artist.user.id)
      .single()
  ).data;

describe('an announcement of an upcoming release', () => {
  it('reaches the followers’ subscription rows, trimmed; clearing it clears theirs', async () => {
    const r = await announce({ announcement: '  New single — out Friday ', announcement_on: day(3) });
    expect(r.error).toBeNull();
    expect(await fanRow()).toEqual({ artist_announcement: 'New single — out Friday', artist_announcement_on: day(3) });
    expect((await announce({ announcement: null, announcement_on: null })).error).toBeNull();
    expect(await fanRow()).toEqual({ artist_announcement: null, artist_announcement_on: null });
  });

  it('refuses a past day, a day over a year ahead, 81 characters, or a line without a day, changing nothing', async () => {
    expect((await announce({ announcement: 'Album', announcement_on: day(10) })).error).toBeNull();
    for (const bad of [
      { announcement: 'Too late', announcement_on: day(-2) },
      { announcement: 'Too far', announcement_on: day(400) },
      { announcement: 'x'.repeat(81), announcement_on: day(5) },
      { announcement: 'No day', announcement_on: null },
      { announcement: '   ', announcement_on: day(5) },
    ]) {
      const r = await announce(bad);
      expect(r.error, JSON.stringify(bad)).not.toBeNull();
    }
    expect(await fanRow()).toEqual({ artist_announcement: 'Album', artist_announcement_on: day(10) });
  });

  it('a follower who follows later gets it; a fan cannot forge one on their own row, nor announce for the artist', async () => {
    expect((await announce({ announcement: 'Tour dates', announcement_on: day(20) })).error).toBeNull();
    const late = await createUserClient(backend, uniqueEmail('announce-late'), 'fan-pass-1');
    const follow = await late.client
      .from('subscriptions')
      .insert({
        fan_id: late.user.id,
        artist_id: artist.user.id,
        artist_name: 'x',
        artist_announcement: 'FREE MONEY',
        artist_announcement_on: day(1),
      })
      .select('artist_announcement, artist_announcement_on')
      .single();
    expect(follow.data).toEqual({ artist_announcement: 'Tour dates', artist_announcement_on: day(20) });
    const forged = await fan.client
      .from('subscriptions')
      .update({ artist_announcement: 'FREE MONEY' })
      .eq('artist_id', artist.user.id)
      .select('artist_announcement')
      .single();
    expect(forged.data?.artist_announcement ?? 'Tour dates').toBe('Tour dates');
    expect((await fanRow())?.artist_announcement).toBe('Tour dates');
    const hijack = await fan.client
      .from('profiles')
      .update({ announcement: 'FREE MONEY', announcement_on: day(1) })
      .eq('id', artist.user.id)
      .select();
    expect(hijack.data ?? []).toEqual([]);
    expect((await fanRow())?.artist_announcement).toBe('Tour dates');
  });
});
