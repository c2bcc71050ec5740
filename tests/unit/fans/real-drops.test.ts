/** Followed artists' items become Daily Locker drops: newest first, locked ones without a path. */
import { describe, expect, it } from 'vitest';
import type { FollowedContentDoc } from '../../../sync/schemas/followed-content';
import { lockedReason, realDropActions, realDropsFromRows } from '../../../src/features/locker/real-drops/real-drop';

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

  it('a locked row has no object path and says once (in the lock, not the description) which tier unlocks it', () => {
    const [drop] = realDropsFromRows(
      [{ ...base, locked: true, file_path: null, description: null, subscription_tier_required: 'tier1' }],
      new Date('2026-11-25T12:00:00Z'),
    );
    expect(drop!.real).toMatchObject({ locked: true, filePath: null });
    expect(drop!.description).toBe('');
    expect(lockedReason(drop!.real!, new Date('2026-11-25T12:00:00Z'))).toBe('Tier 1 and up unlocks this track');
    expect(drop!.isNew).toBe(false);
  });

  it('a scheduled drop says when it unlocks, not which tier', () => {
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
    expect(lockedReason(free!.real!, now)).toMatch(/^Unlocks 12\/0[12]\/26, /);
    expect(lockedReason(free!.real!, now)).not.toMatch(/Tier|Free/);
    const [paid] = realDropsFromRows([{ ...scheduled, subscription_tier_required: 'tier2' }], now);
    expect(lockedReason(paid!.real!, now)).toMatch(/ for Tier 2 and up$/);
    // Released by date but above the fan's tier: the tier is the reason.
    const [tier] = realDropsFromRows(
      [{ ...scheduled, unlock_date: '2026-11-01T00:00:00Z', subscription_tier_required: 'tier1' }],
      now,
    );
    expect(lockedReason(tier!.real!, now)).toBe('Tier 1 and up unlocks this track');
  });

  it('a locked drop within the tier waits for its release, with its date when there is one', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const [dated] = realDropsFromRows(
      [{ ...base, is_public: false, locked: true, file_path: null, unlock_date: '2026-12-01T12:00:00Z' }],
      now,
    );
    expect(lockedReason(dated!.real!, now)).toMatch(/^Unlocks 12\/01\/26, /);
    const [undated] = realDropsFromRows([{ ...base, locked: true, file_path: null }], now);
    expect(lockedReason(undated!.real!, now)).toBe('Not released yet');
  });

  it('actions: all when readable, only the blocked comment below the tier, none while unreleased', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const [open, belowTier, unreleased] = realDropsFromRows(
      [
        { ...base, id: 'a', created_at: '2026-11-22T12:00:00Z' },
        {
          ...base,
          id: 'b',
          created_at: '2026-11-22T11:00:00Z',
          locked: true,
          subscription_tier_required: 'tier2',
          follower_tier: 'tier1',
        },
        { ...base, id: 'c', created_at: '2026-11-22T10:00:00Z', locked: true, follower_tier: 'tier1' },
      ],
      now,
    );
    expect(realDropActions(open!.real!)).toBe('all');
    expect(realDropActions(belowTier!.real!)).toBe('comment-blocked');
    expect(belowTier!.real!.fanTier).toBe(1);
    expect(belowTier!.fanTierRequired).toBe(2);
    expect(realDropActions(unreleased!.real!)).toBe('none');
  });

  it("shows the fan's own reaction, save, share and comments; refused writes do not count", () => {
    const interactions = [
      { item_id: 'c1', reaction: 'fire' as const, saved: true, shared: true, sync_state: 'dirty' as const },
      { item_id: 'c2', reaction: 'heart' as const, saved: true, shared: false, sync_state: 'rejected' as const },
    ];
    const comments = [
      { item_id: 'c1', sync_state: 'clean' as const },
      { item_id: 'c1', sync_state: 'dirty' as const },
      { item_id: 'c2', sync_state: 'rejected' as const },
    ];
    const [c1, c2] = realDropsFromRows(
      [base, { ...base, id: 'c2', created_at: '2026-11-22T09:00:00Z' }],
      new Date('2026-11-22T12:00:00Z'),
      interactions,
      comments,
    );
    expect(c1).toMatchObject({
      userReaction: 'fire',
      reactions: { heart: 0, fire: 1, star: 0 },
      isSaved: true,
      shareCount: 1,
      commentCount: 2,
    });
    expect(c2).toMatchObject({
      userReaction: null,
      reactions: { heart: 0, fire: 0, star: 0 },
      isSaved: false,
      commentCount: 0,
    });
  });
});

describe('upgradeLevel: which tier a locked drop offers to buy', () => {
  it('offers the required tier for a released drop above the fan, nothing for a scheduled one or one within tier', async () => {
    const { upgradeLevel } = await import('../../../src/features/locker/real-drops/real-drop');
    const now = new Date('2026-11-25T12:00:00Z');
    expect(upgradeLevel({ tierRequired: 'tier2', fanTier: 0, unlockDate: null }, now)).toBe(2);
    expect(upgradeLevel({ tierRequired: 'tier2', fanTier: 1, unlockDate: '2026-11-20T00:00:00Z' }, now)).toBe(2);
    expect(upgradeLevel({ tierRequired: 'tier2', fanTier: 0, unlockDate: '2026-12-01T00:00:00Z' }, now)).toBeNull();
    expect(upgradeLevel({ tierRequired: 'tier1', fanTier: 1, unlockDate: null }, now)).toBeNull();
  });
});
