/**
 * Hosted Realtime's per-project quotas (supabase/realtime `Realtime.RateCounter` with the
 * `Tenants.events_per_second_rate` / `joins_per_second_rate` arguments): events are added to a
 * counter; every tick (5 s on hosted) the count becomes a bucket, the last buckets (12 on hosted:
 * one minute) are averaged into events per second, and the limit is `triggered` while that
 * average is at or above the plan's value — it clears at the first tick below.
 * Invariants: counting is O(1) and never waits; the decision is read from the last tick, as
 * Realtime reads its cached counter state (a burst is allowed until the next tick sees it); a
 * counter silent for a whole window starts afresh (Realtime stops idle counters), so the first
 * tick after a quiet spell averages one bucket only — the strictest moment for a burst.
 */

export type RealtimePlan = 'free' | 'pro' | 'unlimited';

/** Per-project quotas, as Realtime's tenant settings. */
export interface RealtimeQuota {
  /** messages per second (max_events_per_second): sends plus deliveries */
  messagesPerSecond: number;
  /** channel joins per second (max_joins_per_second) */
  joinsPerSecond: number;
  /** sockets holding at least one channel (max_concurrent_users) */
  concurrentConnections: number;
  /** the counter's tick (Realtime: 5 s) */
  quotaTickMs: number;
  /** ticks averaged (Realtime: 12, one minute) */
  quotaBuckets: number;
}

/** Supabase's "Realtime Limits" guide, limits by plan (Free, Pro with spend cap). */
export const PLAN_QUOTAS: Record<
  RealtimePlan,
  Pick<RealtimeQuota, 'messagesPerSecond' | 'joinsPerSecond' | 'concurrentConnections'>
> = {
  free: { messagesPerSecond: 100, joinsPerSecond: 100, concurrentConnections: 200 },
  pro: { messagesPerSecond: 500, joinsPerSecond: 500, concurrentConnections: 500 },
  // raw-delivery tests and benches that measure the server, not the plan
  unlimited: {
    messagesPerSecond: Number.POSITIVE_INFINITY,
    joinsPerSecond: Number.POSITIVE_INFINITY,
    concurrentConnections: Number.POSITIVE_INFINITY,
  },
};

export const DEFAULT_QUOTA: RealtimeQuota = { ...PLAN_QUOTAS.pro, quotaTickMs: 5_000, quotaBuckets: 12 };

/** `REALTIME_PLAN` (free | pro | unlimited); anything else is refused loudly. */
export function planFromEnv(value: string | undefined): RealtimePlan | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'free' || value === 'pro' || value === 'unlimited') return value;
  throw new Error(`REALTIME_PLAN must be free, pro or unlimited, got ${JSON.stringify(value)}`);
}

export interface RateStats {
  limit: number;
  triggered: boolean;
  /** events per second at the last tick */
  average: number;
  /** the highest average seen */
  peak: number;
  /** the most events in one tick */
  peakTick: number;
  /** events in the last tick */
  lastTick: number;
  total: number;
}

export class ProjectRate {
  private count = 0;
  private readonly buckets: number[] = [];
  private timer: NodeJS.Timeout | undefined;
  private stats: RateStats;

  constructor(
    readonly limit: number,
    private readonly tickMs: number,
    private readonly maxBuckets: number,
  ) {
    this.stats = { limit, triggered: false, average: 0, peak: 0, peakTick: 0, lastTick: 0, total: 0 };
    if (Number.isFinite(limit)) {
      this.timer = setInterval(() => this.tick(), tickMs);
      this.timer.unref();
    }
  }

  get triggered(): boolean {
    return this.stats.triggered;
  }

  /** The current average in events per second (what REST broadcast compares a batch with). */
  get average(): number {
    return this.stats.average;
  }

  add(n = 1): void {
    this.count += n;
    this.stats.total += n;
  }

  tick(): void {
    const count = this.count;
    this.count = 0;
    this.buckets.unshift(count);
    this.buckets.length = Math.min(this.buckets.length, this.maxBuckets);
    if (this.buckets.length === this.maxBuckets && this.buckets.every((b) => b === 0)) this.buckets.length = 0;
    const sum = this.buckets.reduce((a, b) => a + b, 0);
    const average = this.buckets.length ? sum / this.buckets.length / (this.tickMs / 1000) : 0;
    this.stats = {
      ...this.stats,
      average,
      triggered: average >= this.limit,
      peak: Math.max(this.stats.peak, average),
      peakTick: Math.max(this.stats.peakTick, count),
      lastTick: count,
    };
  }

  snapshot(): RateStats {
    return { ...this.stats };
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
