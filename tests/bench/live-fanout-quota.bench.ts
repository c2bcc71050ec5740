/**
 * Live fan-out within Realtime's messages quota (migration 20261128600000_realtime_budget): one
 * artist drop to BENCH_FANOUT_FOLLOWERS (1,000) online followers, each on their own socket, with
 * the project's quota at followers / 20 messages per second (50/s: the ratio of 10,000 online
 * followers to hosted Pro's 500/s), counted on every 1-s tick. Same-run baseline: the previous
 * design, one message on one topic all followers hear (a public channel here, counted alike).
 * Printed: write → follower latency (median, p95, max), the busiest second against the quota,
 * whether the quota triggered, messages spent per drop. Run: npx tsx tests/bench/live-fanout-quota.bench.ts
 * Invariants: one process, same sockets, same run; the baseline goes first and the sharded drop
 * waits for a quiet window, so neither pays for the other's messages.
 */
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { createClient } from '@supabase/supabase-js';
import { startLocalBackend, type LocalBackend } from '../../supabase/local/index';
import { LIVE_SHARDS, liveShard } from '../../sync/live/live-topics';
import { withStoredObjects } from '../fixtures/stored-objects';
import { percentile } from './live-sync-core';
import { benchSize } from './smoke';

const FOLLOWERS = benchSize(Number(process.env.BENCH_FANOUT_FOLLOWERS ?? 1000), 40);
const QUOTA = Math.max(20, Math.round(FOLLOWERS / 20));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as never },
};

interface Follower {
  id: string;
  arrivals: Map<string, number>;
}

async function token(backend: LocalBackend, sub: string): Promise<string> {
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(backend.jwtSecret));
}

/** One follower's socket on their artist shard (private) and on the baseline's one topic (public). */
async function listen(
  backend: LocalBackend,
  artistId: string,
  follower: Follower,
  sockets: WebSocket[],
): Promise<void> {
  const ws = new WebSocket(
    `${backend.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${backend.anonKey}&vsn=2.0.0`,
  );
  sockets.push(ws);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let pending = 2;
  const joined = new Promise<void>((resolve, reject) => {
    ws.on('message', (data: Buffer) => {
      const [, ref, topic, event, payload] = JSON.parse(data.toString()) as [
        unknown,
        unknown,
        string,
        string,
        Record<string, unknown>,
      ];
      if (event === 'phx_reply' && (ref === 'a' || ref === 'b')) {
        if (payload.status !== 'ok') reject(new Error(JSON.stringify(payload)));
        else if (--pending === 0) resolve();
      }
      if (event === 'broadcast' && payload.event === 'changed' && !follower.arrivals.has(topic))
        follower.arrivals.set(topic, performance.now());
    });
  });
  // Phoenix heartbeats: the server drops a socket silent for a minute, and a full run is longer
  let beat = 0;
  const heartbeat = setInterval(
    () => ws.send(JSON.stringify([null, `h${++beat}`, 'phoenix', 'heartbeat', {}])),
    20_000,
  );
  heartbeat.unref();
  ws.once('close', () => clearInterval(heartbeat));
  const access = await token(backend, follower.id);
  ws.send(
    JSON.stringify([
      'a',
      'a',
      `realtime:artist:${artistId}:${liveShard(follower.id)}`,
      'phx_join',
      { config: { private: true }, access_token: access },
    ]),
  );
  ws.send(
    JSON.stringify(['b', 'b', `realtime:baseline:${artistId}`, 'phx_join', { config: {}, access_token: access }]),
  );
  await joined;
}

interface Round {
  latencies: number[];
  busiest: number;
  triggered: boolean;
  messages: number;
  /** messages from the database the quota dropped meanwhile */
  dropped: number;
}

/** Runs `drop`, waits for every follower to hear it on a topic matching `heard`, samples each tick. */
async function round(
  backend: LocalBackend,
  followers: Follower[],
  heard: (topic: string) => boolean,
  drop: () => Promise<void>,
): Promise<Round> {
  const quota = () => backend.realtime.stats().quota.messages;
  const before = quota().total;
  const droppedBefore = backend.realtime.stats().quota.droppedFromDatabase;
  let busiest = 0;
  let triggered = false;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      busiest = Math.max(busiest, quota().lastTick);
      triggered ||= quota().triggered;
      await sleep(100);
    }
  })();
  const arrivalOf = (f: Follower) => [...f.arrivals].find(([topic]) => heard(topic))?.[1];
  const t0 = performance.now();
  await drop();
  // pacing alone takes (followers + shards) / budget seconds: allow four times that on a loaded machine
  const deadline = Date.now() + 60_000 + 4_000 * ((followers.length + 128) / (QUOTA * 0.4));
  while (followers.some((f) => arrivalOf(f) === undefined) && Date.now() < deadline) await sleep(50);
  await sleep(1_200); // the last tick's count
  sampling = false;
  await sampler;
  const latencies = followers.map((f) => (arrivalOf(f) ?? NaN) - t0);
  const dropped = backend.realtime.stats().quota.droppedFromDatabase - droppedBefore;
  if (latencies.some(Number.isNaN)) {
    throw new Error(
      `${latencies.filter(Number.isNaN).length} followers never heard the drop (quota triggered: ${triggered}, database messages dropped: ${dropped})`,
    );
  }
  return { latencies, busiest, triggered, messages: quota().total - before, dropped };
}

async function quietWindow(backend: LocalBackend): Promise<void> {
  do await sleep(2_100);
  while (backend.realtime.stats().quota.messages.triggered || backend.realtime.stats().quota.messages.lastTick > 0);
}

async function main() {
  const backend = await startLocalBackend({
    port: 0,
    quiet: true,
    realtime: {
      messagesPerSecond: QUOTA,
      joinsPerSecond: 1e9,
      concurrentConnections: FOLLOWERS + 100,
      quotaTickMs: 1_000,
      quotaBuckets: 1,
    },
  });
  const sockets: WebSocket[] = [];
  try {
    const email = `bench-fanout-${Date.now()}@example.test`;
    const artistClient = createClient(backend.url, backend.anonKey, options);
    const up = await artistClient.auth.signUp({ email, password: 'bench-password-1' });
    if (up.error || !up.data.user) throw up.error ?? new Error('sign-up failed');
    const artistId = up.data.user.id;
    const made = await artistClient.from('media_ids').insert({ user_uuid: artistId, role: 'artist' });
    if (made.error) throw made.error;
    const named = await artistClient
      .from('profiles')
      .upsert({ id: artistId, display_name: 'Bench Artist', role: 'artist' });
    if (named.error) throw named.error;

    const { rows } = await backend.query(
      `insert into auth.users (id, email) select gen_random_uuid(), 'bf-' || i || '-' || $1 || '@example.test'
       from generate_series(1, ${FOLLOWERS}) i returning id`,
      [Date.now().toString(36)],
    );
    const followers: Follower[] = rows.map((r: { id: string }) => ({ id: r.id, arrivals: new Map() }));
    await backend.query(
      `insert into public.subscriptions (id, fan_id, artist_id, artist_name)
       select u::text || '|' || $1, u, $1, 'A' from unnest($2::uuid[]) u`,
      [artistId, followers.map((f) => f.id)],
    );
    for (let i = 0; i < followers.length; i += 50)
      await Promise.all(followers.slice(i, i + 50).map((f) => listen(backend, artistId, f, sockets)));
    const [stored] = await withStoredObjects(artistClient, [{ file_path: `${artistId}/bench-drop.mp3` }]);

    await quietWindow(backend);
    const baseline = await round(
      backend,
      followers,
      (t) => t.startsWith('realtime:baseline:'),
      async () => {
        await backend.query(
          `select realtime.send('{"collections":["followed_content"]}'::jsonb, 'changed', $1, false)`,
          [`baseline:${artistId}`],
        );
      },
    );
    await quietWindow(backend);
    const sharded = await round(
      backend,
      followers,
      (t) => t.startsWith('realtime:artist:'),
      async () => {
        const { error } = await artistClient
          .from('content_items')
          .insert({ artist_id: artistId, title: 'Bench drop', is_public: true, ...stored! });
        if (error) throw error;
      },
    );

    const line = (label: string, r: Round) =>
      `  ${label.padEnd(44)} median ${percentile(r.latencies, 50).toFixed(0).padStart(6)} ms  p95 ${percentile(r.latencies, 95).toFixed(0).padStart(6)} ms  ` +
      `max ${Math.max(...r.latencies)
        .toFixed(0)
        .padStart(
          6,
        )} ms  busiest second ${String(r.busiest).padStart(5)} (${(r.busiest / QUOTA).toFixed(2)}× quota)  ` +
      `${r.triggered ? 'QUOTA TRIGGERED' : 'within quota'}  messages ${r.messages}${r.dropped ? `  dropped ${r.dropped}` : ''}`;
    console.log(
      `\nOne drop to ${FOLLOWERS} online followers, quota ${QUOTA} messages/s per 1-s tick (local backend, raw sockets):`,
    );
    console.log(line('one topic for all followers (baseline)', baseline));
    console.log(line(`${LIVE_SHARDS} shard topics, paced (fan-out budget 40 %)`, sharded));
    console.log(
      `  busiest second sharded / baseline: ${(sharded.busiest / baseline.busiest).toFixed(2)}×; ` +
        `median latency sharded / baseline: ${(percentile(sharded.latencies, 50) / percentile(baseline.latencies, 50)).toFixed(0)}×; ` +
        `scaled to 10,000 followers on Pro (500/s): last follower ≈ ${((Math.max(...sharded.latencies) / 1000) * (10_000 / FOLLOWERS) * (QUOTA / 500)).toFixed(0)} s`,
    );
  } finally {
    for (const ws of sockets) ws.terminate();
    await backend.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
