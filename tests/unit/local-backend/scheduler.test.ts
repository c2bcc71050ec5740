/**
 * FairScheduler (supabase/local/db/scheduler.ts): one job at a time, round-robin per caller,
 * bounded per caller and in total, queue timeout, abandoned jobs never run, nested calls fail.
 */
import { describe, expect, it } from 'vitest';
import { DbBusyError, FairScheduler, requestContext } from '../../../supabase/local/db/scheduler';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('FairScheduler', () => {
  it('runs one job at a time and serves callers round-robin, not first-come', async () => {
    const s = new FairScheduler({ perCaller: 100, total: 1000, queueTimeoutMs: 10_000 });
    const order: string[] = [];
    let running = 0;
    let maxRunning = 0;
    const job = (name: string) => async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      await tick();
      order.push(name);
      running--;
    };
    const all = [
      ...Array.from({ length: 5 }, (_, i) => s.run(job(`a${i}`), { caller: 'a' })),
      s.run(job('b0'), { caller: 'b' }),
      s.run(job('c0'), { caller: 'c' }),
    ];
    await Promise.all(all);
    expect(maxRunning).toBe(1);
    // a0 started at once; then b and c get their turn before a's backlog
    expect(order.slice(0, 4)).toEqual(['a0', 'a1', 'b0', 'c0']);
    expect(order).toHaveLength(7);
  });

  it('refuses past the per-caller and total bounds with queue-full, at once', async () => {
    const s = new FairScheduler({ perCaller: 3, total: 5, queueTimeoutMs: 10_000 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const held = s.run(() => gate, { caller: 'x' }); // holds the connection
    const queued = [1, 2, 3].map(() => s.run(async () => 'ok', { caller: 'a' }));
    await expect(s.run(async () => 'no', { caller: 'a' })).rejects.toMatchObject({ kind: 'queue-full' });
    const others = [1, 2].map(() => s.run(async () => 'ok', { caller: 'b' }));
    await expect(s.run(async () => 'no', { caller: 'c' })).rejects.toBeInstanceOf(DbBusyError);
    release();
    await held;
    expect(await Promise.all([...queued, ...others])).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(s.depth).toBe(0);
  });

  it('drops a waiting job whose client left or that waited too long; it never runs', async () => {
    const s = new FairScheduler({ perCaller: 10, total: 10, queueTimeoutMs: 30 });
    let release!: () => void;
    const held = s.run(() => new Promise<void>((r) => (release = r)), { caller: 'x' });
    const gone = new AbortController();
    let ran = 0;
    const abandoned = s.run(async () => ran++, { caller: 'a', signal: gone.signal });
    gone.abort();
    await expect(abandoned).rejects.toMatchObject({ kind: 'client-gone' });
    await expect(s.run(async () => ran++, { caller: 'b' })).rejects.toMatchObject({ kind: 'queue-timeout' });
    release();
    await held;
    expect(ran).toBe(0);
    expect(s.depth).toBe(0);
    expect(await s.run(async () => 'next', { caller: 'c' })).toBe('next');
  });

  it('a database call from inside a running job fails at once instead of waiting for itself', async () => {
    const s = new FairScheduler();
    const outer = s.run(() => requestContext.run({ caller: 'a' }, () => s.run(async () => 'inner')));
    await expect(outer).rejects.toMatchObject({ kind: 'nested' });
    expect(await s.run(async () => 'after')).toBe('after');
  });
});
