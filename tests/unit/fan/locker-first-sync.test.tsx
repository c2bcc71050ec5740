// @vitest-environment happy-dom
// A new device's Daily Locker while its first sync ends: the engine reports the sync done (an urgent
// update) before the locker's query has delivered what the sync wrote (a transition), so a screen
// reading the two apart showed 'Your Locker is Empty' for a moment (the fan-new-device e2e saw it
// under load). The locker stays loading until it has read its rows after the sync, then shows them;
// a locker that is really empty says so once the sync has ended, or at once when the sync failed.
import { useLayoutEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BehaviorSubject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { BucketDatabase, SyncEngine } from '../../../sync';
import { knownFieldsOf } from '../../../sync/collections';
import { fromServerRow } from '../../../sync/local-fields';
import type { DailyRewardDoc, LockerItemDoc } from '../../../sync/model';
import { SyncContext, type SyncContextValue } from '../../../src/data/sync-context';
import { useFanLocker } from '../../../src/features/fan/use-fan-locker';
import { useFanRewards } from '../../../src/features/fan/use-fan-rewards';
import { openTestDatabase } from '../sync/helpers/open-test-engine';

// React's own scheduler, as in the browser (not act's queue, which renders updates as they come):
// an urgent update queued beside a transition renders first.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
let root: Root | null = null;
const FAN = '22222222-2222-4222-8222-222222222222';
const TS = '2026-11-29T08:00:00.000000+00:00';

/** A row as the replication writes it into the local database (server row, local fields). */
function pulled<T>(name: Parameters<typeof knownFieldsOf>[0], row: Record<string, unknown>): T {
  const doc = fromServerRow(
    { ...row, created_at: TS, updated_at: TS, _modified: TS, _deleted: false },
    knownFieldsOf(name),
  );
  delete doc._deleted;
  return doc as unknown as T;
}

const itemDoc = (slug: string) =>
  pulled<LockerItemDoc>('locker_items', {
    id: `${FAN}|${slug}`,
    fan_id: FAN,
    type: 'music',
    title: `Drop ${slug}`,
    artist: 'BTI',
    description: '',
    thumbnail: '',
    rarity: 'rare',
    is_new: true,
    code_value: null,
    brand_name: null,
    heart_count: 0,
    fire_count: 0,
    star_count: 0,
    share_count: 0,
    comment_count: 0,
    fan_tier_required: 1,
    priority: 1,
    publish_date: '2026-11-29',
    expires_at: '2099-01-01T00:00:00.000Z',
  });

const rewardDoc = (day: number) =>
  pulled<DailyRewardDoc>('daily_rewards', {
    id: `${FAN}|${day}`,
    fan_id: FAN,
    day,
    type: 'bonus',
    rarity: 'common',
    title: `Day ${day} Check-in Badge`,
    artist: 'Bucket',
    description: '',
    thumbnail: '',
    brand_name: null,
    streak_bonus: false,
    unlock_date: '2026-11-29',
    unlocked_early: false,
    source: 'platform',
    campaign_id: null,
  });

/** Every state a screen below committed (each change once, in order). */
let committed: string[] = [];
function useCommitted(state: string) {
  useLayoutEffect(() => {
    if (committed.at(-1) !== state) committed.push(state);
  }, [state]);
}

/** The Daily Locker: 'loading', 'empty' or its drops' titles. */
function Locker() {
  const { source, items } = useFanLocker();
  useCommitted(source === 'loading' ? 'loading' : items.length === 0 ? 'empty' : items.map((i) => i.title).join(','));
  return null;
}

/** The Daily Rewards panel: 'loading' (on its way), 'none' (no calendar) or its days. */
function Rewards() {
  const rewards = useFanRewards();
  useCommitted(
    rewards.source !== 'loading' ? `${rewards.rewards.length} days` : rewards.awaitingFirstSync ? 'loading' : 'none',
  );
  return null;
}

/** The engine as the locker reads it: when this device last finished a sync, and the last failure. */
function engineFacts() {
  return {
    lastSyncedAt$: new BehaviorSubject<Date | null>(null),
    failure$: new BehaviorSubject<{ kind: string; message: string } | null>(null),
  };
}

let db: BucketDatabase | null = null;
afterEach(async () => {
  root?.unmount();
  root = null;
  await db?.close();
  db = null;
  committed = [];
});

async function mount(engine: ReturnType<typeof engineFacts>, Screen = Locker) {
  db = await openTestDatabase();
  const open = db;
  const value: SyncContextValue = {
    engine: engine as unknown as SyncEngine,
    db: open,
    userId: FAN,
    error: null,
    newDevice: true,
    firstPages: null,
    whenDb: () => Promise.resolve(open),
  };
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  root.render(
    <SyncContext.Provider value={value}>
      <Screen />
    </SyncContext.Provider>,
  );
  return open;
}

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(check(), committed.join(' > ')).toBe(true);
}

describe('the Daily Locker during a new device’s first sync', () => {
  it('goes from loading to the synced drops, never through empty, when the sync ends before its query delivers', async () => {
    const engine = engineFacts();
    const open = await mount(engine);
    await until(() => committed.at(-1) === 'loading');
    await new Promise((resolve) => setTimeout(resolve, 300)); // the locker's query has read the empty database
    // The pulled rows written, and the cycle reported finished as soon as the write is stored,
    // before the locker's query has processed it (the order a busy phone's main thread gives).
    const written = open.locker_items.$.subscribe(() => engine.lastSyncedAt$.next(new Date()));
    await open.locker_items.bulkInsert([itemDoc('a'), itemDoc('b')]);
    written.unsubscribe();
    await until(() => committed.at(-1) === 'Drop a,Drop b' || committed.at(-1) === 'Drop b,Drop a');
    expect(committed).not.toContain('empty');
  });

  it('says the locker is empty once the first sync has ended with nothing in it', async () => {
    const engine = engineFacts();
    await mount(engine);
    await until(() => committed.at(-1) === 'loading');
    engine.lastSyncedAt$.next(new Date());
    await until(() => committed.at(-1) === 'empty');
  });

  it('says the locker is empty when the first sync failed (nothing is on its way)', async () => {
    const engine = engineFacts();
    await mount(engine);
    await until(() => committed.at(-1) === 'loading');
    engine.failure$.next({ kind: 'server', message: 'HTTP 500' });
    await until(() => committed.at(-1) === 'empty');
  });

  it('the rewards panel: from loading to the calendar, never through “no calendar”, in the same race', async () => {
    const engine = engineFacts();
    const open = await mount(engine, Rewards);
    await until(() => committed.at(-1) === 'loading');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const written = open.daily_rewards.$.subscribe(() => engine.lastSyncedAt$.next(new Date()));
    await open.daily_rewards.bulkInsert([rewardDoc(1), rewardDoc(2)]);
    written.unsubscribe();
    await until(() => committed.at(-1) === '2 days');
    expect(committed).not.toContain('none');
  });
});
