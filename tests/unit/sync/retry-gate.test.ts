import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SyncRequestError } from '../../../sync/replication/request';
import { createRetryGate, retryThroughGate, RetryGateClosedError } from '../../../sync/replication/retry-gate';

const backoff = (attempt: number) => Math.min(60_000, 5_000 * 2 ** (attempt - 1));

describe('retry gate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a refused request waits its own backoff, or until wake()', async () => {
    const gate = createRetryGate({ delayMs: backoff, probeMs: 1_000, isOnline: () => true });
    const first = vi.fn();
    const third = vi.fn();
    void gate.wait('server', 1).then(first);
    void gate.wait('server', 3).then(third);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(first).toHaveBeenCalledWith('timer');
    expect(third).not.toHaveBeenCalled();
    gate.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(third).toHaveBeenCalledWith('woken');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('offline: no timer runs and wake() is ignored until back online', async () => {
    let online = false;
    const gate = createRetryGate({ delayMs: () => 10, probeMs: 10, isOnline: () => online });
    const done = vi.fn();
    void gate.wait('network', 1).then(done);
    void gate.wait('server', 1).then(done);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    gate.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).not.toHaveBeenCalled();
    online = true;
    gate.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledTimes(2);
  });

  it('unreachable while "online": one probe per interval, the others follow its success', async () => {
    const gate = createRetryGate({ delayMs: backoff, probeMs: 2_000, isOnline: () => true });
    const released: number[] = [];
    [1, 2, 3].forEach((n) => void gate.wait('network', 5).then(() => released.push(n)));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(released).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(released).toEqual([1]);
    // The probe failed again: it waits; still one probe per interval.
    void gate.wait('network', 6).then(() => released.push(4));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(released).toEqual([1, 2]);
    gate.reachable();
    await vi.advanceTimersByTimeAsync(0);
    expect(released.sort()).toEqual([1, 2, 3, 4]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('close() rejects waiting and later waits, and leaves no timers', async () => {
    const gate = createRetryGate({ delayMs: backoff, probeMs: 1_000, isOnline: () => true });
    const waiting = [gate.wait('server', 1), gate.wait('network', 1)];
    gate.close();
    for (const w of waiting) await expect(w).rejects.toBeInstanceOf(RetryGateClosedError);
    await expect(gate.wait('server', 1)).rejects.toBeInstanceOf(RetryGateClosedError);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('retryThroughGate retries request failures with a per-request backoff, passes other errors on', async () => {
    const delays: number[] = [];
    const gate = createRetryGate({
      delayMs: (attempt) => (delays.push(attempt), backoff(attempt)),
      probeMs: 1_000,
      isOnline: () => true,
    });
    let calls = 0;
    const handler = retryThroughGate(async (x: number) => {
      calls += 1;
      if (calls <= 3) throw new SyncRequestError('server', 503, '503', 'unavailable');
      return x * 2;
    }, gate);
    const result = handler(21);
    await vi.advanceTimersByTimeAsync(5_000 + 10_000);
    expect(calls).toBe(3);
    gate.wake(); // resets the backoff
    await expect(result).resolves.toBe(42);
    expect(delays).toEqual([1, 2, 3]);

    const failing = retryThroughGate(async () => {
      throw new TypeError('bug');
    }, gate);
    await expect(failing()).rejects.toBeInstanceOf(TypeError);
  });
});
