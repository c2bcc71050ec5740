/** real figures first, sample marked — the pure rules behind the dashboards and catalog. */
import { describe, expect, it } from 'vitest';
import { shownFollowers } from '../../../src/features/catalog/real-artists/real-artist';
import { activityFromFollowedContent, timeAgo } from '../../../src/features/fan/real-activity';
import { fanDashboardData } from '../../../src/features/fan/use-fan-dashboard-data';
import type { FanSubscription } from '../../../src/features/fan/types';
import { ownDisplayName } from '../../../src/lib/own-name';
import { countLabel, pluralNoun } from '../../../src/lib/plural';

const NOW = new Date('2026-11-26T12:00:00Z');

describe('counted nouns', () => {
  it('uses the singular only for exactly one', () => {
    expect(countLabel(1, 'follower')).toBe('1 follower');
    expect(countLabel(0, 'follower')).toBe('0 followers');
    expect(countLabel(2, 'follower')).toBe('2 followers');
    expect(countLabel(1_500, 'play')).toBe('1.5K plays');
    expect(countLabel(1, 'story', 'stories')).toBe('1 story');
    expect(pluralNoun(3, 'story', 'stories')).toBe('stories');
  });
});

describe('ownDisplayName', () => {
  it('takes the profile name, then sign-up metadata, never an e-mail', () => {
    expect(ownDisplayName('  Nova  ', { name: 'Other' })).toBe('Nova');
    expect(ownDisplayName(null, { full_name: 'Kai Lee' })).toBe('Kai Lee');
    expect(ownDisplayName('me@example.com', { name: 'you@example.com' })).toBeNull();
    expect(ownDisplayName(undefined, {})).toBeNull();
  });
});

describe("'Your Feed' from followed releases", () => {
  const rows = [
    { id: 'a', artist_name: 'Nova', title: 'Older', created_at: '2026-11-20T12:00:00Z' },
    { id: 'b', artist_name: 'Nova', title: 'Newest', created_at: '2026-11-26T11:30:00Z' },
  ];
  it('is one new_drop per release, newest first, new within a day', () => {
    const items = activityFromFollowedContent(rows, NOW);
    expect(items.map((i) => [i.title, i.type, i.artist, i.isNew, i.timeAgo])).toEqual([
      ['Newest', 'new_drop', 'Nova', true, '30 minutes ago'],
      ['Older', 'new_drop', 'Nova', false, '6 days ago'],
    ]);
    expect(items.every((i) => !i.sample)).toBe(true);
  });
  it('says how long ago in plain English', () => {
    expect(timeAgo('2026-11-26T11:59:30Z', NOW)).toBe('just now');
    expect(timeAgo('2026-11-25T11:00:00Z', NOW)).toBe('yesterday');
    expect(timeAgo('2026-11-26T11:00:00Z', NOW)).toBe('1 hour ago');
  });
});

describe('fan dashboard data', () => {
  const follow: FanSubscription = { id: 'f|x', artistId: 'x', artistName: 'Nova', avatar: '', tier: 'free', price: 0 };
  const release = activityFromFollowedContent(
    [{ id: 'r', artist_name: 'Nova', title: 'Track', created_at: '2026-11-26T11:00:00Z' }],
    NOW,
  );

  it('puts real items first and marks every sample item with Mock Data on', () => {
    const data = fanDashboardData(true, { subscriptions: [follow], contentUnlocked: 1, activity: release });
    expect(data.activity[0]).toMatchObject({ title: 'Track', type: 'new_drop' });
    expect(data.activity[0]?.sample).toBeUndefined();
    expect(data.activity.slice(1).length).toBeGreaterThan(0);
    expect(data.activity.slice(1).every((i) => i.sample === true)).toBe(true);
    expect(data.subscriptions[0]).toEqual(follow);
    expect(data.subscriptions.slice(1).every((s) => s.sample === true)).toBe(true);
  });

  it("keeps stats and tier the fan's own even with sample items shown", () => {
    const data = fanDashboardData(true, { subscriptions: [follow], contentUnlocked: 1, activity: release });
    expect(data.stats).toEqual({ activeSubscriptions: 1, thisMonth: 0, contentUnlocked: 1 });
    expect(data.fanTier).toBe(0);
    const none = fanDashboardData(true, { subscriptions: [], contentUnlocked: 0, activity: [] });
    expect(none.fanTier).toBe(0);
    expect(none.stats.activeSubscriptions).toBe(0);
  });

  it('shows only real items with Mock Data off', () => {
    const data = fanDashboardData(false, { subscriptions: [follow], contentUnlocked: 0, activity: release });
    expect(data.activity).toEqual(release);
    expect(data.subscriptions).toEqual([follow]);
    expect(data.trending).toEqual([]);
  });

  it('falls back to the sample fan only without a local database (demos, harness)', () => {
    const data = fanDashboardData(true, { subscriptions: null, contentUnlocked: null });
    expect(data.fanTier).toBe(3);
    expect(data.subscriptions.every((s) => s.sample)).toBe(true);
  });
});

describe('catalog follower count', () => {
  it("counts the fan's own follow until the server has it", () => {
    expect(shownFollowers(0, true)).toBe(1);
    expect(shownFollowers(4, false)).toBe(4);
  });
});

describe('Upcoming: followed artists’ announcements first, samples marked', () => {
  const sub = (artistId: string, name: string, announcement?: { note: string; on: string }): FanSubscription => ({
    id: `f|${artistId}`,
    artistId,
    artistName: name,
    avatar: '',
    tier: 'free',
    price: 0,
    ...(announcement ? { announcement } : {}),
  });
  const own = [
    sub('a', 'Nova Static', { note: 'Album — out Friday', on: '2026-11-27' }),
    sub('b', 'Kai Lee', { note: 'Single', on: '2026-11-26' }),
    sub('c', 'Old News', { note: 'Was yesterday', on: '2026-11-25' }),
    sub('d', 'Quiet One'),
  ];

  it('lists announcements from today on, soonest first; past ones and samples excluded when Mock Data is off', () => {
    const data = fanDashboardData(false, { subscriptions: own, contentUnlocked: 0 }, '2026-11-26');
    expect(data.upcoming.map((u) => [u.artist, u.title, u.startsAt, u.sample ?? false])).toEqual([
      ['Kai Lee', 'Single', '2026-11-26', false],
      ['Nova Static', 'Album — out Friday', '2026-11-27', false],
    ]);
  });

  it('with Mock Data on, the samples follow, each marked sample', () => {
    const data = fanDashboardData(true, { subscriptions: own, contentUnlocked: 0 }, '2026-11-26');
    expect(data.upcoming.slice(0, 2).every((u) => !u.sample)).toBe(true);
    expect(data.upcoming.length).toBeGreaterThan(2);
    expect(data.upcoming.slice(2).every((u) => u.sample === true)).toBe(true);
  });
});
