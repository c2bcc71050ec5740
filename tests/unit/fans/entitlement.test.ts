/** The one entitlement rule (sync/fans/entitlement.ts) and the fan views built on it. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canAccessContent, CONTENT_TIERS, tierRank, type ContentTier } from '../../../sync/fans/entitlement';
import { fanBucketItem, type FanContentRow } from '../../../src/features/bucket/fan-bucket-items';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const item = (over: Partial<Parameters<typeof canAccessContent>[0]> = {}) => ({
  artistId: 'artist',
  isPublic: false,
  unlockDate: null,
  tierRequired: 'tier2' as ContentTier,
  ...over,
});

describe('canAccessContent', () => {
  it('the artist always; nobody signed out', () => {
    expect(canAccessContent(item(), { userId: 'artist', followTier: null }, NOW)).toBe(true);
    expect(canAccessContent(item({ isPublic: true }), { userId: null, followTier: 'tier3' }, NOW)).toBe(false);
  });

  it('released free items for any signed-in user; a future unlock date does not release', () => {
    const fan = { userId: 'fan', followTier: null };
    const free = { tierRequired: 'free' as const };
    expect(canAccessContent(item({ ...free, isPublic: true }), fan, NOW)).toBe(true);
    expect(canAccessContent(item({ ...free, unlockDate: '2026-11-22T11:59:59Z' }), fan, NOW)).toBe(true);
    expect(canAccessContent(item({ ...free, unlockDate: '2026-11-22T12:00:01Z' }), fan, NOW)).toBe(false);
    expect(canAccessContent(item({ ...free, unlockDate: 'not a date' }), fan, NOW)).toBe(false);
    expect(canAccessContent(item(free), { userId: 'fan', followTier: 'tier3' }, NOW)).toBe(false); // unreleased
  });

  it('a released tier item only for a follower whose tier reaches it', () => {
    const released = item({ isPublic: true });
    expect(canAccessContent(released, { userId: 'fan', followTier: null }, NOW)).toBe(false);
    expect(canAccessContent(released, { userId: 'fan', followTier: 'tier1' }, NOW)).toBe(false);
    expect(canAccessContent(released, { userId: 'fan', followTier: 'tier2' }, NOW)).toBe(true);
    expect(canAccessContent(released, { userId: 'fan', followTier: 'tier3' }, NOW)).toBe(true);
  });

  it('raising a tier never takes access away (monotone)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CONTENT_TIERS),
        fc.constantFrom(...CONTENT_TIERS),
        fc.constantFrom(...CONTENT_TIERS),
        fc.boolean(),
        (required, low, high, isPublic) => {
          fc.pre(tierRank(low) <= tierRank(high));
          const it = item({ tierRequired: required, isPublic });
          if (canAccessContent(it, { userId: 'fan', followTier: low }, NOW)) {
            expect(canAccessContent(it, { userId: 'fan', followTier: high }, NOW)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('fan view of a bucket item', () => {
  const row: FanContentRow = {
    id: 'c1',
    artist_id: 'artist',
    title: 'Signal Fade',
    file_path: 'artist/1-signal.wav',
    file_type: 'audio/wav',
    file_size: 1000,
    metadata: { album: 'Demo Tapes' },
    is_public: true,
    subscription_tier_required: 'tier1',
    unlock_date: null,
    created_at: '2026-11-22T10:00:00Z',
  };

  it('Locked with no download path below the tier; playable at the tier', () => {
    const low = fanBucketItem(row, { userId: 'fan', followTier: 'free' }, 'Nova', NOW);
    expect(low).toMatchObject({ isLocked: true, downloadUrl: null });
    const ok = fanBucketItem(row, { userId: 'fan', followTier: 'tier1' }, 'Nova', NOW);
    expect(ok).toMatchObject({ isLocked: false, downloadUrl: 'artist/1-signal.wav', type: 'audio' });
  });

  it('a row the server sent without its path stays locked whatever the device thinks', () => {
    const hidden = fanBucketItem({ ...row, file_path: null }, { userId: 'fan', followTier: 'tier3' }, 'Nova', NOW);
    expect(hidden.isLocked).toBe(true);
  });
});
