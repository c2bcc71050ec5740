/**
 * The local backend's per-project rate counter, as hosted Realtime's RateCounter: counts become a
 * bucket per tick, the average of the last buckets (events per second) triggers the limit at or
 * above it and clears it at the first tick below; a burst is allowed until a tick sees it.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_QUOTA, PLAN_QUOTAS, ProjectRate, planFromEnv } from '../../../supabase/local/realtime/quota';

describe('ProjectRate', () => {
  it('averages the last buckets per second and triggers at the limit', () => {
    const rate = new ProjectRate(100, 5_000, 12);
    rate.stop();
    rate.add(499);
    expect(rate.triggered).toBe(false); // not before the tick
    rate.tick();
    expect(rate.average).toBeCloseTo(99.8);
    expect(rate.triggered).toBe(false);
    rate.add(501);
    rate.tick(); // (499 + 501) / 2 buckets / 5 s = 100
    expect(rate.triggered).toBe(true);
    rate.tick(); // 1000 / 3 / 5 ≈ 66.7
    expect(rate.triggered).toBe(false);
    expect(rate.snapshot()).toMatchObject({ limit: 100, peak: 100, peakTick: 501, total: 1000 });
  });

  it('keeps a minute of buckets, and starts afresh after a silent window', () => {
    const rate = new ProjectRate(10, 1_000, 3);
    rate.stop();
    rate.add(30);
    rate.tick(); // 30 / 1 bucket
    expect(rate.triggered).toBe(true);
    rate.tick(); // 30 / 2
    rate.tick(); // 30 / 3 = 10: still at the limit
    expect(rate.triggered).toBe(true);
    rate.tick(); // the burst left the window
    expect(rate.average).toBe(0);
    rate.add(10);
    rate.tick(); // a fresh counter: one bucket, 10/s
    expect(rate.triggered).toBe(true);
  });

  it('defaults to the Pro plan of the Realtime limits guide', () => {
    expect(DEFAULT_QUOTA).toEqual({
      messagesPerSecond: 500,
      joinsPerSecond: 500,
      concurrentConnections: 500,
      quotaTickMs: 5_000,
      quotaBuckets: 12,
    });
    expect(PLAN_QUOTAS.free).toEqual({ messagesPerSecond: 100, joinsPerSecond: 100, concurrentConnections: 200 });
    expect(planFromEnv('free')).toBe('free');
    expect(planFromEnv(undefined)).toBeUndefined();
    expect(() => planFromEnv('gold')).toThrow(/REALTIME_PLAN/);
  });
});
