/**
 * Cultural Collaboration Portal sample data; requirement values are static (minFollowers 500-2000, engagementRate 8-15).
 */
import { sampleArtistById, sampleArtwork } from '@/sample/artists';

export interface BrandCampaignOffer {
  id: string;
  brand: { name: string; logo: string; industry: string; tier: string };
  campaign: { title: string; budget: string; timeline: string; reach: string; culturalContext: string };
  offer: { type: string; value: string; quantity: number; payout: string; exclusivity: string };
  tags: string[];
  matchScore: number;
  requirements: { minFollowers: number; engagementRate: number; demographics: string[]; previousBrandWork: boolean };
  culturalFit: { vibe: string; examples: string[]; antiExamples: string[] };
  /** For ordering by the budget and timeline filters. */
  budgetValue: number;
  timelineDays: number;
}

export interface ArtistPitch {
  id: string;
  artist: { name: string; avatar: string; genre: string; followers: number; engagementRate: number };
  pitch: { title: string; concept: string; culturalAngle: string };
  audience: { size: number; demographics: string[]; interests: string[]; lockerEngagement: number };
  proposal: { type: string; deliverables: string[]; timeline: string; budgetRange: string };
  brandTargets: string[];
  culturalFit: { vibe: string; examples: string[]; value: string };
  budgetValue: number;
  timelineDays: number;
}

const logo = (name: string) =>
  sampleArtwork(
    name,
    name
      .split(' ')
      .map((w) => w[0])
      .join('')
      .slice(0, 2),
  );

export const BRAND_CAMPAIGN_OFFERS: BrandCampaignOffer[] = [
  {
    id: 'camp-1',
    brand: { name: 'Northwave Audio', logo: logo('Northwave Audio'), industry: 'Audio hardware', tier: 'Premium' },
    campaign: {
      title: 'Hear It Raw',
      budget: '$40K',
      timeline: '6 weeks',
      reach: '2.4M',
      culturalContext: 'Uncompressed, unpolished: the sound of the room before the master.',
    },
    offer: {
      type: 'Product codes',
      value: '$149 headphones',
      quantity: 300,
      payout: '$12 per code claimed',
      exclusivity: 'Audio category, 90 days',
    },
    tags: ['electronic', 'live', 'gear'],
    matchScore: 93,
    requirements: {
      minFollowers: 2000,
      engagementRate: 12,
      demographics: ['18-34', 'EU', 'US'],
      previousBrandWork: false,
    },
    culturalFit: {
      vibe: 'Technical, honest, underground',
      examples: ['Studio walkthroughs', 'Live takes'],
      antiExamples: ['Unboxing hype', 'Giveaway spam'],
    },
    budgetValue: 40_000,
    timelineDays: 42,
  },
  {
    id: 'camp-2',
    brand: { name: 'Kinetic Threads', logo: logo('Kinetic Threads'), industry: 'Streetwear', tier: 'Growth' },
    campaign: {
      title: 'Reflect the Night',
      budget: '$22K',
      timeline: '4 weeks',
      reach: '860K',
      culturalContext: 'Clothes built for 4 AM bike rides home from the club.',
    },
    offer: {
      type: 'Discount codes',
      value: '25% off',
      quantity: 1000,
      payout: 'Revenue share 12%',
      exclusivity: 'None',
    },
    tags: ['streetwear', 'nightlife', 'visual'],
    matchScore: 82,
    requirements: {
      minFollowers: 1000,
      engagementRate: 10,
      demographics: ['18-27', 'Urban'],
      previousBrandWork: false,
    },
    culturalFit: {
      vibe: 'Night, motion, DIY',
      examples: ['Night rides', 'Flyer art'],
      antiExamples: ['Studio fashion shoots'],
    },
    budgetValue: 22_000,
    timelineDays: 28,
  },
  {
    id: 'camp-3',
    brand: { name: 'Lumen Energy', logo: logo('Lumen Energy'), industry: 'Beverages', tier: 'Enterprise' },
    campaign: {
      title: 'After-Hours Fuel',
      budget: '$60K',
      timeline: '3 months',
      reach: '5.1M',
      culturalContext: 'Supporting the scene that keeps going after the lights come up.',
    },
    offer: {
      type: 'Flat fee + codes',
      value: '$5K per artist',
      quantity: 8,
      payout: 'Hybrid',
      exclusivity: 'Drinks category, 6 months',
    },
    tags: ['festival', 'energy', 'events'],
    matchScore: 74,
    requirements: { minFollowers: 1500, engagementRate: 15, demographics: ['21-30'], previousBrandWork: true },
    culturalFit: {
      vibe: 'High energy, collective',
      examples: ['Crowd shots', 'B2B sets'],
      antiExamples: ['Solo studio content'],
    },
    budgetValue: 60_000,
    timelineDays: 90,
  },
  {
    id: 'camp-4',
    brand: { name: 'Hearth Coffee Roasters', logo: logo('Hearth Coffee Roasters'), industry: 'Coffee', tier: 'Local' },
    campaign: {
      title: 'Slow Mornings',
      budget: '$8K',
      timeline: '2 weeks',
      reach: '140K',
      culturalContext: 'Quiet records for the first hour of the day.',
    },
    offer: { type: 'Flat rate', value: '$1.5K', quantity: 4, payout: 'Flat rate', exclusivity: 'None' },
    tags: ['ambient', 'lo-fi', 'local'],
    matchScore: 68,
    requirements: { minFollowers: 500, engagementRate: 8, demographics: ['25-40'], previousBrandWork: false },
    culturalFit: {
      vibe: 'Warm, slow, analog',
      examples: ['Tape loops', 'Kitchen sessions'],
      antiExamples: ['Peak-time club edits'],
    },
    budgetValue: 8_000,
    timelineDays: 14,
  },
];

function artistOf(id: string, engagementRate: number) {
  const found = sampleArtistById(id);
  return {
    name: found?.name ?? id,
    avatar: found?.avatar ?? sampleArtwork(id),
    genre: found?.genre ?? 'underground electronic',
    followers: found?.monthlyListeners ?? 0,
    engagementRate,
  };
}

export const ARTIST_PITCHES: ArtistPitch[] = [
  {
    id: 'pitch-1',
    artist: artistOf('sub-rosa', 21.4),
    pitch: {
      title: 'Acid Rain Radio',
      concept: 'A weekly 303 jam streamed from a rooftop, sponsored segment per episode.',
      culturalAngle: 'Manchester acid revival, DIY and loud.',
    },
    audience: {
      size: 41_500,
      demographics: ['18-26', 'UK'],
      interests: ['Underground scenes', 'Rising talent'],
      lockerEngagement: 64,
    },
    proposal: {
      type: 'Series sponsorship',
      deliverables: ['8 episodes', 'Locker code per episode'],
      timeline: '1-2 months',
      budgetRange: '$15K-$30K',
    },
    brandTargets: ['Audio hardware', 'Beverages'],
    culturalFit: { vibe: 'Raw, communal', examples: ['Rooftop jams'], value: 'Direct line to the UK acid scene' },
    budgetValue: 30_000,
    timelineDays: 60,
  },
  {
    id: 'pitch-2',
    artist: artistOf('velvet-circuit', 16.2),
    pitch: {
      title: 'Glass Heart Live Visuals',
      concept: 'Audio-reactive visuals for the tour, co-designed with a creative-tools brand.',
      culturalAngle: 'Dream pop meets generative art.',
    },
    audience: {
      size: 410_000,
      demographics: ['20-34', 'CA', 'US'],
      interests: ['Early releases', 'Behind-the-scenes access'],
      lockerEngagement: 58,
    },
    proposal: {
      type: 'Tour partnership',
      deliverables: ['12 shows', 'Visual pack', 'Tutorial series'],
      timeline: '3+ months',
      budgetRange: '$50K+',
    },
    brandTargets: ['Creative software', 'Streetwear'],
    culturalFit: {
      vibe: 'Luminous, tender',
      examples: ['Projection mapping'],
      value: 'Large, loyal synth-pop audience',
    },
    budgetValue: 50_000,
    timelineDays: 120,
  },
  {
    id: 'pitch-3',
    artist: artistOf('dj-fennec', 12.8),
    pitch: {
      title: 'Desert Loops Sampler',
      concept: 'A sample pack chopped from Marseille soul records, free with a product purchase.',
      culturalAngle: 'Beat-tape culture and crate digging.',
    },
    audience: {
      size: 87_000,
      demographics: ['16-28', 'FR', 'EU'],
      interests: ['Production insights'],
      lockerEngagement: 71,
    },
    proposal: {
      type: 'Product bundle',
      deliverables: ['Sample pack', '2 tutorials'],
      timeline: '3-4 weeks',
      budgetRange: '$5K-$15K',
    },
    brandTargets: ['Audio hardware', 'Skate'],
    culturalFit: { vibe: 'Warm, crafty', examples: ['SP-404 sessions'], value: 'Highly engaged beatmaker community' },
    budgetValue: 15_000,
    timelineDays: 28,
  },
  {
    id: 'pitch-4',
    artist: artistOf('nyx-hollow', 9.6),
    pitch: {
      title: 'Cathedral Fog Installation',
      concept: 'A 24-hour drone installation in a disused church, streamed in binaural audio.',
      culturalAngle: 'Slow listening as a counter to the feed.',
    },
    audience: {
      size: 98_400,
      demographics: ['25-40', 'Nordics'],
      interests: ['High-quality audio'],
      lockerEngagement: 49,
    },
    proposal: {
      type: 'Event sponsorship',
      deliverables: ['Installation', 'Binaural stream', 'Limited vinyl'],
      timeline: '1-2 months',
      budgetRange: '$30K-$50K',
    },
    brandTargets: ['Audio hardware', 'Architecture'],
    culturalFit: {
      vibe: 'Meditative, cinematic',
      examples: ['Field recordings'],
      value: 'Premium, attentive listeners',
    },
    budgetValue: 40_000,
    timelineDays: 45,
  },
];
