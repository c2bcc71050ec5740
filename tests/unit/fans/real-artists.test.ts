/** Real artists in the catalog share the page's search text and genre chips. */
import { describe, expect, it } from 'vitest';
import type { RealArtist } from '../../../src/features/catalog/real-artists/real-artist';
import {
  buildRealArtists,
  filterRealArtists,
  matchesGenre,
  timeAgo,
} from '../../../src/features/catalog/real-artists/real-artist';

const [nova, rook] = buildRealArtists(
  [
    { artist_id: 'a2', name: 'Rook', followers: 0, plays: 0, items: 1, genres: ['Hip-Hop'] },
    { artist_id: 'a1', name: 'Nova Static', followers: 2, plays: 5, items: 3, genres: ['Electronic'] },
    { artist_id: 'a3', name: 'Gone', followers: 9, plays: 0, items: 0, genres: [] },
  ],
  [
    { artist_id: 'a1', title: 'Older', file_type: 'audio/wav', created_at: '2026-11-21T10:00:00Z' },
    { artist_id: 'a1', title: 'Signal Fade', file_type: 'audio/wav', created_at: '2026-11-22T10:00:00Z' },
    { artist_id: 'a2', title: 'Tape', file_type: 'video/mp4', created_at: '2026-11-20T10:00:00Z' },
  ],
) as [RealArtist, RealArtist];

describe('real artists in the catalog', () => {
  it('artists with live items only, newest release first, each with its latest drop', () => {
    expect(nova).toMatchObject({ followers: 2, items: 3, latestDrop: { type: 'audio', title: 'Signal Fade' } });
    expect(rook.latestDrop?.type).toBe('video');
  });

  it('genre chips match upload genres they contain', () => {
    expect(matchesGenre(['Electronic'], 'underground electronic')).toBe(true);
    expect(matchesGenre(['Hip-Hop'], 'experimental hip-hop')).toBe(true);
    expect(matchesGenre(['Hip-Hop'], 'dark ambient')).toBe(false);
    expect(matchesGenre([], 'all')).toBe(true);
  });

  it('search covers name, genres and the latest drop; every word must match', () => {
    expect(filterRealArtists([nova, rook], 'signal', 'all')).toEqual([nova]);
    expect(filterRealArtists([nova, rook], 'rook tape', 'all')).toEqual([rook]);
    expect(filterRealArtists([nova, rook], '', 'experimental hip-hop')).toEqual([rook]);
    expect(filterRealArtists([nova, rook], 'nova', 'experimental hip-hop')).toEqual([]);
  });

  it('time ago', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(timeAgo('2026-11-22T11:59:40Z', now)).toBe('just now');
    expect(timeAgo('2026-11-22T11:55:00Z', now)).toBe('5 min ago');
    expect(timeAgo('2026-11-22T09:00:00Z', now)).toBe('3 h ago');
    expect(timeAgo('2026-11-20T12:00:00Z', now)).toBe('2 d ago');
  });
});
