// Collaborations for real (20261129010000_collaborations.sql): an artist pitches to a brand, the brand
// counters, the artist accepts; both see each step live. Attacks: a third user, a fan, the wrong
// party answering, writing rows or server-owned columns through REST, answering a settled offer.
import type { SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientOptions,
  createArtistClient,
  createUserClient,
  uniqueEmail,
  withBackend,
  type LocalBackend,
} from '../helpers/backend';

let backend: LocalBackend;
let artist: { client: SupabaseClient; id: string };
let brand: { client: SupabaseClient; id: string };
let otherBrand: { client: SupabaseClient; id: string };
let fan: { client: SupabaseClient; id: string };

async function brandClient(name: string) {
  const made = await createUserClient(backend, uniqueEmail('brand'), 'secret-password-1', { role: 'brand' });
  const m = await made.client.from('media_ids').insert({ user_uuid: made.user.id, role: 'brand' });
  if (m.error) throw new Error(m.error.message);
  const p = await made.client.from('profiles').upsert({ id: made.user.id, display_name: name, role: 'brand' });
  if (p.error) throw new Error(p.error.message);
  return { client: made.client, id: made.user.id };
}

const pitch = (to: string, over: Record<string, unknown> = {}) => ({
  p_to: to,
  p_title: 'Night Bus Sessions',
  p_narrative: 'Late-night commuters, one synth line.',
  p_timeline: '3-4 weeks',
  p_reach: '12K followers',
  p_deliverables: 'Two tracks, one live set',
  p_budget: 8000,
  ...over,
});

beforeAll(async () => {
  backend = await withBackend();
  const a = await createArtistClient(backend, uniqueEmail('collab-artist'), 'secret-password-1', 'Nova Static');
  artist = { client: a.client, id: a.user.id };
  brand = await brandClient('Loop Coffee');
  otherBrand = await brandClient('Other Brand');
  const f = await createUserClient(backend, uniqueEmail('collab-fan'), 'secret-password-1');
  await f.client.from('media_ids').insert({ user_uuid: f.user.id, role: 'fan' });
  fan = { client: f.client, id: f.user.id };
});
afterAll(async () => {
  await backend.stop();
});

describe('collaborations between artists and brands', () => {
  it('an artist lists brands by name, pitches, the brand counters live, the artist accepts', async () => {
    const brands = await artist.client.rpc('collab_brands');
    expect(brands.error).toBeNull();
    expect(brands.data).toEqual(
      expect.arrayContaining([
        { id: brand.id, name: 'Loop Coffee' },
        { id: otherBrand.id, name: 'Other Brand' },
      ]),
    );
    expect(JSON.stringify(brands.data)).not.toContain('@');

    // The artist watches its offers live, as the hub does.
    const live = createClient(backend.url, backend.anonKey, {
      ...clientOptions(),
      realtime: { transport: WebSocket as never },
    });
    await live.realtime.setAuth((await artist.client.auth.getSession()).data.session!.access_token);
    const seen: { status: string; budget: number }[] = [];
    await new Promise<void>((resolve, reject) => {
      live
        .channel('collab-test')
        .on('postgres_changes', { event: '*', schema: 'public', table: 'collab_offers' }, (change) =>
          seen.push(change.new as { status: string; budget: number }),
        )
        .subscribe((status) =>
          status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' && reject(new Error(status)),
        );
    });

    const sent = await artist.client.rpc('collab_send', pitch(brand.id));
    expect(sent.error).toBeNull();
    const offer = sent.data as {
      id: string;
      kind: string;
      status: string;
      awaiting: string;
      artist_name: string;
      brand_name: string;
    };
    expect(offer).toMatchObject({
      kind: 'artist_to_brand',
      status: 'pending',
      awaiting: brand.id,
      artist_name: 'Nova Static',
      brand_name: 'Loop Coffee',
    });

    // The brand sees it; answering before the brand is refused for the artist.
    const inbox = await brand.client.from('collab_offers').select('id, title, status').eq('id', offer.id);
    expect(inbox.data).toEqual([{ id: offer.id, title: 'Night Bus Sessions', status: 'pending' }]);
    const early = await artist.client.rpc('collab_respond', { p_id: offer.id, p_action: 'accept' });
    expect(early.error?.message).toBe('The other side has not answered yet');

    const counter = await brand.client.rpc('collab_respond', {
      p_id: offer.id,
      p_action: 'counter',
      p_budget: 6000,
      p_note: 'Three weeks, one track',
    });
    expect(counter.error).toBeNull();
    expect(counter.data).toMatchObject({ status: 'countered', budget: 6000, awaiting: artist.id });
    await expect.poll(() => seen.at(-1), { timeout: 10_000 }).toMatchObject({ status: 'countered', budget: 6000 });

    const accepted = await artist.client.rpc('collab_respond', { p_id: offer.id, p_action: 'accept' });
    expect(accepted.data).toMatchObject({ status: 'accepted', awaiting: null, budget: 6000 });
    await expect.poll(() => seen.at(-1)?.status, { timeout: 10_000 }).toBe('accepted');

    const again = await brand.client.rpc('collab_respond', { p_id: offer.id, p_action: 'decline' });
    expect(again.error?.message).toBe('This collaboration is already accepted');
    await live.removeAllChannels();
  });

  it('a third party, a fan or anon neither reads nor answers an offer; nobody writes rows directly', async () => {
    const { data } = await brand.client.rpc('collab_send', pitch(artist.id, { p_title: 'Spring drop' }));
    const id = (data as { id: string }).id;

    expect((await otherBrand.client.from('collab_offers').select('id').eq('id', id)).data).toEqual([]);
    expect((await fan.client.from('collab_offers').select('id').eq('id', id)).data).toEqual([]);
    for (const client of [otherBrand.client, fan.client]) {
      const r = await client.rpc('collab_respond', { p_id: id, p_action: 'decline' });
      expect(r.error?.message).toBe('No such collaboration');
    }
    const anon = createClient(backend.url, backend.anonKey, clientOptions());
    expect((await anon.rpc('collab_respond', { p_id: id, p_action: 'decline' })).error).not.toBeNull();
    expect((await anon.from('collab_offers').select('id')).error).not.toBeNull();

    // The recipient cannot flip server-owned columns, nor the sender forge a row.
    const update = await artist.client
      .from('collab_offers')
      .update({ status: 'accepted', budget: 1 })
      .eq('id', id)
      .select();
    expect(update.error?.code).toBe('42501');
    const forged = await artist.client.from('collab_offers').insert({
      kind: 'brand_to_artist',
      artist_id: artist.id,
      brand_id: otherBrand.id,
      artist_name: 'x',
      brand_name: 'Other Brand',
      title: 'Forged',
      timeline: '1-2 weeks',
      budget: 1,
      awaiting: artist.id,
    });
    expect(forged.error?.code).toBe('42501');
    expect((await artist.client.from('collab_offers').delete().eq('id', id)).error?.code).toBe('42501');
    const row = await backend.query('select status, budget from public.collab_offers where id = $1', [id]);
    expect(row.rows).toEqual([{ status: 'pending', budget: 8000 }]);

    // Only the sender withdraws.
    expect((await artist.client.rpc('collab_respond', { p_id: id, p_action: 'withdraw' })).error?.message).toBe(
      'Only the sender can withdraw a proposal',
    );
    const withdrawn = await brand.client.rpc('collab_respond', { p_id: id, p_action: 'withdraw' });
    expect(withdrawn.data).toMatchObject({ status: 'withdrawn', awaiting: null });
  });

  it('refuses proposals that do not go artist → brand or brand → artist, and bad fields', async () => {
    const refused = 'A proposal goes from an artist to a brand, or from a brand to an artist';
    expect((await fan.client.rpc('collab_send', pitch(brand.id))).error?.message).toBe(refused);
    expect((await brand.client.rpc('collab_send', pitch(otherBrand.id))).error?.message).toBe(refused);
    expect((await artist.client.rpc('collab_send', pitch(fan.id))).error?.message).toBe(refused);
    expect((await artist.client.rpc('collab_send', pitch(artist.id))).error?.message).toBe(refused);
    expect((await fan.client.rpc('collab_brands')).data).toEqual([]);
    expect((await artist.client.rpc('collab_send', pitch(brand.id, { p_timeline: 'someday' }))).error?.code).toBe(
      '23514',
    );
    expect((await artist.client.rpc('collab_send', pitch(brand.id, { p_budget: 0 }))).error?.code).toBe('23514');
    expect((await artist.client.rpc('collab_send', pitch(brand.id, { p_title: '   ' }))).error?.code).toBe('23514');
    const { data } = await artist.client.rpc('collab_send', pitch(brand.id, { p_title: 'Counter checks' }));
    const bad = await brand.client.rpc('collab_respond', {
      p_id: (data as { id: string }).id,
      p_action: 'counter',
      p_budget: 0,
    });
    expect(bad.error?.message).toBe('A counter proposal names a budget between $1 and $10,000,000');
  });
});
