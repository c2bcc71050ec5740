/**
 * The brand dashboard's extended view:
 * recommended artists from the shared roster, optimisation insights and a ten-theme vector space.
 */
export type InsightPriority = 'High' | 'Medium' | 'Low';

export interface RecommendedArtist {
  name: string;
  genre: string;
  /** 0-100. */
  matchScore: number;
  projectedReach: number;
  /** US dollars. */
  estimatedRevenue: number;
  /** Multiple of spend. */
  roi: number;
  reason: string;
}

export interface CampaignOptimization {
  title: string;
  description: string;
  priority: InsightPriority;
  impact: string;
  /** Percent. */
  confidence: number;
}

export interface ThemeNode {
  theme: string;
  x: number;
  y: number;
  /** 0-100. */
  strength: number;
  connections: string[];
  color: string;
  artists: string[];
  cluster: string;
}

export interface AiCampaignInsights {
  recommendedArtists: RecommendedArtist[];
  campaignOptimizations: CampaignOptimization[];
}

export const AI_CAMPAIGN_INSIGHTS: AiCampaignInsights = {
  recommendedArtists: [
    {
      name: 'Sub Rosa',
      genre: 'underground electronic',
      matchScore: 94,
      projectedReach: 185_000,
      estimatedRevenue: 26_400,
      roi: 3.9,
      reason: 'Acid revival audience overlaps 71% with your headphone buyers.',
    },
    {
      name: 'Hana Drift',
      genre: 'indie synthwave',
      matchScore: 89,
      projectedReach: 142_000,
      estimatedRevenue: 19_800,
      roi: 3.4,
      reason: 'Night-commute listening peaks match your mobile ad slots.',
    },
    {
      name: 'DJ Fennec',
      genre: 'experimental hip-hop',
      matchScore: 86,
      projectedReach: 121_000,
      estimatedRevenue: 15_200,
      roi: 3.1,
      reason: 'Beatmaker community drives high UGC for studio gear.',
    },
    {
      name: 'The Low Ends',
      genre: 'lo-fi garage',
      matchScore: 81,
      projectedReach: 98_000,
      estimatedRevenue: 11_700,
      roi: 2.6,
      reason: 'Live-room sessions fit a durable-gear narrative.',
    },
  ],
  campaignOptimizations: [
    {
      title: 'Shift spend to Friday night drops',
      description: 'Locker opens between 9 PM and 1 AM convert 2.1× better than daytime drops.',
      priority: 'High',
      impact: '+18% conversions',
      confidence: 92,
    },
    {
      title: 'Add code rewards for West Africa',
      description: 'Engagement above 21% but few redemptions: a claimable code closes the gap.',
      priority: 'High',
      impact: '+1.2K conversions',
      confidence: 87,
    },
    {
      title: 'Refresh creative for North America',
      description: 'Frequency is 6.4 per fan; fatigue is lowering engagement week over week.',
      priority: 'Medium',
      impact: '-11% cost per action',
      confidence: 78,
    },
    {
      title: 'Test a revenue-share payout',
      description: 'Artists on revenue share posted 34% more UGC in comparable campaigns.',
      priority: 'Low',
      impact: '+9% UGC posts',
      confidence: 64,
    },
  ],
};

export const THEME_CLUSTERS = [
  { name: 'Club culture', color: 'grape.5' },
  { name: 'Introspective', color: 'cyan.5' },
  { name: 'Street & craft', color: 'orange.5' },
] as const;

/** Ten central themes placed in a 2-D embedding (x, y in -100…100). */
export const ARTIST_THEME_VECTOR: ThemeNode[] = [
  {
    theme: 'Warehouse raves',
    x: 68,
    y: 50,
    strength: 92,
    connections: ['Modular synthesis', 'Afro-house rituals'],
    color: 'grape.5',
    artists: ['BTI', 'Sub Rosa'],
    cluster: 'Club culture',
  },
  {
    theme: 'Modular synthesis',
    x: 30,
    y: 80,
    strength: 78,
    connections: ['Warehouse raves', 'Analog nostalgia'],
    color: 'grape.5',
    artists: ['BTI', 'Velvet Circuit'],
    cluster: 'Club culture',
  },
  {
    theme: 'Afro-house rituals',
    x: 70,
    y: 14,
    strength: 71,
    connections: ['Warehouse raves'],
    color: 'grape.5',
    artists: ['Mara Sol'],
    cluster: 'Club culture',
  },
  {
    theme: 'Night drives',
    x: 12,
    y: 38,
    strength: 66,
    connections: ['Analog nostalgia', 'Solitude'],
    color: 'grape.5',
    artists: ['Neon Arcadia', 'Hana Drift'],
    cluster: 'Club culture',
  },
  {
    theme: 'Solitude',
    x: -58,
    y: 46,
    strength: 74,
    connections: ['Field recordings', 'Night drives'],
    color: 'cyan.5',
    artists: ['Nyx Hollow', 'Grey Cartographer'],
    cluster: 'Introspective',
  },
  {
    theme: 'Field recordings',
    x: -70,
    y: 10,
    strength: 58,
    connections: ['Solitude'],
    color: 'cyan.5',
    artists: ['Nyx Hollow'],
    cluster: 'Introspective',
  },
  {
    theme: 'Analog nostalgia',
    x: -22,
    y: 4,
    strength: 81,
    connections: ['Night drives', 'DIY tape culture', 'Modular synthesis'],
    color: 'cyan.5',
    artists: ['Neon Arcadia', 'Static Garden'],
    cluster: 'Introspective',
  },
  {
    theme: 'DIY tape culture',
    x: -40,
    y: -48,
    strength: 62,
    connections: ['Analog nostalgia', 'Sample digging'],
    color: 'orange.5',
    artists: ['Static Garden', 'The Low Ends'],
    cluster: 'Street & craft',
  },
  {
    theme: 'Sample digging',
    x: 18,
    y: -56,
    strength: 86,
    connections: ['DIY tape culture', 'Lyrical storytelling'],
    color: 'orange.5',
    artists: ['DJ Fennec', 'Kilo Verse'],
    cluster: 'Street & craft',
  },
  {
    theme: 'Lyrical storytelling',
    x: 56,
    y: -40,
    strength: 79,
    connections: ['Sample digging'],
    color: 'orange.5',
    artists: ['Kilo Verse'],
    cluster: 'Street & craft',
  },
];
