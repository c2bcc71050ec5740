/**
 * The fan-out dispatcher (migration 20261128600000_realtime_budget) at the SQL level, one pass at a
 * time (the timer is off; each pass is given a full second's budget): changes to an artist's
 * followers are coalesced per topic before the round starts; a change during a round tells only
 * the shards already told once more; a pass spends at most its budget, and a round out of budget
 * goes to the back of the queue so another artist's round is not held behind it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_SHARDS, liveShard } from '../../../sync/live/live-topics';
import { withBackend, type LocalBackend } from '../helpers/backend';

const BUDGET = 30;
let backend: LocalBackend;

beforeAll(async () => {
  backend = await withBackend({ liveDispatch: { enabled: false, perSecond: BUDGET } });
});
afterAll(async () => {
  // @tus/file-store creates its folder with an unawaited fs.mkdir at start: let it land before
  // stop() removes the backend's temporary folder (else it throws ENOENT from its callback)
  await new Promise((r) => setTimeout(r, 1_000));
  await backend.stop();
});

async function artistWithFollowers(n: number): Promise<{ id: string; shards: number[] }> {
  const tag = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const { rows } = await backend.query(
    `insert into auth.users (id, email) select gen_random_uuid(), 'ld-' || i || '-${tag}@example.test'
     from generate_series(0, $1) i returning id`,
    [n],
  );
  const [artist, ...fans] = rows.map((r: { id: string }) => r.id);
  await backend.query(
    `insert into public.subscriptions (id, fan_id, artist_id, artist_name) select u::text || '|' || $1, u, $1, 'A' from unnest($2::uuid[]) u`,
    [artist, fans],
  );
  return { id: artist!, shards: [...new Set(fans.map((f) => liveShard(f)))].sort((a, b) => a - b) };
}

const change = (artistId: string) =>
  backend.query(`select public.live_send('artist:' || $1, '["followed_content"]'::jsonb)`, [artistId]);

/** One pass with a full second's budget. */
async function pass(): Promise<number> {
  await backend.query(`update private.live_budget set tokens = per_second, refilled_at = clock_timestamp()`);
  return backend.liveDispatch.runNow();
}

/** How often each shard topic of the artist was told. */
async function told(artistId: string): Promise<Map<number, number>> {
  const { rows } = await backend.query(
    `select split_part(topic, ':', 3)::int as shard, count(*)::int as n from realtime.messages
     where topic like 'artist:' || $1 || ':%' group by 1`,
    [artistId],
  );
  return new Map(rows.map((r: { shard: number; n: number }) => [r.shard, r.n]));
}

describe('the live fan-out dispatcher', () => {
  it('coalesces, spends at most its budget per pass, re-tells only shards told before a later change, and takes turns', async () => {
    const big = await artistWithFollowers(60);
    const small = await artistWithFollowers(2);
    await change(big.id);
    await change(big.id); // before the round starts: one round
    expect(
      (await backend.query(`select count(*)::int as n from private.live_fanout where topic = $1`, [`artist:${big.id}`]))
        .rows[0].n,
    ).toBe(1);

    const before = (await backend.query(`select count(*)::int as n from realtime.messages`)).rows[0].n as number;
    await pass();
    const firstPass = await told(big.id);
    const spent = [...firstPass.keys()].length; // sends; plus one delivery per follower of those shards
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThan(big.shards.length);
    const sizes = (await backend.query(`select sizes from private.live_fanout where topic = $1`, [`artist:${big.id}`]))
      .rows[0].sizes as number[];
    expect(sizes).toHaveLength(LIVE_SHARDS);
    expect([...firstPass.keys()].reduce((sum, k) => sum + 1 + sizes[k]!, 0)).toBeLessThanOrEqual(BUDGET);
    expect((await backend.query(`select count(*)::int as n from realtime.messages`)).rows[0].n).toBe(before + spent);

    // a change during the round: the shards told so far will hear it once more
    const toldSoFar = Math.max(...firstPass.keys()) + 1;
    await change(big.id);
    // another artist's drop: the big round is out of budget, so the small one goes within two passes
    await change(small.id);
    await pass();
    await pass();
    expect([...(await told(small.id)).keys()]).toEqual(small.shards);

    for (let i = 0; i < 40 && (await backend.query(`select 1 from private.live_fanout`)).rows.length > 0; i++)
      await pass();
    expect((await backend.query(`select count(*)::int as n from private.live_fanout`)).rows[0].n).toBe(0);
    const all = await told(big.id);
    expect([...all.keys()]).toEqual(big.shards); // every non-empty shard, no empty one
    for (const [shard, n] of all) expect([shard, n]).toEqual([shard, shard < toldSoFar ? 2 : 1]);
    expect(await pass()).toBe(0); // an empty queue: nothing to do
  });
});
