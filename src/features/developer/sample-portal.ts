/** Sample figures of the developer portal's Overview and Analytics tabs (never fetched). */

export interface ApiActivity {
  id: string;
  method: 'GET' | 'POST' | 'PUT';
  endpoint: string;
  status: number;
  app: string;
  /** Milliseconds. */
  latency: number;
  timeAgo: string;
}

export const PORTAL_STATS = {
  totalApiCalls: 197_100,
  activeUsers: 3_814,
  successRate: 99.2,
  avgResponseMs: 142,
};

export const RECENT_API_ACTIVITY: ApiActivity[] = [
  {
    id: 'a1',
    method: 'GET',
    endpoint: '/api/v1/preferences',
    status: 200,
    app: 'Vinyl Radar',
    latency: 87,
    timeAgo: '2 min ago',
  },
  {
    id: 'a2',
    method: 'POST',
    endpoint: '/api/v1/events',
    status: 201,
    app: 'Vinyl Radar',
    latency: 112,
    timeAgo: '4 min ago',
  },
  {
    id: 'a3',
    method: 'GET',
    endpoint: '/api/v1/analytics',
    status: 429,
    app: 'Gig Pulse',
    latency: 9,
    timeAgo: '11 min ago',
  },
  {
    id: 'a4',
    method: 'POST',
    endpoint: '/oauth/token',
    status: 200,
    app: 'Vinyl Radar',
    latency: 164,
    timeAgo: '18 min ago',
  },
  {
    id: 'a5',
    method: 'PUT',
    endpoint: '/api/v1/preferences',
    status: 403,
    app: 'Gig Pulse',
    latency: 31,
    timeAgo: '26 min ago',
  },
  {
    id: 'a6',
    method: 'GET',
    endpoint: '/api/v1/users/me',
    status: 200,
    app: 'Vinyl Radar',
    latency: 58,
    timeAgo: '41 min ago',
  },
  {
    id: 'a7',
    method: 'GET',
    endpoint: '/api/v1/analytics',
    status: 500,
    app: 'Gig Pulse',
    latency: 1_204,
    timeAgo: '1 h ago',
  },
];

/** Daily API calls across all apps (Analytics tab). */
export const DAILY_API_CALLS = [
  { day: 'Nov 14', calls: 24_100, errors: 210 },
  { day: 'Nov 15', calls: 26_900, errors: 180 },
  { day: 'Nov 16', calls: 23_400, errors: 260 },
  { day: 'Nov 17', calls: 28_700, errors: 190 },
  { day: 'Nov 18', calls: 31_200, errors: 240 },
  { day: 'Nov 19', calls: 30_100, errors: 320 },
  { day: 'Nov 20', calls: 32_700, errors: 170 },
];

/** Share of calls per endpoint (Analytics tab). */
export const CALLS_BY_ENDPOINT = [
  { endpoint: 'GET /api/v1/preferences', calls: 78_400 },
  { endpoint: 'POST /api/v1/events', calls: 52_300 },
  { endpoint: 'GET /api/v1/users/me', calls: 31_900 },
  { endpoint: 'POST /oauth/token', calls: 19_600 },
  { endpoint: 'GET /api/v1/analytics', calls: 10_800 },
  { endpoint: 'PUT /api/v1/preferences', calls: 4_100 },
];

/** Per-app weekly calls for an app's Analytics view: a deterministic curve scaled to its total. */
export function weeklyCallsForApp(apiCalls: number): { day: string; calls: number }[] {
  const shape = [0.12, 0.13, 0.11, 0.14, 0.16, 0.17, 0.17];
  const weekTotal = Math.round(apiCalls * 0.18);
  return DAILY_API_CALLS.map((row, index) => ({ day: row.day, calls: Math.round(weekTotal * (shape[index] ?? 0)) }));
}
