/**
 * Fair, bounded admission to PGlite's single connection.
 * Invariants: at most one job holds the connection at a time; waiting jobs are served
 * round-robin per caller (one caller's burst never starves another caller); the queue is
 * bounded per caller and in total (over the bound → DbBusyError 'queue-full', at once); a job
 * waiting longer than its queue timeout, or whose client went away, leaves the queue without
 * ever touching the database; a database call made from inside a running job fails at once
 * (it could only wait for itself: the wedge) instead of hanging.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** Per-HTTP-request context, set by the HTTP server and read by the database layer. */
export interface RequestContext {
  /** fairness key: the JWT subject, else role and client address */
  caller: string;
  /** aborted when the client disconnects before the response is sent */
  signal?: AbortSignal;
  /** polled: true once the client's connection has ended (seen before `signal` fires) */
  gone?: () => boolean;
}

export function clientGone(ctx: RequestContext | undefined): boolean {
  return Boolean(ctx?.signal?.aborted || ctx?.gone?.());
}

export const requestContext = new AsyncLocalStorage<RequestContext>();
const insideJob = new AsyncLocalStorage<true>();

export type BusyKind = 'queue-full' | 'queue-timeout' | 'client-gone' | 'nested';

export class DbBusyError extends Error {
  constructor(
    readonly kind: BusyKind,
    message: string,
  ) {
    super(message);
  }
}

export interface SchedulerLimits {
  perCaller: number;
  total: number;
  queueTimeoutMs: number;
}

export const DEFAULT_LIMITS: SchedulerLimits = { perCaller: 64, total: 1024, queueTimeoutMs: 20_000 };

interface Job {
  ctx: RequestContext | undefined;
  start: () => void;
  fail: (e: Error) => void;
  cleanup: () => void;
}

export class FairScheduler {
  /** caller → its waiting jobs; Map order is the round-robin order */
  private readonly waiting = new Map<string, Job[]>();
  private queued = 0;
  private busy = false;

  constructor(readonly limits: SchedulerLimits = DEFAULT_LIMITS) {}

  get depth(): number {
    return this.queued;
  }

  run<T>(work: () => Promise<T>, ctx: RequestContext | undefined = requestContext.getStore()): Promise<T> {
    if (insideJob.getStore()) {
      return Promise.reject(
        new DbBusyError(
          'nested',
          'a database call was made while the same request holds the connection (it would wait forever)',
        ),
      );
    }
    const caller = ctx?.caller ?? 'internal';
    const signal = ctx?.signal;
    if (clientGone(ctx)) return Promise.reject(new DbBusyError('client-gone', 'the client closed the connection'));
    const mine = this.waiting.get(caller) ?? [];
    if (mine.length >= this.limits.perCaller || this.queued >= this.limits.total) {
      return Promise.reject(
        new DbBusyError(
          'queue-full',
          `too many requests are waiting for the database (${mine.length} from this caller, ${this.queued} in total)`,
        ),
      );
    }
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        ctx,
        start: () => {
          job.cleanup();
          insideJob
            .run(true, () => work())
            .then(resolve, reject)
            .finally(() => this.release());
        },
        fail: (e) => {
          job.cleanup();
          this.remove(caller, job);
          reject(e);
        },
        cleanup: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        },
      };
      const timer = setTimeout(
        () =>
          job.fail(
            new DbBusyError('queue-timeout', `waited more than ${this.limits.queueTimeoutMs} ms for the database`),
          ),
        this.limits.queueTimeoutMs,
      );
      timer.unref?.();
      const onAbort = (): void => job.fail(new DbBusyError('client-gone', 'the client closed the connection'));
      signal?.addEventListener('abort', onAbort, { once: true });
      mine.push(job);
      this.waiting.set(caller, mine);
      this.queued++;
      this.pump();
    });
  }

  private remove(caller: string, job: Job): void {
    const list = this.waiting.get(caller);
    const i = list?.indexOf(job) ?? -1;
    if (!list || i < 0) return;
    list.splice(i, 1);
    this.queued--;
    if (list.length === 0) this.waiting.delete(caller);
  }

  private release(): void {
    this.busy = false;
    this.pump();
  }

  private pump(): void {
    while (!this.busy) {
      const first = this.waiting.entries().next();
      if (first.done) return;
      const [caller, list] = first.value;
      const job = list.shift()!;
      this.queued--;
      // move this caller to the back of the round-robin order
      this.waiting.delete(caller);
      if (list.length > 0) this.waiting.set(caller, list);
      if (clientGone(job.ctx)) {
        job.cleanup();
        job.fail(new DbBusyError('client-gone', 'the client closed the connection'));
        continue;
      }
      this.busy = true;
      job.start();
    }
  }
}
