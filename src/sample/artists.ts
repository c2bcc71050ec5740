/**
 * The shared sample roster: the same artists appear in the catalog,
 * the dashboards, the locker, the collaboration screens and the demos. Never fetched.
 */
export type CatalogGenre =
  'underground electronic' | 'dark ambient' | 'experimental hip-hop' | 'indie synthwave' | 'lo-fi garage';

export const CATALOG_GENRES: CatalogGenre[] = [
  'underground electronic',
  'dark ambient',
  'experimental hip-hop',
  'indie synthwave',
  'lo-fi garage',
];

export interface SubscriptionTierOffer {
  id: string;
  name: string;
  /** US dollars per month. */
  price: number;
  benefits: string[];
}

export interface SampleArtist {
  id: string;
  name: string;
  avatar: string;
  banner: string;
  genre: CatalogGenre;
  isVerified: boolean;
  subscribers: number;
  monthlyListeners: number;
  subscriptionTiers: SubscriptionTierOffer[];
  latestDrop: { title: string; type: 'audio' | 'video' | 'image'; thumbnail: string; timeAgo: string };
  tags: string[];
  isNew: boolean;
  /** 0-100. */
  trustScore: number;
  /** Lowest tier price, US dollars per month (sample prices run from 1 to 8). */
  subscriptionPrice: number;
  city: string;
}

/** Deterministic gradient artwork as a data URL, so sample images work offline with no network. */
export function sampleArtwork(seed: string, label = ''): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hueA = hash % 360;
  const hueB = (hueA + 40 + (hash % 120)) % 360;
  const text = label
    ? `<text x="50%" y="56%" font-family="system-ui,sans-serif" font-size="44" font-weight="700" fill="rgba(255,255,255,0.85)" text-anchor="middle">${label}</text>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 225"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hueA} 70% 45%)"/><stop offset="1" stop-color="hsl(${hueB} 70% 22%)"/></linearGradient></defs><rect width="400" height="225" fill="url(#g)"/>${text}</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** Three tiers from `base` (1-4) up to `base + 4`: sample prices stay within $1-8/month. */
function tiers(base: number): SubscriptionTierOffer[] {
  return [
    { id: 'tier1', name: 'Supporter', price: base, benefits: ['Daily drops', 'Locker access'] },
    { id: 'tier2', name: 'Insider', price: base + 2, benefits: ['Early releases', 'Behind-the-scenes'] },
    {
      id: 'tier3',
      name: 'Inner Circle',
      price: base + 4,
      benefits: ['Stems & demos', 'Monthly live Q&A'],
    },
  ];
}

type Seed = Omit<SampleArtist, 'avatar' | 'banner' | 'subscriptionTiers' | 'subscriptionPrice' | 'latestDrop'> & {
  price: number;
  drop: [title: string, type: 'audio' | 'video' | 'image', timeAgo: string];
};

const SEEDS: Seed[] = [
  {
    id: 'bti',
    name: 'BTI',
    genre: 'underground electronic',
    isVerified: true,
    subscribers: 48_200,
    monthlyListeners: 312_000,
    tags: ['modular', 'warehouse', 'live sets', 'berlin'],
    isNew: false,
    trustScore: 96,
    price: 3,
    drop: ['Static Bloom (Live Cut)', 'audio', '2h ago'],
    city: 'Berlin',
  },
  {
    id: 'nyx-hollow',
    name: 'Nyx Hollow',
    genre: 'dark ambient',
    isVerified: true,
    subscribers: 21_500,
    monthlyListeners: 98_400,
    tags: ['drone', 'field recordings', 'cinematic'],
    isNew: false,
    trustScore: 92,
    price: 4,
    drop: ['Cathedral Fog', 'audio', '5h ago'],
    city: 'Reykjavík',
  },
  {
    id: 'kilo-verse',
    name: 'Kilo Verse',
    genre: 'experimental hip-hop',
    isVerified: true,
    subscribers: 63_900,
    monthlyListeners: 1_240_000,
    tags: ['abstract', 'jazz samples', 'bars'],
    isNew: false,
    trustScore: 94,
    price: 4,
    drop: ['Paper Lungs (Video)', 'video', '1d ago'],
    city: 'Atlanta',
  },
  {
    id: 'neon-arcadia',
    name: 'Neon Arcadia',
    genre: 'indie synthwave',
    isVerified: false,
    subscribers: 8_700,
    monthlyListeners: 54_300,
    tags: ['retro', 'night drive', 'analog'],
    isNew: true,
    trustScore: 81,
    price: 3,
    drop: ['Chrome Horizon', 'audio', '3h ago'],
    city: 'Los Angeles',
  },
  {
    id: 'static-garden',
    name: 'Static Garden',
    genre: 'lo-fi garage',
    isVerified: false,
    subscribers: 3_400,
    monthlyListeners: 17_800,
    tags: ['tape', 'diy', 'basement'],
    isNew: true,
    trustScore: 77,
    price: 2,
    drop: ['Rust Belt Demo', 'audio', '6h ago'],
    city: 'Detroit',
  },
  {
    id: 'mara-sol',
    name: 'Mara Sol',
    genre: 'underground electronic',
    isVerified: true,
    subscribers: 27_100,
    monthlyListeners: 205_000,
    tags: ['afro house', 'percussion', 'sunrise'],
    isNew: false,
    trustScore: 90,
    price: 3,
    drop: ['Lagos Dawn Sketch', 'audio', '12h ago'],
    city: 'Lagos',
  },
  {
    id: 'grey-cartographer',
    name: 'Grey Cartographer',
    genre: 'dark ambient',
    isVerified: false,
    subscribers: 1_900,
    monthlyListeners: 9_600,
    tags: ['tape loops', 'winter'],
    isNew: true,
    trustScore: 72,
    price: 1,
    drop: ['Map of Nowhere (Artwork)', 'image', '2d ago'],
    city: 'Oslo',
  },
  {
    id: 'dj-fennec',
    name: 'DJ Fennec',
    genre: 'experimental hip-hop',
    isVerified: false,
    subscribers: 12_300,
    monthlyListeners: 87_000,
    tags: ['chopped soul', 'beat tape', 'sp-404'],
    isNew: false,
    trustScore: 85,
    price: 3,
    drop: ['Desert Loops Vol. 3', 'audio', '8h ago'],
    city: 'Marseille',
  },
  {
    id: 'velvet-circuit',
    name: 'Velvet Circuit',
    genre: 'indie synthwave',
    isVerified: true,
    subscribers: 34_800,
    monthlyListeners: 410_000,
    tags: ['dream pop', 'synths', 'vocals'],
    isNew: false,
    trustScore: 93,
    price: 4,
    drop: ['Glass Heart Session', 'video', '4h ago'],
    city: 'Montréal',
  },
  {
    id: 'the-low-ends',
    name: 'The Low Ends',
    genre: 'lo-fi garage',
    isVerified: true,
    subscribers: 15_600,
    monthlyListeners: 132_000,
    tags: ['fuzz', 'live room', 'surf'],
    isNew: false,
    trustScore: 88,
    price: 4,
    drop: ['Tuesday Rehearsal', 'audio', '1d ago'],
    city: 'Melbourne',
  },
  {
    id: 'sub-rosa',
    name: 'Sub Rosa',
    genre: 'underground electronic',
    isVerified: false,
    subscribers: 6_200,
    monthlyListeners: 41_500,
    tags: ['acid', '303', 'rave'],
    isNew: true,
    trustScore: 79,
    price: 2,
    drop: ['Acid Rain Tool', 'audio', '30m ago'],
    city: 'Manchester',
  },
  {
    id: 'hana-drift',
    name: 'Hana Drift',
    genre: 'indie synthwave',
    isVerified: false,
    subscribers: 9_900,
    monthlyListeners: 76_200,
    tags: ['city pop', 'tokyo', 'vaporwave'],
    isNew: false,
    trustScore: 83,
    price: 4,
    drop: ['Shibuya 3AM (Visual)', 'image', '9h ago'],
    city: 'Tokyo',
  },
];

export const SAMPLE_ARTISTS: SampleArtist[] = SEEDS.map(({ price, drop, ...seed }) => ({
  ...seed,
  avatar: sampleArtwork(`${seed.id}-avatar`, initials(seed.name)),
  banner: sampleArtwork(`${seed.id}-banner`),
  subscriptionTiers: tiers(price),
  subscriptionPrice: price,
  latestDrop: { title: drop[0], type: drop[1], thumbnail: sampleArtwork(`${seed.id}-${drop[0]}`), timeAgo: drop[2] },
}));

export function sampleArtistById(id: string): SampleArtist | undefined {
  return SAMPLE_ARTISTS.find((artist) => artist.id === id);
}

/** The sample artist the artist dashboard, /BTI and the demos are built around. */
export const FEATURED_ARTIST: SampleArtist = SAMPLE_ARTISTS[0]!;
