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

  const neverStopped = { report: () => undefined, isStopped: () => false, stoppedResult: () => -1 };

  it('retryThroughGate retries request failures with a per-request backoff, reset by a wake', async () => {
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
    }, gate, neverStopped);
    const result = handler(21);
    await vi.advanceTimersByTimeAsync(5_000 + 10_000);
    expect(calls).toBe(3);
    gate.wake(); // resets the backoff
    await expect(result).resolves.toBe(42);
    expect(delays).toEqual([1, 2, 3]);
  });

  it('retryThroughGate reports any other error and retries it like a refusal: nothing reaches RxDB', async () => {
    const gate = createRetryGate({ delayMs: backoff, probeMs: 1_000, isOnline: () => true });
    const reported: SyncRequestError[] = [];
    let calls = 0;
    const handler = retryThroughGate(async () => {
      calls += 1;
      if (calls === 1) throw Object.assign(new TypeError('local write failed'), { code: 'DXE1' });
      return 'done';
    }, gate, { ...neverStopped, report: (e) => reported.push(e), stoppedResult: () => 'stopped' });
    const result = handler();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('done');
    expect(reported.map((e) => [e.kind, e.code, e.message])).toEqual([['client', 'DXE1', 'local write failed']]);
  });

  it('retryThroughGate: a closed gate answers a canceled replication, with no timer and no request', async () => {
    const gate = createRetryGate({ delayMs: backoff, probeMs: 1_000, isOnline: () => true });
    let calls = 0;
    let stopped = false;
    const handler = retryThroughGate(async () => {
      calls += 1;
      throw new SyncRequestError('server', 503, '503', 'unavailable');
    }, gate, { ...neverStopped, isStopped: () => stopped, stoppedResult: () => -1 });
    const waiting = handler();
    await vi.advanceTimersByTimeAsync(0);
    expect(gate.waiting).toBe(1);
    stopped = true; // the engine cancels RxDB's replication, then closes the gate
    gate.close();
    await expect(waiting).resolves.toBe(-1);
    expect(vi.getTimerCount()).toBe(0);
    await expect(handler()).resolves.toBe(-1);
    expect(calls).toBe(1);
  });

  it('retryThroughGate: a closed gate under a running replication throws without a request', async () => {
    const gate = createRetryGate({ delayMs: backoff, probeMs: 1_000, isOnline: () => true });
    gate.close();
    const handler = vi.fn(async () => 1);
    await expect(retryThroughGate(handler, gate, neverStopped)()).rejects.toBeInstanceOf(RetryGateClosedError);
    expect(handler).not.toHaveBeenCalled();
  });
});
