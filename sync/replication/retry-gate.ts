/**
 * When a failed pull/push request is tried again. RxDB retries a throwing handler only after
 * `retryTime` and nothing can wake that wait but the `online` event — and only when
 * `navigator.onLine` was already false at the failure. While a push waits there it holds RxDB's
 * upstream queue, so `reSync()` (queued behind it) cannot push either. So the handlers own their
 * retries: `retryThroughGate` answers every failure by waiting on this gate (which the engine opens
 * on `online`, focus/visibility and its interval tick) and trying again; no failure reaches RxDB,
 * whose `retryTime` is a fixed option that never comes into play (replicate-collection.ts).
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
import { localFailure, SyncRequestError, type FailureKind } from './request';

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

export interface GateRetryOptions<R> {
  /** Reports a failure the handler did not report itself (anything but a SyncRequestError). */
  report: (error: SyncRequestError) => void;
  /** Whether RxDB's replication is canceled (the engine closes the gate only after cancel()). */
  isStopped: () => boolean;
  /** The answer to a canceled replication: RxDB discards whatever a handler answers once stopped. */
  stoppedResult: () => R;
}

/**
 * Wraps a pull or push handler so that it never throws into RxDB: a failed request (reported by
 * the handler) or any other error (reported here, e.g. a local write that failed) waits on the
 * gate with its own backoff (reset by a wake) and is tried again. Once the gate is closed the
 * wrapper answers `stoppedResult()` instead of throwing: RxDB's handler loop answers a throw with
 * its `retryTime` timer (awaitRetry) even after cancel(), an answer ends it with no timer at all
 * (rxdb plugins/replication: the `isStoppedOrPaused()` checks after the pull and push loops).
 * A closed gate with a replication still running (never, by the engine's stop order) throws,
 * and sends no request.
 */
export function retryThroughGate<A extends unknown[], R>(
  handler: (...args: A) => Promise<R>,
  gate: RetryGate,
  { report, isStopped, stoppedResult }: GateRetryOptions<R>,
): (...args: A) => Promise<R> {
  const stopped = (): R => {
    if (isStopped()) return stoppedResult();
    throw new RetryGateClosedError();
  };
  return async (...args: A) => {
    let attempt = 0;
    for (;;) {
      if (gate.closed) return stopped();
      let failure: SyncRequestError;
      try {
        return await handler(...args);
      } catch (error) {
        // no answer of the server: backs off like a refusal
        failure = error instanceof SyncRequestError ? error : localFailure(error);
        if (failure !== error) report(failure);
      }
      if (gate.closed) return stopped();
      attempt += 1;
      let outcome: WaitOutcome;
      try {
        outcome = await gate.wait(failure.kind, attempt);
      } catch {
        return stopped(); // the gate closed while waiting
      }
      if (outcome === 'woken') attempt = 0;
    }
  };
}
