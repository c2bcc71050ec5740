import { describe, expect, it } from 'vitest';
import { canPlayOrDownload, shapeBucket } from '../../../src/features/bucket/bucket-tree';
import type { BucketItem } from '../../../src/features/bucket/bucket-types';
import { isContentLocked, mergeBucketItems } from '../../../src/features/bucket/content-to-bucket';
import type { OutboxEntry } from '../../../sync/outbox';

function item(id: string, overrides: Partial<BucketItem> = {}): BucketItem {
  return {
    id,
    name: id,
    type: 'audio',
    uploadDate: '2026-01-01T00:00:00Z',
    size: 1,
    metadata: {},
    isLocked: false,
    downloadUrl: 'u',
    ...overrides,
  };
}

describe('bucket tree', () => {
  const items = [
    item('b-old', { uploadDate: '2026-01-01T00:00:00Z', metadata: { album: 'LP' } }),
    item('a-new', { uploadDate: '2026-03-01T00:00:00Z', metadata: { album: 'LP' }, isLocked: true }),
    item('c-doc', { type: 'document', uploadDate: '2026-02-01T00:00:00Z' }),
    item('d-img', { type: 'image', uploadDate: '2025-12-01T00:00:00Z', isLocked: true }),
  ];

  it('groups by album into folders and sorts newest first by default', () => {
    const tree = shapeBucket(items, { filter: 'all', sort: 'date', viewer: 'artist' });
    expect(tree.map((n) => n.name)).toEqual(['LP', 'c-doc', 'd-img']);
    expect(tree[0]?.children?.map((n) => n.name)).toEqual(['a-new', 'b-old']);
  });

  it('sorts by name and by type', () => {
    expect(shapeBucket(items, { filter: 'all', sort: 'name', viewer: 'fan' }).map((n) => n.name)).toEqual([
      'c-doc',
      'd-img',
      'LP',
    ]);
    expect(shapeBucket(items, { filter: 'all', sort: 'type', viewer: 'fan' }).map((n) => n.type)).toEqual([
      'document',
      'folder',
      'image',
    ]);
  });

  it('filters audio only, and unlocked/locked for fans only', () => {
    expect(shapeBucket(items, { filter: 'audio', sort: 'date', viewer: 'fan' }).map((n) => n.name)).toEqual(['LP']);
    const locked = shapeBucket(items, { filter: 'locked', sort: 'date', viewer: 'fan' });
    expect(locked.map((n) => n.name)).toEqual(['LP', 'd-img']);
    expect(locked[0]?.children?.map((n) => n.name)).toEqual(['a-new']);
    const unlocked = shapeBucket(items, { filter: 'unlocked', sort: 'date', viewer: 'fan' });
    expect(unlocked.flatMap((n) => n.children ?? [n]).map((n) => n.name)).toEqual(['b-old', 'c-doc']);
    // Not a filter the artist has: falls back to all.
    expect(shapeBucket(items, { filter: 'locked', sort: 'date', viewer: 'artist' })).toHaveLength(3);
  });

  it('play/download only when unlocked (or artist) and a URL exists', () => {
    expect(canPlayOrDownload(item('x', { isLocked: true }), 'fan')).toBe(false);
    expect(canPlayOrDownload(item('x', { isLocked: true }), 'artist')).toBe(true);
    expect(canPlayOrDownload(item('x', { downloadUrl: null }), 'artist')).toBe(false);
    expect(canPlayOrDownload(item('x'), 'fan')).toBe(true);
  });
});

describe('content rows and outbox entries', () => {
  it('locks unless public or past the unlock date', () => {
    const now = Date.parse('2026-06-01T00:00:00Z');
    expect(isContentLocked({ is_public: true, unlock_date: null }, now)).toBe(false);
    expect(isContentLocked({ is_public: false, unlock_date: null }, now)).toBe(true);
    expect(isContentLocked({ is_public: false, unlock_date: '2026-05-01T00:00:00Z' }, now)).toBe(false);
    expect(isContentLocked({ is_public: false, unlock_date: '2026-07-01T00:00:00Z' }, now)).toBe(true);
  });

  it('lists an uploaded file once: the outbox entry hides when its row exists', () => {
    const row = {
      id: 'c1',
      title: 'Song',
      file_path: 'u/1-song.mp3',
      file_type: 'audio/mpeg',
      file_size: 10,
      metadata: { album: 'LP' },
      is_public: true,
      unlock_date: null,
      created_at: '2026-01-01T00:00:00Z',
    };
    const entry = (contentItemId: string, status: OutboxEntry['status']) =>
      ({
        id: `e-${contentItemId}`,
        contentItemId,
        status,
        progress: 40,
        name: 'b.mp3',
        type: 'audio/mpeg',
        size: 5,
        createdAt: 0,
        metadata: { title: 'B', album: '', isPublic: false },
      }) as unknown as OutboxEntry;
    const merged = mergeBucketItems([row], [entry('c1', 'completed'), entry('c2', 'uploading')]);
    expect(merged.map((i) => i.name)).toEqual(['Song', 'B']);
    expect(merged[1]?.upload).toEqual({ status: 'uploading', progress: 40 });
    expect(merged[0]?.downloadUrl).toBe('u/1-song.mp3');
    // A completed upload whose row the artist deleted does not come back from the outbox.
    expect(mergeBucketItems([], [entry('c1', 'completed')])).toEqual([]);
  });
});
