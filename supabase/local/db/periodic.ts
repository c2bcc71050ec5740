/**
 * A pass the local backend runs on an interval, as pg_cron runs a job on hosted (the live fan-out
 * dispatch, webhook delivery, calendar jobs). Invariants: one pass at a time — runOnce() while a
 * pass runs joins it, and the next timed pass starts `intervalMs` after the last one ended, never
 * overlapping it; a failed pass is reported (unless stopping) and the schedule goes on; stop()
 * resolves once the running pass has ended.
 */
export class Periodic<T> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T> | undefined;
  private stopped = false;

  constructor(
    private readonly pass: () => Promise<T>,
    private readonly intervalMs: number,
    private readonly onError: (e: unknown) => void,
  ) {}

  start(): void {
    this.schedule();
  }

  /** One pass now, or the running one. */
  runOnce(): Promise<T> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.runOnce()
        .catch((e: unknown) => {
          if (!this.stopped) this.onError(e);
        })
        .finally(() => this.schedule());
    }, this.intervalMs);
    this.timer.unref();
  }
}
