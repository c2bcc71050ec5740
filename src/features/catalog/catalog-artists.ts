/**
 * The catalog's roster: the 12 shared sample artists first, then deterministic variants of them so
 * the catalog can be exercised at 1,000 artists (spec: search and filters stay instant at that size).
 */
import { CATALOG_GENRES, SAMPLE_ARTISTS, sampleArtwork, type SampleArtist } from '@/sample/artists';

const FIRST = [
  'Ghost',
  'Velvet',
  'Hollow',
  'Neon',
  'Paper',
  'Static',
  'Lunar',
  'Rust',
  'Echo',
  'Amber',
  'Cobalt',
  'Drift',
];
const SECOND = [
  'Signal',
  'Garden',
  'Atlas',
  'Tides',
  'Choir',
  'Motel',
  'Engine',
  'Fauna',
  'Relay',
  'Harbor',
  'Saint',
  'Loop',
  'Parade',
];

/** A tiny deterministic PRNG (mulberry32), so every run builds the same catalog. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function variant(index: number): SampleArtist {
  const base = SAMPLE_ARTISTS[index % SAMPLE_ARTISTS.length]!;
  const rand = random(index * 7919 + 17);
  const round = Math.floor(index / (FIRST.length * SECOND.length)) + 1;
  const name = `${FIRST[index % FIRST.length]} ${SECOND[Math.floor(index / FIRST.length) % SECOND.length]}${round > 1 ? ` ${round}` : ''}`;
  const id = `catalog-${index}`;
  const genre = CATALOG_GENRES[Math.floor(rand() * CATALOG_GENRES.length)] ?? base.genre;
  const price = 1 + Math.floor(rand() * 8);
  const subscribers = Math.floor(500 + rand() * 90_000);
  return {
    ...base,
    id,
    name,
    genre,
    isVerified: rand() > 0.6,
    isNew: rand() > 0.75,
    subscribers,
    monthlyListeners: Math.floor(subscribers * (3 + rand() * 12)),
    trustScore: Math.floor(60 + rand() * 40),
    subscriptionPrice: price,
    subscriptionTiers: base.subscriptionTiers.map((tier, tierIndex) => ({
      ...tier,
      price: Math.min(8, price + tierIndex * 2),
    })),
    // Artwork is drawn when a card first shows it: building 3,000 SVG data URLs up front would
    // block the catalog's first paint, and a page shows at most 24 artists.
    get avatar() {
      return sampleArtwork(`${id}-avatar`, name.slice(0, 1));
    },
    get banner() {
      return sampleArtwork(`${id}-banner`);
    },
    latestDrop: {
      ...base.latestDrop,
      get thumbnail() {
        return sampleArtwork(`${id}-drop`);
      },
    },
  };
}

/** Artists `from` … `from + count - 1` of the catalog (the same ones whichever slices build them). */
export function buildCatalogArtists(count: number, from = 0): SampleArtist[] {
  return Array.from({ length: count }, (_, offset) => {
    const index = from + offset;
    return index < SAMPLE_ARTISTS.length ? SAMPLE_ARTISTS[index]! : variant(index);
  });
}
