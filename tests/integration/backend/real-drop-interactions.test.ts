/**
 * Reactions, saves, shares and comments on real drops (issue 31 Deliver 6), attacked through the
 * real supabase-js client: a fan reacts to and comments on a release they may read (REST and the
 * sync engine's sync_push), and nothing else — not another fan's rows, not a release above their
 * tier, unreleased or deleted, not an unknown id, not with forged server-owned columns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import {
  anonClient,
  createArtistClient,
  createUserClient,
  uniqueEmail,
  withBackend,
  type LocalBackend,
} from '../helpers/backend';
import { withStoredObjects } from '../../fixtures/stored-objects';
import { AttackLog, pushAttack } from './rls-attack-helpers';

type Actor = { client: SupabaseClient; user: User };
let backend: LocalBackend;
let artist: Actor;
let follower: Actor; // free follower
let patron: Actor; // tier2 subscriber (granted by the payment side)
const log = new AttackLog('Real drop interactions attack suite');
const ids = {
  free: crypto.randomUUID(),
  tier1: crypto.randomUUID(),
  tier3: crypto.randomUUID(),
  draft: crypto.randomUUID(), // free, not released yet
  gone: crypto.randomUUID(), // free, soft-deleted
  doomed: crypto.randomUUID(), // free, hard-deleted by the test
};
const key = (fan: Actor, item: string) => `${fan.user.id}|${item}`;
const interaction = (fan: Actor, item: string, extra: Record<string, unknown> = {}) => ({
  id: key(fan, item),
  fan_id: fan.user.id,
  item_id: item,
  reaction: 'fire',
  saved: true,
  used: false,
  shared: false,
  ...extra,
});
const comment = (fan: Actor, item: string, body = 'Great track') => ({
  id: crypto.randomUUID(),
  fan_id: fan.user.id,
  item_id: item,
  body,
});

beforeAll(async () => {
  backend = await withBackend();
  artist = await createArtistClient(backend, uniqueEmail('artist'), 'artist-pass');
  follower = await createUserClient(backend, uniqueEmail('follower'), 'follower-pass');
  patron = await createUserClient(backend, uniqueEmail('patron'), 'patron-pass');
  const later = new Date(Date.now() + 86_400_000).toISOString();
  const row = (id: string, tier: string, released = true) => ({
    id,
    artist_id: artist.user.id,
    title: `Song ${id.slice(0, 4)}`,
    file_path: `${artist.user.id}/${id}.mp3`,
    file_type: 'audio/mpeg',
    is_public: released,
    subscription_tier_required: tier,
    unlock_date: released ? null : later,
  });
  const rows = [
    row(ids.free, 'free'),
    row(ids.tier1, 'tier1'),
    row(ids.tier3, 'tier3'),
    row(ids.draft, 'free', false),
    row(ids.gone, 'free'),
    row(ids.doomed, 'free'),
  ];
  // Each row names its stored file (the server's upload check).
  expect(
    (await artist.client.from('content_items').insert(await withStoredObjects(artist.client, rows))).error,
  ).toBeNull();
  await backend.query('update public.content_items set _deleted = true where id = $1', [ids.gone]);
  const follow = await follower.client
    .from('subscriptions')
    .insert({ fan_id: follower.user.id, artist_id: artist.user.id, artist_name: 'Artist' });
  expect(follow.error).toBeNull();
  await backend.query(
    `insert into public.subscriptions (fan_id, artist_id, artist_name, tier, price) values ($1, $2, 'Artist', 'tier2', 5)`,
    [patron.user.id, artist.user.id],
  );
});
afterAll(async () => {
  log.report();
  await backend?.stop();
});

describe('a fan on a release they may read', () => {
  it('reacts, saves and comments through REST, and reads back only their own rows', async () => {
    const r = await follower.client
      .from('locker_interactions')
      .insert(interaction(follower, ids.free))
      .select('id, reaction, saved');
    expect(r.error).toBeNull();
    expect(r.data).toEqual([{ id: key(follower, ids.free), reaction: 'fire', saved: true }]);
    const c = await follower.client.from('locker_comments').insert(comment(follower, ids.free)).select('body');
    expect(c.error).toBeNull();
    expect(c.data).toEqual([{ body: 'Great track' }]);
    const u = await follower.client
      .from('locker_interactions')
      .update({ reaction: 'heart' })
      .eq('id', key(follower, ids.free))
      .select('reaction');
    expect(u.data).toEqual([{ reaction: 'heart' }]);
  });

  it('reacts and comments through sync_push (the engine) on a release within their tier', async () => {
    const out = await patron.client.rpc('sync_push', {
      p_table: 'locker_interactions',
      p_rows: [{ new: interaction(patron, ids.tier1), assumed: null }],
    });
    expect(out.error).toBeNull();
    expect((out.data as { error?: unknown }[]).filter((x) => x.error)).toEqual([]);
    const cm = await patron.client.rpc('sync_push', {
      p_table: 'locker_comments',
      p_rows: [{ new: comment(patron, ids.tier1, 'Tier one love'), assumed: null }],
    });
    expect(cm.error).toBeNull();
    expect((cm.data as { error?: unknown }[]).filter((x) => x.error)).toEqual([]);
    const mine = await patron.client.from('locker_comments').select('item_id, body');
    expect(mine.data).toEqual([{ item_id: ids.tier1, body: 'Tier one love' }]);
  });

  it('the server resolves the target itself: forged target columns and created_at are overwritten', async () => {
    const forged = {
      ...interaction(patron, ids.free),
      content_id: ids.tier3,
      locker_item_id: null,
      created_at: '2001-01-01T00:00:00Z',
    };
    expect((await patron.client.from('locker_interactions').insert(forged)).error).toBeNull();
    const { rows } = await backend.query(
      'select content_id, locker_item_id, created_at from public.locker_interactions where id = $1',
      [key(patron, ids.free)],
    );
    const stored = rows[0] as { content_id: string; locker_item_id: string | null; created_at: Date } | undefined;
    expect(stored?.content_id).toBe(ids.free);
    expect(stored?.locker_item_id).toBeNull();
    expect(new Date(stored!.created_at).getFullYear()).toBeGreaterThan(2001);
    await log.unchanged(
      'moving a comment target through content_id',
      () => patron.client.from('locker_comments').update({ content_id: ids.tier3 }).eq('item_id', ids.tier1),
      async () =>
        (
          await backend.query('select item_id, content_id from public.locker_comments where fan_id = $1', [
            patron.user.id,
          ])
        ).rows,
    );
  });
});

describe('attacks', () => {
  it("a release above the fan's tier: no reaction, no comment (the spec's tier text)", async () => {
    await log.refused('free follower reacts to tier1', async () =>
      follower.client.from('locker_interactions').insert(interaction(follower, ids.tier1)).select(),
    );
    await log.refused('patron reacts to tier3 via sync_push', () =>
      pushAttack(patron.client, 'locker_interactions', [{ new: interaction(patron, ids.tier3), assumed: null }]),
    );
    const c = await follower.client.from('locker_comments').insert(comment(follower, ids.tier1)).select();
    expect(c.data).toBeNull();
    expect(c.error?.message).toBe('Tier 1+ Required to Comment');
    const p = await patron.client.from('locker_comments').insert(comment(patron, ids.tier3)).select();
    expect(p.error?.message).toBe('Tier 3+ Required to Comment');
    log.count += 2;
  });

  it('unreleased, deleted and unknown items take nothing', async () => {
    for (const [label, item] of [
      ['draft', ids.draft],
      ['deleted', ids.gone],
      ['unknown', crypto.randomUUID()],
      ['not a uuid', 'x; drop table'],
    ] as const) {
      await log.refused(`reaction on ${label}`, async () =>
        patron.client.from('locker_interactions').insert(interaction(patron, item)).select(),
      );
      await log.refused(`comment on ${label}`, async () =>
        patron.client.from('locker_comments').insert(comment(patron, item)).select(),
      );
      await log.refused(`comment on ${label} via sync_push`, () =>
        pushAttack(patron.client, 'locker_comments', [{ new: comment(patron, item), assumed: null }]),
      );
    }
  });

  it("never another fan's rows: no writing as them, no reading, no editing", async () => {
    await log.refused('reaction as the patron', async () =>
      follower.client
        .from('locker_interactions')
        .insert({ ...interaction(patron, ids.free) })
        .select(),
    );
    await log.refused('comment as the patron', async () =>
      follower.client.from('locker_comments').insert(comment(patron, ids.free)).select(),
    );
    await log.refused("reading the patron's comments", async () =>
      follower.client.from('locker_comments').select('*').eq('fan_id', patron.user.id),
    );
    await log.refused("reading the patron's reactions", async () =>
      follower.client.from('locker_interactions').select('*').eq('fan_id', patron.user.id),
    );
    await log.refused("editing the patron's reaction", async () =>
      follower.client
        .from('locker_interactions')
        .update({ reaction: 'star' })
        .eq('id', key(patron, ids.tier1))
        .select(),
    );
    await log.refused("pushing over the patron's reaction", () =>
      pushAttack(follower.client, 'locker_interactions', [
        { new: interaction(patron, ids.tier1, { reaction: 'star' }), assumed: null },
      ]),
    );
    await log.refused('anon reacts', async () =>
      anonClient(backend).from('locker_interactions').insert(interaction(follower, ids.draft)).select(),
    );
  });

  it('a reaction cannot move to a release the fan may not read', async () => {
    await log.refused('item_id moved to tier3', async () =>
      follower.client
        .from('locker_interactions')
        .update({ item_id: ids.tier3 })
        .eq('id', key(follower, ids.free))
        .select(),
    );
    await log.refused('comment moved to tier3', async () =>
      follower.client.from('locker_comments').update({ item_id: ids.tier3 }).eq('item_id', ids.free).select(),
    );
  });

  it('comment text is capped at 500 characters and must not be blank', async () => {
    await log.refused('501-character comment', async () =>
      follower.client
        .from('locker_comments')
        .insert(comment(follower, ids.free, 'x'.repeat(501)))
        .select(),
    );
    await log.refused('blank comment', async () =>
      follower.client
        .from('locker_comments')
        .insert(comment(follower, ids.free, '   '))
        .select(),
    );
  });

  it('a hard-deleted release takes its reactions and comments with it', async () => {
    expect(
      (await follower.client.from('locker_interactions').insert(interaction(follower, ids.doomed))).error,
    ).toBeNull();
    expect((await follower.client.from('locker_comments').insert(comment(follower, ids.doomed))).error).toBeNull();
    await backend.query('delete from public.content_items where id = $1', [ids.doomed]);
    const { rows: left } = await backend.query(
      'select 1 from public.locker_interactions where item_id = $1 union all select 1 from public.locker_comments where item_id = $1',
      [ids.doomed],
    );
    expect(left).toEqual([]);
  });
});
