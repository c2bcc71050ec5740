import { describe, expect, it } from 'vitest';
import { fanTierFromSubscriptions } from '../../../src/features/fan/fan-tier';
import { subscriptionsFromRows } from '../../../src/features/fan/subscriptions-from-rows';

describe('subscriptionsFromRows', () => {
  it('maps synced rows, highest tier first, and ignores refused ones', () => {
    const subs = subscriptionsFromRows([
      { id: 'f|x', artist_id: 'x', artist_name: 'Unknown X', tier: 'free', price: 0, sync_state: 'clean' },
      { id: 'f|bti', artist_id: 'bti', artist_name: 'BTI', tier: 'tier3', price: 8, sync_state: 'clean' },
      { id: 'f|y', artist_id: 'y', artist_name: 'Y', tier: 'tier2', price: 5, sync_state: 'rejected' },
    ]);
    expect(subs.map((s) => [s.artistName, s.tier, s.price])).toEqual([
      ['BTI', 'tier3', 8],
      ['Unknown X', 'free', 0],
    ]);
    expect(subs.every((s) => s.avatar.length > 0)).toBe(true);
    expect(fanTierFromSubscriptions(subs)).toBe(3);
  });
});
