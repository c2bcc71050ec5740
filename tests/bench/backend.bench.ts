/**
 * Benchmark: cost of the /rest/v1 HTTP layer over PGlite, measured in one process.
 * Prints medians of several runs and the ratio HTTP / direct. Run: npx tsx tests/bench/backend.bench.ts
 * Invariants: same data, same process, same run — only ratios are meaningful (machines are noisy).
 */
import { randomUUID } from 'node:crypto';
import { startLocalBackend } from '../../supabase/local/index';
import { contentItemRows, seedContentItems, storedObjectsSql } from '../fixtures/content-items';
import { createArtistClient } from '../integration/helpers/backend';
import { BENCH_SMOKE } from './smoke';

// BENCH_SMOKE (npm test): one run of the smallest sizes, to prove the bench still runs.
const RUNS = BENCH_SMOKE ? 1 : 5;
const PK_LOOKUPS = BENCH_SMOKE ? 10 : 200;
const UPSERT_ROWS = BENCH_SMOKE ? 50 : 1000;
const PUSH_SIZES = BENCH_SMOKE ? [10, 100] : [250, 2500];
const PUSH_RUNS = BENCH_SMOKE ? 1 : 3;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

const backend = await startLocalBackend({ port: 0, quiet: true });
try {
  const headers = { apikey: backend.serviceRoleKey, Authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' };
  // An artist with a public name (public rows need one), signed up through the API.
  const artist = await createArtistClient(backend, 'bench-artist@example.test', 'bench-password-1');
  const uid = artist.user.id;
  const query = (sql: string) => backend.query(sql);
  // The upserts name these objects (each path `${uid}/${i}.mp3`, stored once, 16 bytes).
  await backend.query(storedObjectsSql(Array.from({ length: UPSERT_ROWS }, (_, i) => ({ path: `${uid}/${i}.mp3`, size: 16, mimetype: 'audio/mpeg' }))));
  const rowsFor = (run: number) =>
    Array.from({ length: UPSERT_ROWS }, (_, i) => ({
      id: randomUUID(), artist_id: uid, title: `t${run}-${i}`, file_path: `${uid}/${i}.mp3`, file_type: 'audio/mpeg', file_size: 16, metadata: { tags: ['a', 'b'], i }, is_public: i % 2 === 0,
    }));
  const seedIds = (await seedContentItems(query, artist.client, contentItemRows(uid, UPSERT_ROWS, { tag: 'seed' }))).map((r) => r.id);

  const restPk: number[] = [];
  const directPk: number[] = [];
  const restUpsert: number[] = [];
  const directUpsert: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    // select by primary key, one round trip each
    let t = performance.now();
    for (let i = 0; i < PK_LOOKUPS; i++) {
      const id = seedIds[i % seedIds.length]!;
      const r = await fetch(`${backend.url}/rest/v1/content_items?select=*&id=eq.${id}`, { headers });
      if ((await r.json() as unknown[]).length !== 1) throw new Error('pk lookup failed');
    }
    restPk.push((performance.now() - t) / PK_LOOKUPS);
    t = performance.now();
    for (let i = 0; i < PK_LOOKUPS; i++) {
      const id = seedIds[i % seedIds.length]!;
      const r = await backend.query('select * from content_items where id = $1', [id]);
      if (r.rows.length !== 1) throw new Error('pk lookup failed');
    }
    directPk.push((performance.now() - t) / PK_LOOKUPS);

    // 1,000-row upsert
    const viaRest = rowsFor(run);
    t = performance.now();
    const up = await fetch(`${backend.url}/rest/v1/content_items?on_conflict=id`, {
      method: 'POST', headers: { ...headers, Prefer: 'resolution=merge-duplicates,return=minimal' }, body: JSON.stringify(viaRest),
    });
    if (up.status !== 201) throw new Error(`upsert failed: ${up.status} ${await up.text()}`);
    restUpsert.push(UPSERT_ROWS / ((performance.now() - t) / 1000));

    const direct = rowsFor(run + 100);
    t = performance.now();
    await backend.query(
      `insert into content_items (id, artist_id, title, file_path, metadata, is_public)
       select id, artist_id, title, file_path, metadata, is_public from jsonb_populate_recordset(null::content_items, $1::jsonb)
       on conflict (id) do update set title = excluded.title, metadata = excluded.metadata, is_public = excluded.is_public`,
      [JSON.stringify(direct)],
    );
    directUpsert.push(UPSERT_ROWS / ((performance.now() - t) / 1000));
  }

  // sync_push answering every row as a conflict (the path that was quadratic): ms per row at
  // 2,500 rows vs 250 rows — ~1× means linear (before 20261122200000_sync_push_linear: 2,500
  // conflicts took ~9 s here vs ~0.5 s for 500, i.e. far above 1×)
  let pushRound = 0;
  const pushPerRow = async (n: number): Promise<number> => {
    pushRound += 1;
    const seeded = await seedContentItems(query, artist.client, contentItemRows(uid, n, { tag: `push${pushRound}` }));
    // small rows, as before the fixture builder: the request body stays under the server's limit
    const pRows = seeded.map(({ id, file_path }) => ({ new: { id, artist_id: uid, title: 'q', file_path }, assumed: null }));
    const t = performance.now();
    const r = await fetch(`${backend.url}/rest/v1/rpc/sync_push`, { method: 'POST', headers, body: JSON.stringify({ p_table: 'content_items', p_rows: pRows }) });
    const answer = await r.json() as unknown;
    if (!Array.isArray(answer) || answer.length !== n) throw new Error(`expected one conflict per row: ${r.status} ${JSON.stringify(answer).slice(0, 200)}`);
    return (performance.now() - t) / n;
  };
  const small: number[] = [];
  const large: number[] = [];
  const [smallRows, largeRows] = PUSH_SIZES as [number, number];
  for (let run = 0; run < PUSH_RUNS; run++) {
    small.push(await pushPerRow(smallRows));
    large.push(await pushPerRow(largeRows));
  }

  const rows = [
    { operation: 'sync_push conflicts (ms / row)', 'via /rest/v1': `${median(large).toFixed(3)} at ${largeRows.toLocaleString('en-US')}`, 'direct PGlite': `${median(small).toFixed(3)} at ${smallRows}`, 'time ratio (http/direct)': `${(median(large) / median(small)).toFixed(2)}× (${largeRows.toLocaleString('en-US')} / ${smallRows} per row)` },
    { operation: 'select by pk (ms / op)', 'via /rest/v1': median(restPk).toFixed(3), 'direct PGlite': median(directPk).toFixed(3), 'time ratio (http/direct)': (median(restPk) / median(directPk)).toFixed(2) + '×' },
    { operation: `upsert ${UPSERT_ROWS} rows (rows / s)`, 'via /rest/v1': median(restUpsert).toFixed(0), 'direct PGlite': median(directUpsert).toFixed(0), 'time ratio (http/direct)': (median(directUpsert) / median(restUpsert)).toFixed(2) + '×' },
  ];
  console.log(`backend bench — medians of ${RUNS} runs (${PK_LOOKUPS} pk lookups per run)`);
  console.table(rows);
} finally {
  await backend.stop();
}
