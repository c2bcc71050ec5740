/**
 * Benchmark: cost of the /rest/v1 HTTP layer over PGlite, measured in one process.
 * Prints medians of several runs and the ratio HTTP / direct. Run: npx tsx tests/bench/backend.bench.ts
 * Invariants: same data, same process, same run — only ratios are meaningful (machines are noisy).
 */
import { randomUUID } from 'node:crypto';
import { startLocalBackend } from '../../supabase/local/index';

const RUNS = 5;
const PK_LOOKUPS = 200;
const UPSERT_ROWS = 1000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

const backend = await startLocalBackend({ port: 0, quiet: true });
try {
  const headers = { apikey: backend.serviceRoleKey, Authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' };
  const uid = randomUUID();
  await backend.query("insert into auth.users (id, email) values ($1, 'bench@example.test')", [uid]);
  const rowsFor = (run: number) =>
    Array.from({ length: UPSERT_ROWS }, (_, i) => ({
      id: randomUUID(), artist_id: uid, title: `t${run}-${i}`, file_path: `${uid}/${i}.mp3`, metadata: { tags: ['a', 'b'], i }, is_public: i % 2 === 0,
    }));
  const seedIds = rowsFor(-1).map((r) => r.id);
  await backend.query(
    "insert into content_items (id, artist_id, title, file_path) select x, $2, 'seed', 'seed' from unnest($1::uuid[]) x",
    [seedIds, uid],
  );

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
  const pushPerRow = async (n: number): Promise<number> => {
    const ids = Array.from({ length: n }, () => randomUUID());
    await backend.query("insert into content_items (id, artist_id, title, file_path) select x, $2, 'p', 'p' from unnest($1::uuid[]) x", [ids, uid]);
    const pRows = ids.map((id) => ({ new: { id, artist_id: uid, title: 'q', file_path: 'p' }, assumed: null }));
    const t = performance.now();
    const r = await fetch(`${backend.url}/rest/v1/rpc/sync_push`, { method: 'POST', headers, body: JSON.stringify({ p_table: 'content_items', p_rows: pRows }) });
    if ((await r.json() as unknown[]).length !== n) throw new Error('expected one conflict per row');
    return (performance.now() - t) / n;
  };
  const small: number[] = [];
  const large: number[] = [];
  for (let run = 0; run < 3; run++) {
    small.push(await pushPerRow(250));
    large.push(await pushPerRow(2500));
  }

  const rows = [
    { operation: 'sync_push conflicts (ms / row)', 'via /rest/v1': `${median(large).toFixed(3)} at 2,500`, 'direct PGlite': `${median(small).toFixed(3)} at 250`, 'time ratio (http/direct)': `${(median(large) / median(small)).toFixed(2)}× (2,500 / 250 per row)` },
    { operation: 'select by pk (ms / op)', 'via /rest/v1': median(restPk).toFixed(3), 'direct PGlite': median(directPk).toFixed(3), 'time ratio (http/direct)': (median(restPk) / median(directPk)).toFixed(2) + '×' },
    { operation: `upsert ${UPSERT_ROWS} rows (rows / s)`, 'via /rest/v1': median(restUpsert).toFixed(0), 'direct PGlite': median(directUpsert).toFixed(0), 'time ratio (http/direct)': (median(directUpsert) / median(restUpsert)).toFixed(2) + '×' },
  ];
  console.log(`backend bench — medians of ${RUNS} runs (${PK_LOOKUPS} pk lookups per run)`);
  console.table(rows);
} finally {
  await backend.stop();
}
