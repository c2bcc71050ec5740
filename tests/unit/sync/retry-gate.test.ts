import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SyncRequestError } from '../../../sync/replication/request';
import { createRetryGate, retryThroughGate, RetryGateClosedError } from '../../../sync/replication/retry-gate';

describe('retry gate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('online: a wait ends after the backoff, or at once on wake()', async () => {
    const gate = createRetryGate({ delayMs: () => 30_000, isOnline: () => true });
    const done = vi.fn();
    void gate.wait().then(done);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledTimes(1);

    const woken = vi.fn();
    void gate.wait().then(woken);
    gate.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(woken).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('offline: no timer runs and wake() is ignored until back online', async () => {
    let online = false;
    const gate = createRetryGate({ delayMs: () => 10, isOnline: () => online });
    const done = vi.fn();
    void gate.wait().then(done);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    gate.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).not.toHaveBeenCalled();
    online = true;
    gate.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('close() rejects waiting and later waits, and leaves no timers', async () => {
    const gate = createRetryGate({ delayMs: () => 5_000, isOnline: () => true });
    const waiting = gate.wait();
    gate.close();
    await expect(waiting).rejects.toBeInstanceOf(RetryGateClosedError);
    await expect(gate.wait()).rejects.toBeInstanceOf(RetryGateClosedError);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('retryThroughGate retries request failures through the gate and passes other errors on', async () => {
    const gate = createRetryGate({ delayMs: () => 60_000, isOnline: () => true });
    let calls = 0;
    const handler = retryThroughGate(async (x: number) => {
      calls += 1;
      if (calls === 1) throw new SyncRequestError('network', 0, '0', 'offline');
      return x * 2;
    }, gate);
    const result = handler(21);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    gate.wake();
    await expect(result).resolves.toBe(42);
    expect(calls).toBe(2);

    const failing = retryThroughGate(async () => {
      throw new TypeError('bug');
    }, gate);
    await expect(failing()).rejects.toBeInstanceOf(TypeError);
  });
});
