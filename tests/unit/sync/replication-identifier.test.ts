// The replication's stored checkpoint is named per table and backend; a pull-only collection's name
// also carries its schema version past 0, so a version bump pulls it again from the start (RxDB's
// migration keeps the checkpoint, and older apps dropped the new fields from rows they pulled).
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../../sync/collections';
import { replicationIdentifier } from '../../../sync/replication/replicate-collection';

describe('replicationIdentifier', () => {
  it('names the schema version of a pull-only collection past version 0', () => {
    expect(COLLECTIONS.daily_rewards.replication.push).toBe(false);
    expect(replicationIdentifier('daily_rewards', 'b1')).toBe(
      `bucket-daily_rewards-v${COLLECTIONS.daily_rewards.schema.version}-b1`,
    );
    expect(COLLECTIONS.daily_rewards.schema.version).toBeGreaterThan(0);
  });

  it('keeps the earlier names where a re-pull would bring nothing new or push everything again', () => {
    expect(COLLECTIONS.locker_items.schema.version).toBe(0);
    expect(replicationIdentifier('locker_items', 'b1')).toBe('bucket-locker_items-b1');
    // profiles push: a fresh checkpoint would send every local row again
    expect(COLLECTIONS.profiles.schema.version).toBeGreaterThan(0);
    expect(replicationIdentifier('profiles', 'b1')).toBe('bucket-profiles-b1');
  });
});
