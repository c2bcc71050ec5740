import type { DeveloperApp } from './types';

/** Two sample applications for the preview store (they use campaigns:read). */
export const SAMPLE_APPS: DeveloperApp[] = [
  {
    id: 'sample-vinyl-radar',
    name: 'Vinyl Radar',
    description: 'Recommends underground releases from a listener’s MediaID preferences.',
    clientId: 'bkt_vR7nQ2kLx9PzT4mWc8hJ5sYa',
    clientSecretLast4: 'f3Qa',
    redirectUris: ['https://vinylradar.app/oauth/callback'],
    scopes: ['media:read', 'preferences:read', 'events:write', 'campaigns:read'],
    status: 'active',
    created: '2026-08-14T15:20:00.000Z',
    lastUsed: '2026-11-20T20:41:00.000Z',
    apiCalls: 184_230,
    users: 3_412,
    pending: false,
    refusal: null,
  },
  {
    id: 'sample-gig-pulse',
    name: 'Gig Pulse',
    description: 'Live-event alerts for fans, scoped by city and genre preferences.',
    clientId: 'bkt_gP2xM6tRb3VnK8dLq1ZeW9uC',
    clientSecretLast4: '9Kd2',
    redirectUris: ['https://gigpulse.io/auth/bucket', 'http://localhost:3000/callback'],
    scopes: ['preferences:read', 'analytics:read', 'campaigns:read'],
    status: 'disabled',
    created: '2026-10-02T09:05:00.000Z',
    lastUsed: '2026-11-11T18:12:00.000Z',
    apiCalls: 12_870,
    users: 402,
    pending: false,
    refusal: null,
  },
];
