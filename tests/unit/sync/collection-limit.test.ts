// RxDB open-source caps open collections per JS process (COL23). The registry must fit, and a
// user switch (close A, open B) must never hold two full registries at once.
import { describe, expect, it } from 'vitest';
import { COLLECTION_NAMES } from '../../../sync/collections';
import { OPEN_COLLECTION_LIMIT, databaseNameForUser, openBucketDatabase, openCollectionCount } from '../../../sync/database';
import { testStorage } from './helpers/open-test-engine';
import { USER_A, USER_B } from './helpers/rows';

const openFor = (userId: string, slotTimeoutMs?: number) =>
  openBucketDatabase({
    name: `${databaseNameForUser(userId)}_${Date.now().toString(36)}`,
    storage: testStorage(),
    devMode: true,
    multiInstance: false,
    collectionSlotTimeoutMs: slotTimeoutMs,
  });

/** Highest number of open collections seen while `run` is under way. */
async function peakDuring(run: () => Promise<void>): Promise<number> {
  let peak = openCollectionCount();
  const timer = setInterval(() => (peak = Math.max(peak, openCollectionCount())), 1);
  try {
    await run();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, openCollectionCount());
}

describe('RxDB open-collection limit', () => {
  it('the full registry fits under the limit', () => {
    expect(OPEN_COLLECTION_LIMIT).toBe(13);
    expect(COLLECTION_NAMES.length).toBeLessThanOrEqual(OPEN_COLLECTION_LIMIT);
  });

  it('user switch: close A, open B — twice — stays under the cap', async () => {
    expect(openCollectionCount()).toBe(0);
    const peak = await peakDuring(async () => {
      for (let round = 0; round < 2; round++) {
        const a = await openFor(USER_A);
        expect(Object.keys(a.collections)).toHaveLength(COLLECTION_NAMES.length);
        await a.close();
        const b = await openFor(USER_B);
        expect(Object.keys(b.collections)).toHaveLength(COLLECTION_NAMES.length);
        await b.close();
      }
    });
    expect(peak).toBeLessThanOrEqual(OPEN_COLLECTION_LIMIT);
    expect(openCollectionCount()).toBe(0);
  });

  it('opening B while A is still closing waits for A instead of overlapping', async () => {
    const a = await openFor(USER_A);
    const peak = await peakDuring(async () => {
      const closingA = a.close(); // not awaited: the switch races the close
      const b = await openFor(USER_B);
      await closingA;
      expect(a.closed).toBe(true);
      await b.close();
    });
    expect(peak).toBeLessThanOrEqual(OPEN_COLLECTION_LIMIT);
  });

  it('two full registries at once fail with a clear error, not COL23', async () => {
    const a = await openFor(USER_A);
    try {
      await expect(openFor(USER_B, 100)).rejects.toThrow(/limit of 13|RxDB limit 13/);
      expect(openCollectionCount()).toBe(COLLECTION_NAMES.length);
    } finally {
      await a.close();
    }
  });
});
