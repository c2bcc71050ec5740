// The engine owns retries through its gate and RxDB's options alone: a push the server refuses is
// retried on the gate's backoff (not RxDB's unwakeable `retryTime`), any other handler failure is
// reported and woken by a trigger like a refusal, and stop() in the middle of a backoff leaves no
// timer behind and sends nothing more. A fake Supabase client answers `sync_pull`/`sync_push`;
// RxDB runs for real (Dexie on fake-indexeddb), on fake timers from start() on.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSyncEngine, mediaIdKey, upsertMediaId, type SyncEngine, type SyncFailureInfo } from '../../../sync';
import { testStorage, uniqueName } from './helpers/open-test-engine';
import { serverMediaId, USER_A } from './helpers/rows';

type Answer = { data: unknown; error: { message: string; code?: string } | null; status: number };
/** What the fake server does with a push: answer it, or fail it at the transport (a rejected fetch). */
type PushOutcome = Answer | 'throw';

const ok: Answer = { data: [], error: null, status: 200 };
const unavailable: Answer = { data: null, error: { message: 'unavailable', code: '503' }, status: 503 };
const CHECKPOINT = { snapshot: '10:10:', upto: null, txid: null, id: null };
const page = (rows: unknown[]): Answer => ({ data: { rows, checkpoint: CHECKPOINT }, error: null, status: 200 });

/** A client with just what the handlers use; pushes answer `outcomes` in turn, then ok. */
function fakeSupabase(outcomes: PushOutcome[] = [], pulled: unknown[] = []) {
  const pushes: number[] = [];
  /** The checkpoint each pull was sent. */
  const pulls: unknown[] = [];
  const rpc = (fn: string, args: { p_checkpoint?: unknown }) => {
    let answer: Promise<Answer>;
    if (fn === 'sync_push') {
      pushes.push(Date.now());
      const outcome = outcomes.shift() ?? ok;
      answer = outcome === 'throw' ? Promise.reject(new TypeError('fetch failed')) : Promise.resolve(outcome);
    } else {
      pulls.push(args.p_checkpoint);
      answer = Promise.resolve(page(pulls.length === 1 ? pulled : []));
    }
    return Object.assign(answer, { retry: () => answer });
  };
  const client = { rpc, auth: { refreshSession: async () => ({ error: null }) } };
  return { client: client as unknown as SupabaseClient, pushes, pulls };
}

const BASE_MS = 1_000;
const events = new EventTarget();
let engine: SyncEngine | null = null;

async function startEngine(supabase: SupabaseClient): Promise<SyncEngine> {
  engine = await createSyncEngine({
    supabase,
    userId: USER_A,
    storage: testStorage(),
    devMode: true,
    multiInstance: false,
    databaseName: uniqueName('retries'),
    collections: ['media_ids'],
    realtime: false,
    connectivity: { events, isOnline: () => true },
    retryTimeMs: BASE_MS,
    maxRetryTimeMs: 8 * BASE_MS,
    pollIntervalMs: 3_600_000,
  });
  // Only setTimeout/setInterval: fake-indexeddb schedules its work with setImmediate.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  await engine.start();
  return engine;
}

/** Lets RxDB and fake-indexeddb work (real macrotasks) while fake time stands still. */
async function settle(rounds = 50): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(0);
  }
}

/** Advances fake time step by step, letting storage work in between. */
async function advance(ms: number, step = 100): Promise<void> {
  for (let passed = 0; passed < ms; passed += step) {
    await vi.advanceTimersByTimeAsync(Math.min(step, ms - passed));
    await settle(5);
  }
}

async function syncStateOfMediaId(db: SyncEngine['db']): Promise<unknown> {
  const doc = await db.media_ids.findOne(mediaIdKey(USER_A, 'fan')).exec();
  return doc?.get('sync_state');
}

async function writeMediaId(db: SyncEngine['db']): Promise<void> {
  await upsertMediaId(db, { user_uuid: USER_A, role: 'fan', interests: ['Rising talent', 'Early releases', 'Jazz nights'] });
}

afterEach(async () => {
  vi.useRealTimers();
  await engine?.close();
  engine = null;
});

describe('engine retries', () => {
  it('a push refused three times (503) is retried on the gate backoff (1, 2, 4 s), then lands', async () => {
    const { client, pushes } = fakeSupabase([unavailable, unavailable, unavailable]);
    const { db } = await startEngine(client);
    await settle();
    await writeMediaId(db);
    await settle();
    expect(pushes).toHaveLength(1);

    await advance(7_100);
    expect(pushes).toHaveLength(4);
    const gaps = pushes.slice(1).map((at, i) => at - pushes[i]!);
    expect(gaps).toEqual([BASE_MS, 2 * BASE_MS, 4 * BASE_MS]);
    await settle();
    expect(await syncStateOfMediaId(db)).toBe('clean');
  });

  it('a handler failure that is no server answer is reported and retried at once on a trigger', async () => {
    const { client, pushes } = fakeSupabase(['throw']);
    const eng = await startEngine(client);
    const failures: (SyncFailureInfo | null)[] = [];
    const watching = eng.failure$.subscribe((f) => failures.push(f));
    await settle();
    await writeMediaId(eng.db);
    await settle();
    expect(pushes).toHaveLength(1);
    expect(failures.some((f) => f?.message === 'fetch failed')).toBe(true);

    events.dispatchEvent(new Event('focus'));
    await settle();
    watching.unsubscribe();
    // Woken, not after a backoff: no fake time has passed.
    expect(pushes).toHaveLength(2);
    expect(pushes[1]).toBe(pushes[0]);
    expect(await syncStateOfMediaId(eng.db)).toBe('clean');
  });

  it('stop() during a backoff leaves no timer behind and sends nothing more', async () => {
    const { client, pushes } = fakeSupabase(Array.from({ length: 20 }, () => unavailable));
    const eng = await startEngine(client);
    await settle();
    await writeMediaId(eng.db);
    await settle();
    await advance(1_000); // second refusal: now waiting 2 s
    expect(pushes).toHaveLength(2);
    expect(vi.getTimerCount()).toBeGreaterThan(0);

    await eng.stop();
    await settle();
    expect(vi.getTimerCount()).toBe(0);
    await advance(120_000, 10_000);
    expect(pushes).toHaveLength(2);
    expect(await syncStateOfMediaId(eng.db)).toBe('dirty');
  });

  it('checkpoints are stored under the backendId option: same id resumes, another starts over', async () => {
    vi.useRealTimers();
    const storage = testStorage();
    const databaseName = uniqueName('backend');
    // RxDB stores a pull checkpoint only with a page that brought rows.
    const pullsWith = async (backendId: string) => {
      const { client, pulls } = fakeSupabase([], [serverMediaId()]);
      const opened = await createSyncEngine({
        supabase: client,
        userId: USER_A,
        storage,
        devMode: true,
        multiInstance: false,
        databaseName,
        collections: ['media_ids'],
        realtime: false,
        connectivity: { events, isOnline: () => true },
        backendId,
      });
      await opened.start();
      await opened.resync();
      await opened.close();
      return pulls;
    };
    // What a device stored before backendId was an option: the Supabase URL named its checkpoints.
    expect(await pullsWith('http://127.0.0.1:54321')).toEqual([null]);
    expect(await pullsWith('http://127.0.0.1:54321')).toEqual([CHECKPOINT]);
    expect(await pullsWith('https://other.supabase.co')).toEqual([null]);
  });
});
