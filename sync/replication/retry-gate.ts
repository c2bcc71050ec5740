/**
 * When a failed pull/push request is tried again. RxDB retries a throwing handler only after
 * `retryTime` (read when the request failed, up to the engine's 60 s cap) and nothing can wake
 * that wait but the `online` event — and only when `navigator.onLine` was already false at the
 * failure. While a push waits there it holds RxDB's upstream queue, so `reSync()` (queued
 * behind it) cannot push either. So the handlers own their transient retries instead: they wait
 * on this gate, which the engine wakes on `online`, focus/visibility and its interval tick.
 * Invariants: while online a wait ends after the backoff delay or at the next wake(); while
 * offline it has no timer (no retries are burnt) and ends only at a wake() once online again;
 * after close() every wait rejects at once, so a stopped replication never retries.
 */
import { SyncRequestError } from './request';

export interface RetryGate {
  /** Resolves when the next attempt may run; rejects once the gate is closed. */
  wait(): Promise<void>;
  /** Ends every wait now (ignored while offline: the request would only fail again). */
  wake(): void;
  close(): void;
  readonly closed: boolean;
  /** Number of requests currently waiting (for tests and diagnostics). */
  readonly waiting: number;
}

export interface RetryGateOptions {
  /** Backoff before the next attempt, read when a wait starts. */
  delayMs: () => number;
  isOnline: () => boolean;
}

export class RetryGateClosedError extends Error {
  constructor() {
    super('Replication stopped');
    this.name = 'RetryGateClosedError';
  }
}

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout> | null;
}

export function createRetryGate({ delayMs, isOnline }: RetryGateOptions): RetryGate {
  const waiters = new Set<Waiter>();
  let closed = false;

  const settle = (waiter: Waiter) => {
    if (waiter.timer !== null) clearTimeout(waiter.timer);
    waiters.delete(waiter);
  };

  return {
    wait() {
      if (closed) return Promise.reject(new RetryGateClosedError());
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = { resolve, reject, timer: null };
        if (isOnline()) {
          waiter.timer = setTimeout(() => {
            settle(waiter);
            resolve();
          }, delayMs());
        }
        waiters.add(waiter);
      });
    },
    wake() {
      if (closed || !isOnline()) return;
      [...waiters].forEach((waiter) => {
        settle(waiter);
        waiter.resolve();
      });
    },
    close() {
      closed = true;
      [...waiters].forEach((waiter) => {
        settle(waiter);
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
 * handler) is retried after the gate opens; anything else propagates to RxDB unchanged.
 */
export function retryThroughGate<A extends unknown[], R>(
  handler: (...args: A) => Promise<R>,
  gate: RetryGate,
): (...args: A) => Promise<R> {
  return async (...args: A) => {
    for (;;) {
      try {
        return await handler(...args);
      } catch (error) {
        if (!(error instanceof SyncRequestError) || gate.closed) throw error;
        await gate.wait();
      }
    }
  };
}
