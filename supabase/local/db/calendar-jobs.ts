/**
 * Calendar jobs on the local backend: runs `private.run_calendar_job_batch()` (migration
 * 20261130800000_calendar_jobs) every `intervalMs`, as pg_cron CALLs `private.run_calendar_jobs`
 * on hosted. A pass runs batches until no job is left; each batch is one statement through the
 * database's fair scheduler, so a request waits behind one batch at most, never behind a pass.
 */
import type { Database } from './database';
import { Periodic } from './periodic';

export interface CalendarJobOptions {
  /** default 1000 */
  intervalMs?: number;
  /** fans per batch; default 50 (as on hosted) */
  batch?: number;
  /** default true; tests may run passes by hand (runOnce) */
  enabled?: boolean;
}

export class CalendarJobs {
  private readonly periodic: Periodic<number>;

  constructor(
    private readonly db: Database,
    private readonly opts: CalendarJobOptions,
    onError: (e: unknown) => void,
  ) {
    this.periodic = new Periodic(() => this.drain(), opts.intervalMs ?? 1000, onError);
  }

  start(): void {
    if (this.opts.enabled !== false) this.periodic.start();
  }

  /**
   * Every job queued before this call, run to its end: a pass already under way may have looked
   * at the queue before the caller's job was in it, so it is awaited and a new pass runs after it.
   * Resolves to how many fans' calendars the new pass filled.
   */
  async runNow(): Promise<number> {
    await this.periodic.runOnce().catch(() => undefined);
    return this.periodic.runOnce();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  private async drain(): Promise<number> {
    let filled = 0;
    for (;;) {
      const r = await this.db.query<{ n: number | null }>('select private.run_calendar_job_batch($1::integer) as n', [
        this.opts.batch ?? 50,
      ]);
      const n = r.rows[0]?.n;
      if (n === null || n === undefined) return filled;
      filled += Number(n);
    }
  }
}
