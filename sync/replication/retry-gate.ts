/**
 * When a failed pull/push request is tried again. RxDB retries a throwing handler only after
 * `retryTime` (read when the request failed, up to the engine's 60 s cap) and nothing can wake
 * that wait but the `online` event — and only when `navigator.onLine` was already false at the
 * failure. While a push waits there it holds RxDB's upstream queue, so `reSync()` (queued
 * behind it) cannot push either. So the handlers own their transient retries: they wait on this
 * gate, which the engine opens on `online`, focus/visibility and its interval tick.
 *
 * Invariants:
 * - while `navigator.onLine` is false no timer runs: nothing is retried until a wake() once
 *   online again (the `online` event);
 * - a request refused by the server (5xx, auth) waits its own backoff (per request, so one burst
 *   of failures across collections does not jump straight to the cap) or the next wake();
 * - requests that failed at the network level while the browser claims to be online (an offline
 *   reload leaves `navigator.onLine` true and fires no `online` later; a backend outage) do not
 *   all poll: one of them is released per `probeMs` as a probe, and the first request that
 *   succeeds releases the others (`reachable()`);
 * - after close() every wait rejects at once, so a stopped replication never retries.
 */
import { SyncRequestError, type FailureKind } from './request';

/** How a wait ended: a wake (backoff reset) or the request's own timer. */
export type WaitOutcome = 'woken' | 'timer';

export interface RetryGate {
  /** Resolves when the request may be tried again; rejects once the gate is closed. */
  wait(kind: FailureKind, attempt: number): Promise<WaitOutcome>;
  /** Releases every wait now (ignored while offline: the request would only fail again). */
  wake(): void;
  /** A request succeeded: requests that failed at the network level go now. */
  reachable(): void;
  close(): void;
  readonly closed: boolean;
  /** Number of requests currently waiting (for tests and diagnostics). */
  readonly waiting: number;
}

export interface RetryGateOptions {
  /** Backoff before retry number `attempt` (1 = first retry) of a request the server refused. */
  delayMs: (attempt: number) => number;
  /** While online per `navigator` but unreachable: one probe request per this interval. */
  probeMs: number;
  isOnline: () => boolean;
}

export class RetryGateClosedError extends Error {
  constructor() {
    super('Replication stopped');
    this.name = 'RetryGateClosedError';
  }
}

interface Waiter {
  network: boolean;
  resolve: (outcome: WaitOutcome) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout> | null;
}

export function createRetryGate({ delayMs, probeMs, isOnline }: RetryGateOptions): RetryGate {
  const waiters = new Set<Waiter>();
  let closed = false;
  let probeTimer: ReturnType<typeof setTimeout> | null = null;

  const release = (waiter: Waiter, outcome: WaitOutcome) => {
    if (waiter.timer !== null) clearTimeout(waiter.timer);
    waiters.delete(waiter);
    waiter.resolve(outcome);
  };
  const networkWaiters = () => [...waiters].filter((w) => w.network);
  const stopProbe = () => {
    if (probeTimer !== null) clearTimeout(probeTimer);
    probeTimer = null;
  };
  function scheduleProbe() {
    if (closed || probeTimer !== null || !isOnline() || networkWaiters().length === 0) return;
    probeTimer = setTimeout(() => {
      probeTimer = null;
      const [probe] = networkWaiters();
      // Offline by now: the `online` event (a wake) takes over.
      if (probe && isOnline()) release(probe, 'timer');
    }, probeMs);
  }

  return {
    wait(kind, attempt) {
      if (closed) return Promise.reject(new RetryGateClosedError());
      return new Promise<WaitOutcome>((resolve, reject) => {
        const waiter: Waiter = { network: kind === 'network', resolve, reject, timer: null };
        waiters.add(waiter);
        if (waiter.network) scheduleProbe();
        else if (isOnline()) waiter.timer = setTimeout(() => release(waiter, 'timer'), delayMs(attempt));
      });
    },
    wake() {
      if (closed || !isOnline()) return;
      stopProbe();
      [...waiters].forEach((waiter) => release(waiter, 'woken'));
    },
    reachable() {
      if (closed) return;
      const waiting = networkWaiters();
      if (waiting.length === 0) return;
      stopProbe();
      waiting.forEach((waiter) => release(waiter, 'woken'));
    },
    close() {
      closed = true;
      stopProbe();
      [...waiters].forEach((waiter) => {
        if (waiter.timer !== null) clearTimeout(waiter.timer);
        waiters.delete(waiter);
        waiter.reject(new RetryGateClosedError());
      });
    },
    get closed() {
      return closed;
    },
    get waiting() {
      return waiters.size;
    },
  };
}

/**
 * Wraps a pull or push handler: a failed request (SyncRequestError — already reported by the
 * handler) is retried once the gate releases it, with its own backoff (reset by a wake);
 * anything else propagates to RxDB unchanged.
 */
export function retryThroughGate<A extends unknown[], R>(
  handler: (...args: A) => Promise<R>,
  gate: RetryGate,
): (...args: A) => Promise<R> {
  return async (...args: A) => {
    let attempt = 0;
    for (;;) {
      try {
        return await handler(...args);
      } catch (error) {
        if (!(error instanceof SyncRequestError) || gate.closed) throw error;
        attempt += 1;
        if ((await gate.wait(error.kind, attempt)) === 'woken') attempt = 0;
      }
    }
  };
}
