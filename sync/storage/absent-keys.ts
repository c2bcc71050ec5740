/**
 * A Dexie DBCore middleware for RxDB's Dexie storage: `getMany` (Dexie `bulkGet`) of many keys
 * first asks the store which of them exist — one key-only range read over [min key, max key] —
 * and fetches only those. Why: RxDB reads every document before writing it (the replication's
 * fork and meta look-ups, then each `bulkWrite`'s own read of the current state), i.e. four
 * IndexedDB `get`s per pulled row, nearly all of them for rows not on the device yet during an
 * initial sync; in Chromium those gets cost about two thirds of the puts (CPU profile of
 * tests/bench/sync-browser.bench.ts).
 * Invariants: same answer as `getMany` (array aligned with `keys`, `undefined` when absent), read
 * in the caller's transaction (so it sees exactly what the plain gets would); the probe is bounded
 * (at most PROBE_FACTOR × keys) and on a full probe, non-string keys or small requests the plain
 * `getMany` runs instead.
 */
import { cmp, type DBCore, type DBCoreGetManyRequest, type DBCoreKeyRange, type DBCoreTable, type Middleware } from 'dexie';

/** Below this many keys the plain gets are as cheap as the probe. */
export const MIN_PROBE_KEYS = 16;
/**
 * The probe reads at most this many keys per requested key before giving up on it. A key-only
 * read costs a few µs per key, a get tens of µs (Chromium profile: 4,000 gets ≈ 0.75 s), and
 * random uuids spread a batch over the whole store, so the probe must cover a store many times
 * the batch (a 1,000-row batch: stores up to 16,000 rows) to help after the first pages.
 */
export const PROBE_FACTOR = 16;

function stringKeysRange(keys: readonly unknown[]): DBCoreKeyRange | null {
  let lower: string | undefined;
  let upper: string | undefined;
  for (const key of keys) {
    if (typeof key !== 'string') return null;
    if (lower === undefined || cmp(key, lower) < 0) lower = key;
    if (upper === undefined || cmp(key, upper) > 0) upper = key;
  }
  // DBCoreRangeType.Range is a const enum (erased under isolatedModules): its value is 2.
  return { type: 2 as DBCoreKeyRange['type'], lower, upper, lowerOpen: false, upperOpen: false };
}

function probingTable(table: DBCoreTable): DBCoreTable {
  return {
    ...table,
    async getMany(req: DBCoreGetManyRequest) {
      const range = req.keys.length >= MIN_PROBE_KEYS ? stringKeysRange(req.keys) : null;
      if (!range) return table.getMany(req);
      const limit = req.keys.length * PROBE_FACTOR;
      const probe = await table.query({
        trans: req.trans,
        values: false,
        limit,
        query: { index: table.schema.primaryKey, range },
      });
      if (probe.result.length >= limit) return table.getMany(req);
      const present = new Set(probe.result as string[]);
      const wanted = (req.keys as string[]).filter((key) => present.has(key));
      if (wanted.length === 0) return req.keys.map(() => undefined);
      const found = await table.getMany({ ...req, keys: wanted });
      const byKey = new Map(wanted.map((key, i) => [key, found[i]]));
      return (req.keys as string[]).map((key) => byKey.get(key));
    },
  };
}

export const absentKeysMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'bucket-absent-keys',
  // Lowest level: right above IndexedDB, below Dexie's hooks and caches.
  level: 0,
  create: (down) => ({ ...down, table: (name) => probingTable(down.table(name)) }),
};
