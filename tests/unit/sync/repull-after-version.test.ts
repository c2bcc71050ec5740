// Why a pull-only collection's replication name carries its schema version: RxDB's schema
// migration carries the stored checkpoint over, so a row an older app pulled (and stored without a
// column it did not know) is never pulled again under the old name; under the versioned name the
// device pulls the collection from the start once and the row arrives with the new column.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase, type RxJsonSchema } from 'rxdb';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { afterEach, describe, expect, it } from 'vitest';
import { openBucketDatabase } from '../../../sync';
import { dailyRewardSchema } from '../../../sync/schemas/daily-rewards';
import { replicationIdentifier } from '../../../sync/replication/replicate-collection';
import { getBucketDexieStorage } from '../../../sync/storage/dexie-storage';
import { uniqueName } from './helpers/open-test-engine';

const FAN = '11111111-1111-4111-8111-111111111111';
const TS = '2026-11-20T21:54:00.123456+00:00';
const server = {
  id: `${FAN}|9`, fan_id: FAN, day: 9, type: 'bonus', rarity: 'common', title: 'Day 9 Check-in Badge', artist: 'Bucket',
  description: '', thumbnail: '', brand_name: null, streak_bonus: false, unlock_date: '2026-11-28', unlocked_early: false,
  created_at: TS, updated_at: TS, sync_state: 'clean', sync_modified: TS, _deleted: false,
};
const noted = { ...server, replaced_brand_name: 'Loop Coffee', replaced_title: 'Night Shift Drop' };

// The calendar's schema as version 0 knew it: no note fields.
const { replaced_brand_name: _b, replaced_title: _t, ...v0Properties } = dailyRewardSchema.properties as Record<string, unknown>;
const v0Schema = { ...dailyRewardSchema, version: 0, properties: v0Properties } as RxJsonSchema<Record<string, unknown>>;

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

/** One pull cycle under `identifier`; returns the checkpoint the handler was asked to continue from. */
async function pullOnce(collection: never, identifier: string, rows: Array<Record<string, unknown>>) {
  const asked: unknown[] = [];
  const replication = replicateRxCollection<Record<string, unknown>, { n: number }>({
    replicationIdentifier: identifier,
    collection,
    deletedField: '_deleted',
    live: false,
    waitForLeadership: false,
    autoStart: true,
    pull: {
      batchSize: 10,
      handler: (checkpoint) => {
        asked.push(checkpoint ?? null);
        return Promise.resolve(
          checkpoint ? { documents: [], checkpoint } : { documents: rows as never[], checkpoint: { n: rows.length } },
        );
      },
    },
  });
  await replication.awaitInitialReplication();
  await replication.cancel();
  return asked[0];
}

describe('a pull-only collection after a schema version bump', () => {
  it('keeps the old checkpoint under the old name, and pulls again from the start under the versioned one', async () => {
    const storage = wrappedValidateAjvStorage({ storage: getBucketDexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange }) });
    const name = uniqueName('repull');
    const OLD_NAME = 'bucket-daily_rewards-b1';

    // an older app pulled the day and kept only the fields it knew
    const old = await createRxDatabase({ name, storage, multiInstance: false });
    await old.addCollections({ daily_rewards: { schema: v0Schema } });
    const { sync_state: _s, ...known } = server;
    expect(await pullOnce(old.daily_rewards as never, OLD_NAME, [{ ...known, sync_state: 'clean' }])).toBeNull();
    await old.close();

    const db = await openBucketDatabase({ name, storage, multiInstance: false, collections: ['daily_rewards'] });
    closers.push(() => db.close());
    // the migration carried the checkpoint: under the old name the row would never come again
    expect(await pullOnce(db.daily_rewards as never, OLD_NAME, [noted])).toEqual({ n: 1 });
    expect((await db.daily_rewards.findOne(`${FAN}|9`).exec())?.replaced_brand_name).toBeUndefined();

    // the versioned name starts from scratch and brings the note
    const current = replicationIdentifier('daily_rewards', 'b1');
    expect(current).not.toBe(OLD_NAME);
    expect(await pullOnce(db.daily_rewards as never, current, [noted])).toBeNull();
    const day = await db.daily_rewards.findOne(`${FAN}|9`).exec();
    expect(day?.replaced_brand_name).toBe('Loop Coffee');
    expect(day?.replaced_title).toBe('Night Shift Drop');
  });
});
