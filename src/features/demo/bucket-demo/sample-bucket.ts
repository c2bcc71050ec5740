/** Sample bucket contents of the featured artist (BTI), used by /BTI and /bucket-demo. Never fetched. */
import { FEATURED_ARTIST, sampleArtwork } from '@/sample/artists';
import type { BucketItem } from '@/features/bucket';
import { sampleToneUrl } from './sample-tone';

const DAY = 24 * 3600_000;

interface Seed {
  name: string;
  type: BucketItem['type'];
  daysAgo: number;
  sizeMb: number;
  album?: string;
  duration?: string;
  locked: boolean;
  tone?: number;
}

const SEEDS: Seed[] = [
  {
    name: 'Static Bloom (Live Cut)',
    type: 'audio',
    daysAgo: 0.1,
    sizeMb: 9.4,
    album: 'Static Bloom',
    duration: '6:12',
    locked: false,
    tone: 220,
  },
  {
    name: 'Static Bloom (Stems)',
    type: 'audio',
    daysAgo: 1,
    sizeMb: 48.2,
    album: 'Static Bloom',
    duration: '6:12',
    locked: true,
    tone: 247,
  },
  {
    name: 'Warehouse Tool 04',
    type: 'audio',
    daysAgo: 3,
    sizeMb: 11.8,
    album: 'Warehouse Tools',
    duration: '7:40',
    locked: false,
    tone: 262,
  },
  {
    name: 'Warehouse Tool 05 (Unreleased)',
    type: 'audio',
    daysAgo: 4,
    sizeMb: 12.5,
    album: 'Warehouse Tools',
    duration: '8:02',
    locked: true,
    tone: 294,
  },
  {
    name: 'Modular Jam — Berlin',
    type: 'audio',
    daysAgo: 9,
    sizeMb: 21.3,
    duration: '14:55',
    locked: false,
    tone: 330,
  },
  { name: 'Static Bloom Artwork', type: 'image', daysAgo: 2, sizeMb: 2.1, album: 'Static Bloom', locked: false },
  { name: 'Tour Rider 2026', type: 'document', daysAgo: 12, sizeMb: 0.3, locked: true },
  { name: 'Studio Diary (Video)', type: 'other', daysAgo: 6, sizeMb: 180.4, locked: true },
];

export function sampleBucketItems(now = Date.now()): BucketItem[] {
  return SEEDS.map((seed, index) => ({
    id: `bti-${index}`,
    name: seed.name,
    type: seed.type,
    uploadDate: new Date(now - seed.daysAgo * DAY).toISOString(),
    size: Math.round(seed.sizeMb * 1024 * 1024),
    metadata: { artist: FEATURED_ARTIST.name, album: seed.album, duration: seed.duration },
    isLocked: seed.locked,
    downloadUrl: seed.tone ? sampleToneUrl(seed.tone) : seed.type === 'image' ? sampleArtwork(seed.name) : null,
  }));
}
