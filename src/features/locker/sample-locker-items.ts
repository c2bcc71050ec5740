/** Sample Daily Locker drops, built relative to "now" so countdowns are live. */
import { SAMPLE_ARTISTS, sampleArtwork } from '@/sample/artists';
import type { LockerItem } from './types';

const MINUTE = 60_000;

function artistName(index: number): string {
  return SAMPLE_ARTISTS[index % SAMPLE_ARTISTS.length]?.name ?? 'Unknown Artist';
}

function daysAgoIso(now: Date, days: number): string {
  return new Date(now.getTime() - days * 24 * 60 * MINUTE).toISOString();
}

export function buildSampleLockerItems(now: Date = new Date()): LockerItem[] {
  const base = { isUsed: false, isSaved: false, userReaction: null, commentCount: 0 } as const;
  return [
    {
      ...base,
      id: 'drop-static-bloom',
      type: 'music',
      title: 'Static Bloom (Unreleased Stem Pack)',
      artist: artistName(0),
      description: 'Four stems from the live cut, yours to flip before the vinyl lands.',
      thumbnail: sampleArtwork('locker-static-bloom', '♪'),
      rarity: 'legendary',
      isNew: true,
      timeLeft: 45,
      reactions: { heart: 1_284, fire: 2_310, star: 402 },
      userReaction: 'fire',
      shareCount: 318,
      commentCount: 96,
      fanTierRequired: 3,
      priority: 1,
    },
    {
      ...base,
      id: 'drop-cathedral-fog',
      type: 'video',
      title: 'Cathedral Fog — Studio Session',
      artist: artistName(1),
      description: 'Twenty minutes inside the reverb tank, filmed on a single night in Reykjavík.',
      thumbnail: sampleArtwork('locker-cathedral-fog', '▶'),
      rarity: 'epic',
      isNew: true,
      timeLeft: 150,
      reactions: { heart: 640, fire: 212, star: 188 },
      shareCount: 74,
      commentCount: 23,
      fanTierRequired: 2,
      priority: 2,
    },
    {
      ...base,
      id: 'drop-neon-merch-code',
      type: 'code',
      title: '20% Off Night Drive Merch',
      artist: artistName(3),
      description: 'A brand drop for the Neon Arcadia tour capsule. One use per fan.',
      thumbnail: sampleArtwork('locker-neon-code', '%'),
      rarity: 'rare',
      isNew: false,
      timeLeft: 2 * 24 * 60 + 5 * 60,
      codeValue: 'NIGHTDRIVE20',
      brandName: 'Analog Threads',
      reactions: { heart: 98, fire: 41, star: 12 },
      isSaved: true,
      shareCount: 19,
      commentCount: 4,
      fanTierRequired: 1,
      priority: 3,
    },
    {
      ...base,
      id: 'drop-paper-lungs-event',
      type: 'event',
      title: 'Paper Lungs Listening Party',
      artist: artistName(2),
      description: 'Private stream and Q&A — RSVP from the drop before it closes.',
      thumbnail: sampleArtwork('locker-paper-lungs', '★'),
      rarity: 'epic',
      isNew: false,
      timeLeft: 9 * 60 + 30,
      reactions: { heart: 3_420, fire: 1_980, star: 1_205 },
      shareCount: 802,
      commentCount: 311,
      fanTierRequired: 3,
      priority: 4,
    },
    {
      ...base,
      id: 'drop-rust-belt-demo',
      type: 'music',
      title: 'Rust Belt Demo (Tape Rip)',
      artist: artistName(4),
      description: 'Straight off the four-track, hiss and all.',
      thumbnail: sampleArtwork('locker-rust-belt', '♪'),
      rarity: 'common',
      isNew: false,
      timeLeft: 20 * 60,
      reactions: { heart: 57, fire: 33, star: 8 },
      shareCount: 6,
      commentCount: 2,
      fanTierRequired: 0,
      claimedDate: daysAgoIso(now, 1),
      priority: 5,
    },
    {
      ...base,
      id: 'drop-shibuya-visual',
      type: 'image',
      title: 'Shibuya 3AM — Hi-res Artwork',
      artist: artistName(11),
      description: 'The full-resolution cover, signed in the corner.',
      thumbnail: sampleArtwork('locker-shibuya', '◐'),
      rarity: 'rare',
      isNew: true,
      timeLeft: 0,
      reactions: { heart: 210, fire: 96, star: 77 },
      shareCount: 31,
      commentCount: 9,
      fanTierRequired: 1,
      priority: 6,
    },
  ];
}

/** Today's sample locker, as the locker demo and the fan dashboard's mock mode show it. */
export const SAMPLE_LOCKER_ITEMS: LockerItem[] = buildSampleLockerItems();
