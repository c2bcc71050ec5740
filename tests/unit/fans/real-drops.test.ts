/** Followed artists' items become Daily Locker drops: newest first, locked ones without a path. */
import { describe, expect, it } from 'vitest';
import type { FollowedContentDoc } from '../../../sync/schemas/followed-content';
import { realDropsFromRows } from '../../../src/features/locker/real-drops/real-drop';

const base: FollowedContentDoc = {
  id: 'c1',
  fan_id: 'fan',
  artist_id: 'artist',
  artist_name: 'Nova Static',
  title: 'Night Bus Home',
  description: 'demo',
  file_path: 'artist/1-night.wav',
  file_type: 'audio/wav',
  file_size: 10,
  metadata: {},
  is_public: true,
  subscription_tier_required: 'free',
  unlock_date: null,
  created_at: '2026-11-22T10:00:00Z',
  follower_tier: 'free',
  locked: false,
  sync_state: 'clean',
  sync_modified: null,
};

describe('realDropsFromRows', () => {
  it('maps type, rarity by tier and keeps newest first', () => {
    const rows = [
      base,
      {
        ...base,
        id: 'c2',
        title: 'Newer',
        created_at: '2026-11-22T11:00:00Z',
        subscription_tier_required: 'tier2' as const,
      },
    ];
    const drops = realDropsFromRows(rows, new Date('2026-11-22T12:00:00Z'));
    expect(drops.map((d) => d.title)).toEqual(['Newer', 'Night Bus Home']);
    expect(drops[0]).toMatchObject({ type: 'music', rarity: 'epic', isNew: true, fanTierRequired: 2 });
    expect(drops[1]!.real).toMatchObject({ locked: false, filePath: 'artist/1-night.wav' });
  });

  it('a locked row has no object path and says which tier unlocks it', () => {
    const [drop] = realDropsFromRows(
      [{ ...base, locked: true, file_path: null, description: null, subscription_tier_required: 'tier1' }],
      new Date('2026-11-25T12:00:00Z'),
    );
    expect(drop!.real).toMatchObject({ locked: true, filePath: null });
    expect(drop!.description).toBe('Tier 1 and up unlocks this release.');
    expect(drop!.isNew).toBe(false);
  });

  it('a scheduled drop (issue 31) says when it unlocks, not which tier', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const scheduled = {
      ...base,
      locked: true,
      file_path: null,
      description: null,
      is_public: false,
      unlock_date: '2026-12-01T20:00:00Z',
    };
    const [free] = realDropsFromRows([scheduled], now);
    expect(free!.real?.lockedReason).toMatch(/^Unlocks 12\/0[12]\/26, /);
    expect(free!.real?.lockedReason).not.toMatch(/Tier|Free/);
    const [paid] = realDropsFromRows([{ ...scheduled, subscription_tier_required: 'tier2' }], now);
    expect(paid!.real?.lockedReason).toMatch(/ for Tier 2 and up$/);
    // Released by date but above the fan's tier: the tier is the reason.
    const [tier] = realDropsFromRows(
      [{ ...scheduled, unlock_date: '2026-11-01T00:00:00Z', subscription_tier_required: 'tier1' }],
      now,
    );
    expect(tier!.real?.lockedReason).toBe('Tier 1 and up unlocks this track');
  });
});
