/**
 * Paid tiers attack suite: through supabase-js as other artists, fans and anon —
 * another artist's tiers, the server-owned Stripe ids, the Stripe bookkeeping tables, a fan
 * granting themselves a tier by REST, sync_push or RPC, or walking away from a paid row behind
 * Stripe's back. Each attempt must be refused or leave the server's value in place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import {
  anonClient,
  createArtistClient,
  createUserClient,
  serviceClient,
  uniqueEmail,
  withBackend,
  type LocalBackend,
} from '../helpers/backend';
import { AttackLog, pushAttack } from '../backend/rls-attack-helpers';

type Actor = { client: SupabaseClient; user: User; accessToken: string };
let backend: LocalBackend;
let artist: Actor;
let rival: Actor;
let fan: Actor;
const log = new AttackLog('Paid tiers attack suite');
const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  (await backend.query(sql, params)).rows as T[];
const tiersOf = (a: Actor) =>
  q(
    'select level, name, price, benefits, stripe_price_id from public.artist_tiers where artist_id = $1 order by level',
    [a.user.id],
  );
const subOf = (a: Actor) =>
  q(
    'select tier, price, _deleted, stripe_subscription_id, stripe_status from public.subscriptions where fan_id = $1 and artist_id = $2',
    [fan.user.id, a.user.id],
  );

beforeAll(async () => {
  backend = await withBackend({ quiet: true });
  artist = await createArtistClient(backend, uniqueEmail('artist'), 'artist-pass-1', 'Nova Static');
  rival = await createArtistClient(backend, uniqueEmail('rival'), 'rival-pass-1', 'Rival');
  fan = await createUserClient(backend, uniqueEmail('fan'), 'fan-pass-1');
});
afterAll(async () => {
  log.report();
  await backend?.stop();
});

describe("artists' tiers", () => {
  it("an artist writes their own tiers; signed-in users read them; Stripe ids stay the server's", async () => {
    const own = await artist.client
      .from('artist_tiers')
      .insert(
        [1, 2, 3].map((level) => ({
          artist_id: artist.user.id,
          level,
          name: `Tier ${level}`,
          price: level * 5,
          benefits: ['Early access'],
          stripe_price_id: 'price_forged',
        })),
      )
      .select('level, stripe_price_id');
    expect(own.error).toBeNull();
    expect(own.data).toEqual([1, 2, 3].map((level) => ({ level, stripe_price_id: null })));
    await log.refused('anon reads tiers (anon holds nothing in public)', () =>
      anonClient(backend).from('artist_tiers').select(),
    );
    const pub = await fan.client
      .from('artist_tiers')
      .select('level, price')
      .eq('artist_id', artist.user.id)
      .order('level');
    expect(pub.data).toEqual([
      { level: 1, price: 5 },
      { level: 2, price: 10 },
      { level: 3, price: 15 },
    ]);
  });

  it("another artist, a fan or anon cannot write an artist's tiers or their Stripe ids", async () => {
    await q(
      "update public.artist_tiers set stripe_price_id = 'price_real', stripe_product_id = 'prod_real' where artist_id = $1",
      [artist.user.id],
    );
    const before = await tiersOf(artist);
    for (const [who, c] of [
      ['rival', rival.client],
      ['fan', fan.client],
      ['anon', anonClient(backend)],
    ] as const) {
      await log.refused(`${who} inserts a tier for the artist`, () =>
        c.from('artist_tiers').insert({ artist_id: artist.user.id, level: 1, name: 'Cheap', price: 1 }).select(),
      );
      await log.refused(`${who} reprices the artist's tier`, () =>
        c.from('artist_tiers').update({ price: 1 }).eq('artist_id', artist.user.id).select(),
      );
    }
    await log.refused('a fan (no artist MediaID) sells tiers', () =>
      fan.client.from('artist_tiers').insert({ artist_id: fan.user.id, level: 1, name: 'Me', price: 3 }).select(),
    );
    await log.unchanged(
      'the artist forges their own Stripe price id',
      () =>
        artist.client
          .from('artist_tiers')
          .update({ stripe_price_id: 'price_cheap', stripe_product_id: 'prod_x' })
          .eq('artist_id', artist.user.id),
      () => tiersOf(artist),
    );
    expect(await tiersOf(artist)).toEqual(before);
    // a real price change clears the stale Stripe price (the next checkout makes a new one)
    expect(
      (await artist.client.from('artist_tiers').update({ price: 7 }).eq('id', `${artist.user.id}|1`)).error,
    ).toBeNull();
    expect((await tiersOf(artist))[0]).toMatchObject({ price: 7, stripe_price_id: null });
  });
});

describe('a fan cannot grant themselves a tier', () => {
  it('through REST, sync_push or RPC', async () => {
    const follow = await fan.client
      .from('subscriptions')
      .insert({ fan_id: fan.user.id, artist_id: artist.user.id, tier: 'free' });
    expect(follow.error).toBeNull();
    const id = `${fan.user.id}|${artist.user.id}`;
    const modified = async () =>
      (await q<{ _modified: string }>('select _modified from public.subscriptions where id = $1', [id]))[0]!._modified;
    await log.refused('REST: raise the tier', () =>
      fan.client.from('subscriptions').update({ tier: 'tier2' }).eq('id', id).select(),
    );
    await log.unchanged(
      'REST: write the Stripe state',
      () =>
        fan.client
          .from('subscriptions')
          .update({
            stripe_status: 'active',
            stripe_subscription_id: 'sub_forged',
            current_period_end: '2099-01-01T00:00:00Z',
          })
          .eq('id', id),
      () => subOf(artist),
    );
    await log.refused('sync_push: tier 2 with an active Stripe state', async () =>
      pushAttack(fan.client, 'subscriptions', [
        {
          new: {
            id,
            fan_id: fan.user.id,
            artist_id: artist.user.id,
            tier: 'tier2',
            price: 10,
            stripe_status: 'active',
            _deleted: false,
          },
          assumed: { _modified: await modified() },
        },
      ]),
    );
    await log.refused("RPC: the webhook's apply function", () =>
      fan.client.rpc('stripe_apply_subscription', {
        p_event_id: 'evt_forged',
        p_event_type: 'customer.subscription.updated',
        p_fan: fan.user.id,
        p_artist: artist.user.id,
        p_tier: 'tier3',
        p_price: 20,
        p_subscription_id: 'sub_forged',
        p_status: 'active',
        p_period_end: null,
        p_cancel_at_period_end: false,
        p_retrieved_at: new Date().toISOString(),
      }),
    );
    for (const table of ['stripe_events', 'stripe_customers'] as const) {
      await log.refused(`REST: read ${table}`, () => fan.client.from(table).select());
    }
    await log.refused('REST: claim a Stripe customer', () =>
      fan.client.from('stripe_customers').insert({ user_id: fan.user.id, customer_id: 'cus_x' }).select(),
    );
    await log.refused('REST: mark an event processed', () =>
      fan.client.from('stripe_events').insert({ id: 'evt_next', type: 'x' }).select(),
    );
    expect(await subOf(artist)).toEqual([
      { tier: 'free', price: 0, _deleted: false, stripe_subscription_id: null, stripe_status: null },
    ]);
  });

  it("a paid row cannot be stepped down or unfollowed behind Stripe's back", async () => {
    const applied = await serviceClient(backend).rpc('stripe_apply_subscription', {
      p_event_id: 'evt_paid',
      p_event_type: 'customer.subscription.created',
      p_fan: fan.user.id,
      p_artist: artist.user.id,
      p_tier: 'tier2',
      p_price: 10,
      p_subscription_id: 'sub_paid',
      p_status: 'active',
      p_period_end: '2099-01-01T00:00:00Z',
      p_cancel_at_period_end: false,
      p_retrieved_at: new Date().toISOString(),
    });
    expect(applied).toMatchObject({ error: null, data: 'applied' });
    await log.refused('unfollow a paid artist', () =>
      fan.client.from('subscriptions').update({ _deleted: true }).eq('artist_id', artist.user.id).select(),
    );
    await log.refused('step down a paid tier', () =>
      fan.client.from('subscriptions').update({ tier: 'tier1' }).eq('artist_id', artist.user.id).select(),
    );
    expect(await subOf(artist)).toEqual([
      { tier: 'tier2', price: 10, _deleted: false, stripe_subscription_id: 'sub_paid', stripe_status: 'active' },
    ]);
  });
});
