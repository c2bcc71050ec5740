import { describe, expect, it } from 'vitest';
import { contentRowToBucketItem, type ContentRowLike } from '../../../src/features/bucket/content-to-bucket';
import { releaseLabel, unlockLine } from '../../../src/features/bucket/content-release';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const row: ContentRowLike = {
  id: 'c1',
  title: 'Song',
  file_path: 'a/1-song.mp3',
  file_type: 'audio/mpeg',
  file_size: 10,
  metadata: {},
  is_public: false,
  unlock_date: null,
  created_at: '2026-11-20T10:00:00Z',
  subscription_tier_required: 'tier2',
  description: 'notes',
  sync_state: 'clean',
  sync_error: null,
};

describe("the artist's item in Your Bucket", () => {
  it('carries tier, release fields and sync state; a refusal keeps the server’s message', () => {
    expect(contentRowToBucketItem(row, undefined, NOW).managed).toEqual({
      description: 'notes',
      tier: 'tier2',
      isPublic: false,
      unlockDate: null,
      syncState: 'clean',
      syncError: null,
      fileCheck: 'unknown',
      fileNote: null,
    });
    const refused = contentRowToBucketItem(
      { ...row, sync_state: 'rejected', sync_error: { message: 'a public name is required before publishing' } },
      undefined,
      NOW,
    );
    expect(refused.managed).toMatchObject({
      syncState: 'rejected',
      syncError: 'a public name is required before publishing',
    });
  });

  it('the server’s file check: verified, refused with its note, or waiting; a due item it blocks is "Not released"', () => {
    const at = (extra: Partial<typeof row>) => contentRowToBucketItem({ ...row, ...extra }, undefined, NOW).managed;
    expect(at({ file_verified: true, file_check: 'MP3 audio' })).toMatchObject({
      fileCheck: 'verified',
      fileNote: null,
    });
    expect(at({ file_verified: false, file_check: 'its content is a Linux program' })).toMatchObject({
      fileCheck: 'refused',
      fileNote: 'its content is a Linux program',
    });
    expect(at({ file_verified: false, file_check: null })).toMatchObject({ fileCheck: 'waiting' });
    const released = { is_public: true, unlock_date: null };
    expect(releaseLabel(released, NOW)).toBe('Released');
    expect(releaseLabel(released, NOW, { unverified: true })).toBe('Not released');
    expect(releaseLabel(released, NOW, { rejected: true })).toBe('Not released');
    expect(releaseLabel({ is_public: false, unlock_date: null }, NOW, { rejected: true })).toBe('Draft');
  });

  it('rows without access fields (another artist’s, from the server) are not manageable', () => {
    const { subscription_tier_required: _t, ...publicRow } = row;
    expect(contentRowToBucketItem(publicRow, undefined, NOW).managed).toBeUndefined();
  });

  it('labels: Draft, Scheduled with its date, Released; the unlock line only when a date matters', () => {
    expect(releaseLabel({ is_public: false, unlock_date: null }, NOW)).toBe('Draft');
    expect(releaseLabel({ is_public: false, unlock_date: '2026-12-03T20:00:00Z' }, NOW)).toMatch(
      /^Scheduled 12\/0[34]\/26$/,
    );
    expect(releaseLabel({ is_public: true, unlock_date: null }, NOW)).toBe('Released');
    expect(unlockLine({ is_public: true, unlock_date: '2026-12-03T20:00:00Z' }, NOW)).toBeNull();
    expect(unlockLine({ is_public: false, unlock_date: '2026-11-01T20:00:00Z' }, NOW)).toMatch(
      /^Unlocked 11\/0[12]\/26, /,
    );
  });
});
