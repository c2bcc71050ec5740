/** Collaboration Hub sample data; shared roster names. */
import { sampleArtistById, sampleArtwork } from '@/sample/artists';
import type { OfferStatus } from './collab-rules';

export interface Party {
  name: string;
  type: 'brand' | 'artist';
  avatar: string;
  verified: boolean;
}

export interface CollaborationOffer {
  id: string;
  type: 'brand_to_artist' | 'artist_to_brand';
  from: Party;
  to: Party;
  campaign: {
    title: string;
    description: string;
    budget: string;
    proposedValue: number;
    timeline: string;
    deliverables: string[];
    audienceMatch: number;
    culturalFit: string;
  };
  status: OfferStatus;
  timestamp: string;
}

export interface Opportunity {
  id: string;
  brand: { name: string; avatar: string; verified: boolean };
  title: string;
  description: string;
  budget: string;
  tags: string[];
  targetAudience: string;
  deadline: string;
  matchScore: number;
}

const artist = (id: string): Party => {
  const found = sampleArtistById(id);
  return {
    name: found?.name ?? id,
    type: 'artist',
    avatar: found?.avatar ?? sampleArtwork(id),
    verified: found?.isVerified ?? false,
  };
};
const brand = (name: string, verified = true): Party => ({
  name,
  type: 'brand',
  avatar: sampleArtwork(
    name,
    name
      .split(' ')
      .map((word) => word[0])
      .join('')
      .slice(0, 2),
  ),
  verified,
});

export const COLLABORATION_OFFERS: CollaborationOffer[] = [
  {
    id: 'offer-1',
    type: 'brand_to_artist',
    from: brand('Northwave Audio'),
    to: artist('bti'),
    campaign: {
      title: 'Studio Monitors: Warehouse Sessions',
      description:
        'Three live modular sets recorded on Northwave monitors, released as Locker drops with a gear breakdown.',
      budget: '$18K',
      proposedValue: 18_000,
      timeline: '3-4 weeks',
      deliverables: ['3 live-set videos', '1 gear breakdown post', 'Locker code drop for 500 fans'],
      audienceMatch: 92,
      culturalFit: 'Gear-literate audience that values sound quality over hype.',
    },
    status: 'pending',
    timestamp: '2h ago',
  },
  {
    id: 'offer-2',
    type: 'brand_to_artist',
    from: brand('Kinetic Threads'),
    to: artist('bti'),
    campaign: {
      title: 'Night Shift Capsule',
      description:
        'A limited reflective capsule launched at a Berlin warehouse night, with an exclusive track for buyers.',
      budget: '$25K',
      proposedValue: 25_000,
      timeline: '1-2 months',
      deliverables: ['Exclusive track', 'Launch-night set', '2 lookbook appearances'],
      audienceMatch: 84,
      culturalFit: 'Streetwear crowd overlaps strongly with late-night club audiences.',
    },
    status: 'in_progress',
    timestamp: '1d ago',
  },
  {
    id: 'offer-3',
    type: 'brand_to_artist',
    from: brand('Hearth Coffee Roasters', false),
    to: artist('bti'),
    campaign: {
      title: 'Sunrise After the Rave',
      description: 'Ambient morning edits for in-store playlists, with a co-branded bag design.',
      budget: '$6K',
      proposedValue: 6_000,
      timeline: '1-2 weeks',
      deliverables: ['2 ambient edits', 'Bag artwork credit'],
      audienceMatch: 71,
      culturalFit: 'Independent roaster with a loyal local scene.',
    },
    status: 'accepted',
    timestamp: '5d ago',
  },
  {
    id: 'offer-4',
    type: 'artist_to_brand',
    from: artist('kilo-verse'),
    to: brand('Northwave Audio'),
    campaign: {
      title: 'Paper Lungs: Headphone Premiere',
      description: 'Premiere the new album as a binaural mix, exclusive to Northwave headphone owners for 48 hours.',
      budget: '$30K',
      proposedValue: 30_000,
      timeline: '3-4 weeks',
      deliverables: ['Binaural album mix', 'Listening-party stream', 'Behind-the-mix video'],
      audienceMatch: 88,
      culturalFit: 'Headphone-first listeners who buy albums, not singles.',
    },
    status: 'pending',
    timestamp: '3h ago',
  },
  {
    id: 'offer-5',
    type: 'artist_to_brand',
    from: artist('mara-sol'),
    to: brand('Northwave Audio'),
    campaign: {
      title: 'Lagos Dawn Field Kit',
      description: 'Field recordings from Lagos captured on Northwave portable recorders, shared as sample packs.',
      budget: '$12K',
      proposedValue: 12_000,
      timeline: '1-2 months',
      deliverables: ['Sample pack (40 loops)', 'Mini documentary', 'Workshop stream'],
      audienceMatch: 81,
      culturalFit: 'Producers who value authentic percussion and place.',
    },
    status: 'in_progress',
    timestamp: '2d ago',
  },
];

export const OPPORTUNITIES: Opportunity[] = [
  {
    id: 'opp-1',
    brand: { name: 'Lumen Energy', avatar: sampleArtwork('Lumen Energy', 'LE'), verified: true },
    title: 'After-Hours Soundtrack Series',
    description: 'Monthly exclusive tracks for a late-night drink launch, released through Daily Locker codes.',
    budget: '$10K-$20K',
    tags: ['electronic', 'late night', 'locker codes'],
    targetAudience: '21-30 club-goers in Europe',
    deadline: 'Dec 15',
    matchScore: 91,
  },
  {
    id: 'opp-2',
    brand: { name: 'Atlas Skate Co.', avatar: sampleArtwork('Atlas Skate Co.', 'AS'), verified: false },
    title: 'Deck Art × Beat Tape',
    description: 'Artists design a deck and score the team video with an original beat tape.',
    budget: '$5K-$12K',
    tags: ['hip-hop', 'lo-fi', 'video'],
    targetAudience: '16-24 skaters and beatmakers',
    deadline: 'Jan 10',
    matchScore: 78,
  },
  {
    id: 'opp-3',
    brand: { name: 'Polyform Studios', avatar: sampleArtwork('Polyform Studios', 'PS'), verified: true },
    title: 'Synth Patch Residency',
    description: 'A four-week residency building factory patches for a new software synth, credited in the release.',
    budget: '$15K-$25K',
    tags: ['synthwave', 'sound design', 'residency'],
    targetAudience: 'Producers and sound designers',
    deadline: 'Dec 1',
    matchScore: 86,
  },
];

/** Active offers addressed to this user type (the hub's list is filtered by user type). */
export function offersFor(userType: 'artist' | 'brand'): CollaborationOffer[] {
  return COLLABORATION_OFFERS.filter((offer) => offer.to.type === userType);
}
