/**
 * The absent-keys middleware (sync/storage/absent-keys.ts) answers `bulkGet` exactly like plain
 * Dexie — aligned with the keys, `undefined` for absent ones, duplicates, inside a read-write
 * transaction after uncommitted puts — while fetching only the keys that exist, and falls back to
 * the plain gets when the probe would read too much.
 */
import Dexie, { type DBCore, type Middleware } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { absentKeysMiddleware, MIN_PROBE_KEYS, PROBE_FACTOR } from '../../../sync/storage/absent-keys';

type Row = { id: string; n: number };
let seq = 0;

/** Counts the keys that reach IndexedDB as gets (a middleware below the one under test). */
function openDb(withMiddleware: boolean) {
  const fetched = { keys: 0 };
  const counter: Middleware<DBCore> = {
    stack: 'dbcore',
    name: 'count-gets',
    level: -1,
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        return {
          ...table,
          getMany: (req) => {
            fetched.keys += req.keys.length;
            return table.getMany(req);
          },
        };
      },
    }),
  };
  seq += 1;
  const db = new Dexie(`absent_keys_${seq}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  db.version(1).stores({ docs: 'id, n' });
  db.use(counter);
  if (withMiddleware) db.use(absentKeysMiddleware);
  return { db, docs: db.table<Row, string>('docs'), fetched };
}

const key = (i: number) => `k${String(i).padStart(5, '0')}`;

describe('absent-keys middleware', () => {
  it('an initial-sync look-up of rows not on the device reads no row at all', async () => {
    const { db, docs, fetched } = openDb(true);
    await docs.bulkPut([{ id: 'zzz', n: 1 }]);
    const wanted = Array.from({ length: 200 }, (_, i) => key(i));
    const got = await docs.bulkGet(wanted);
    expect(got).toEqual(wanted.map(() => undefined));
    expect(fetched.keys).toBe(0);
    db.close();
  });

  it('fetches only the present keys and keeps the answer aligned (duplicates, absent, present)', async () => {
    const { db, docs, fetched } = openDb(true);
    await docs.bulkPut([0, 5, 7, 30].map((i) => ({ id: key(i), n: i })));
    const wanted = [key(7), key(1), key(7), key(30), ...Array.from({ length: 40 }, (_, i) => key(100 + i)), key(0)];
    const got = await docs.bulkGet(wanted);
    expect(got.map((r) => r?.n)).toEqual([7, undefined, 7, 30, ...Array.from({ length: 40 }, () => undefined), 0]);
    expect(fetched.keys).toBe(4); // key(7) twice, key(30), key(0)
    db.close();
  });

  it('sees uncommitted writes of its own read-write transaction, as RxDB bulkWrite needs', async () => {
    const { db, docs } = openDb(true);
    const wanted = Array.from({ length: 50 }, (_, i) => key(i));
    const seen = await db.transaction('rw', docs, async () => {
      await docs.bulkPut([{ id: key(3), n: 3 }]);
      return docs.bulkGet(wanted);
    });
    expect(seen.filter(Boolean)).toEqual([{ id: key(3), n: 3 }]);
    db.close();
  });

  it('falls back to plain gets when the key range holds too many other rows', async () => {
    const { db, docs, fetched } = openDb(true);
    const many = (MIN_PROBE_KEYS + 1) * PROBE_FACTOR * 3;
    await docs.bulkPut(Array.from({ length: many }, (_, i) => ({ id: `${key(i)}x`, n: i })));
    // all absent but one, spread over a range that holds more than PROBE_FACTOR × keys rows
    const wanted = Array.from({ length: MIN_PROBE_KEYS }, (_, i) => key(Math.floor((i * many) / MIN_PROBE_KEYS)));
    wanted.push(`${key(0)}x`);
    const got = await docs.bulkGet(wanted);
    expect(got.filter(Boolean)).toEqual([{ id: `${key(0)}x`, n: 0 }]);
    expect(fetched.keys).toBe(wanted.length);
    db.close();
  });

  it('matches plain Dexie on random stores and look-ups (property, 150 runs)', async () => {
    const keyArb = fc.integer({ min: 0, max: 400 }).map(key);
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(keyArb, { maxLength: 120 }), fc.array(keyArb, { maxLength: 90 }), async (stored, wanted) => {
        const plain = openDb(false);
        const probed = openDb(true);
        const rows = stored.map((id, n) => ({ id, n }));
        await plain.docs.bulkPut(rows);
        await probed.docs.bulkPut(rows);
        const [a, b] = await Promise.all([plain.docs.bulkGet(wanted), probed.docs.bulkGet(wanted)]);
        plain.db.close();
        probed.db.close();
        expect(b).toEqual(a);
        expect(probed.fetched.keys).toBeLessThanOrEqual(plain.fetched.keys);
      }),
      { numRuns: 150 },
    );
  });
});

describe('absent-keys middleware under RxDB', () => {
  it('a write based on a stale state is still refused (409) when many rows are written at once', async () => {
    const { openBucketDatabase } = await import('../../../sync');
    const { getBucketDexieStorage } = await import('../../../sync/storage/dexie-storage');
    const db = await openBucketDatabase({
      name: `absent_keys_rx_${Date.now().toString(36)}`,
      storage: getBucketDexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange }),
      multiInstance: false,
      collections: ['content_items'],
    });
    try {
      const now = new Date().toISOString();
      const docs = Array.from({ length: 40 }, (_, i) => ({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        artist_id: '00000000-0000-4000-8000-00000000aaaa',
        title: `T${i}`,
        description: null,
        file_path: `a/${i}.mp3`,
        file_type: 'audio/mpeg',
        file_size: i,
        metadata: {},
        is_public: true,
        subscription_tier_required: 'free' as const,
        unlock_date: null,
        created_at: now,
        updated_at: now,
        sync_state: 'clean' as const,
        sync_modified: now,
      }));
      await db.content_items.bulkInsert(docs);
      const storage = db.content_items.storageInstance;
      const stored = await storage.findDocumentsById(docs.map((d) => d.id), true);
      expect(stored).toHaveLength(40);
      // Half the rows claim the stored state, half an older one: exactly that half conflicts.
      const rows = stored.map((previous, i) => ({
        previous: i % 2 === 0 ? previous : { ...previous, _rev: '0-stale' },
        document: { ...previous, title: `new ${i}`, _rev: `${Number(previous._rev.split('-')[0]) + 1}-x`, _meta: { lwt: Date.now() + 1 } },
      }));
      const result = await storage.bulkWrite(rows as never, 'test');
      expect(result.error.map((e) => e.status)).toEqual(Array.from({ length: 20 }, () => 409));
      expect(new Set(result.error.map((e) => e.documentId))).toEqual(new Set(stored.filter((_, i) => i % 2 === 1).map((d) => d.id)));
      const after = await storage.findDocumentsById(docs.map((d) => d.id), true);
      expect(after.filter((d) => d.title.startsWith('new ')).length).toBe(20);
    } finally {
      await db.remove();
    }
  });
});
