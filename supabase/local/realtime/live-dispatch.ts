/**
 * The live fan-out dispatcher on the local backend: runs `private.live_dispatch()` (migration
 * 20261128600000_realtime_budget) every `intervalMs`, as pg_cron does every second on hosted.
 * Invariants: one pass at a time (a slow pass delays the next, never overlaps it); each pass is
 * one short statement through the database's fair scheduler, so no request waits behind more
 * than one pass; the fan-out budget is set once at start — 40 % of the project's messages quota
 * unless given — so a small test quota gets a proportionally small budget; stop() resolves once
 * the running pass has ended.
 */
import type { Database } from '../db/database';
import { Periodic } from '../db/periodic';

export interface LiveDispatchOptions {
  /** default 1000 (pg_cron's '1 seconds') */
  intervalMs?: number;
  /** messages per second the fan-out may spend (private.live_budget.per_second) */
  perSecond?: number;
  /** default true; tests may run passes by hand (runOnce) */
  enabled?: boolean;
}

/** The share of the messages quota the fan-out spends by default; the rest is for user topics. */
export const FANOUT_SHARE = 0.4;

export class LiveDispatcher {
  private readonly periodic: Periodic<number>;
  /** messages sent by passes so far */
  sent = 0;

  constructor(
    private readonly db: Database,
    private readonly opts: LiveDispatchOptions,
    onError: (e: unknown) => void,
  ) {
    this.periodic = new Periodic(() => this.dispatch(), opts.intervalMs ?? 1000, onError);
  }

  async start(messagesPerSecond: number): Promise<void> {
    const perSecond =
      this.opts.perSecond ??
      (Number.isFinite(messagesPerSecond) ? Math.max(1, Math.floor(messagesPerSecond * FANOUT_SHARE)) : undefined);
    if (perSecond !== undefined) {
      await this.db.query(
        'update private.live_budget set per_second = $1::integer, tokens = least(tokens, $1::integer)',
        [perSecond],
      );
    }
    if (this.opts.enabled !== false) this.periodic.start();
  }

  /** One pass now (or the running one): messages sent. */
  runOnce(): Promise<number> {
    return this.periodic.runOnce();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  private async dispatch(): Promise<number> {
    const r = await this.db.query<{ sent: number }>('select private.live_dispatch() as sent');
    const sent = Number(r.rows[0]?.sent ?? 0);
    this.sent += sent;
    return sent;
  }
}
