/**
 * The pull position (checkpoint.ts) and the pull handler's use of it, without a server: which
 * checkpoints are positions (today's `(_txid, id)`) and which mean "pull again from the start"
 * (the `(_modified, id)` pairs devices held before, anything malformed); the RPC arguments; and
 * the handler asking again, a bounded number of times, while the server reports rows held back
 * behind an open transaction.
 */
import { describe, expect, it } from 'vitest';
import { checkpointOf, currentCheckpoint, HELD_RETRY_DELAYS_MS, pullArguments } from '../../../sync/replication/checkpoint';
import { createPullHandler } from '../../../sync/replication/pull-handler';

describe('pull position', () => {
  it('accepts only (_txid, id) positions; an old (_modified, id) checkpoint means a full pull, once', () => {
    expect(currentCheckpoint({ txid: '7421', id: 'a|fan' })).toEqual({ txid: '7421', id: 'a|fan' });
    expect(currentCheckpoint({ modified: '2026-11-20T21:54:00.123456+00:00', id: 'a|fan' })).toBeUndefined();
    expect(currentCheckpoint({ txid: 7421, id: 'a' })).toBeUndefined();
    expect(currentCheckpoint({ txid: '1e3', id: 'a' })).toBeUndefined();
    expect(currentCheckpoint({ txid: "1'; drop", id: 'a' })).toBeUndefined();
    expect(currentCheckpoint(undefined)).toBeUndefined();
    expect(pullArguments('followed_content', undefined, 500)).toEqual({ p_collection: 'followed_content', p_after_txid: '0', p_after_id: '', p_limit: 500 });
    expect(pullArguments('profiles', { txid: '9007199254740993', id: 'u' }, 100)).toEqual({ p_collection: 'profiles', p_after_txid: '9007199254740993', p_after_id: 'u', p_limit: 100 });
  });

  it("takes the position from the last row as the server's exact text (beyond 2^53 too)", () => {
    expect(checkpointOf({ id: 'x', _txid: '9007199254740993' })).toEqual({ txid: '9007199254740993', id: 'x' });
    expect(checkpointOf({ id: 'x', _modified: '2026-11-20T21:54:00Z' })).toBeUndefined();
    expect(checkpointOf(undefined)).toBeUndefined();
  });
});

type Answer = { rows: Record<string, unknown>[]; held: boolean };

function fakeServer(answers: Answer[]) {
  const calls: Record<string, unknown>[] = [];
  const supabase = {
    rpc: (fn: string, args: Record<string, unknown>) => ({
      retry: () => {
        calls.push({ fn, ...args });
        const data = answers.shift() ?? { rows: [], held: false };
        return Promise.resolve({ data, error: null, status: 200 });
      },
    }),
    auth: { refreshSession: async () => ({ error: null }) },
  };
  return { supabase: supabase as never, calls };
}

const reporter = { success() {}, failure() {}, rejected() {} };
const row = (id: string, txid: string) => ({ id, _txid: txid, display_name: id, _deleted: false, _modified: '2026-11-26T00:00:00Z' });

describe('pull handler', () => {
  it('asks again after short waits while rows are held back, then returns what came', async () => {
    const waits: number[] = [];
    const { supabase, calls } = fakeServer([
      { rows: [row('a', '10')], held: true },
      { rows: [], held: true },
      { rows: [row('b', '12')], held: false },
    ]);
    const pull = createPullHandler({ supabase, table: 'profiles', knownFields: new Set(['id', 'display_name', '_deleted']), reporter, wait: async (ms) => void waits.push(ms) });
    const page = await pull({ modified: 'old', id: 'z' } as never, 100);
    expect(page.documents.map((d) => d.id)).toEqual(['a', 'b']);
    expect(page.checkpoint).toEqual({ txid: '12', id: 'b' });
    expect(waits).toEqual([50, 100]);
    expect(calls.map((c) => [c.p_after_txid, c.p_after_id])).toEqual([['0', ''], ['10', 'a'], ['10', 'a']]);
  });

  it('gives up after the last wait (the next trigger brings the rest) and keeps its position', async () => {
    const waits: number[] = [];
    const { supabase } = fakeServer(Array.from({ length: 10 }, () => ({ rows: [], held: true })));
    const pull = createPullHandler({ supabase, table: 'profiles', knownFields: new Set(['id']), reporter, wait: async (ms) => void waits.push(ms) });
    const page = await pull({ txid: '5', id: 'q' }, 100);
    expect(page.documents).toEqual([]);
    expect(page.checkpoint).toEqual({ txid: '5', id: 'q' });
    expect(waits).toEqual([...HELD_RETRY_DELAYS_MS]);
  });

  it('tops up a full page thinned by the ownership check without waiting', async () => {
    const waits: number[] = [];
    const { supabase, calls } = fakeServer([
      { rows: [row('x1', '3'), row('x2', '4')], held: true },
      { rows: [row('mine', '6')], held: false },
    ]);
    const pull = createPullHandler({ supabase, table: 'profiles', knownFields: new Set(['id']), reporter, isVisible: (r) => r.id === 'mine', wait: async (ms) => void waits.push(ms) });
    const page = await pull(undefined, 2);
    expect(page.documents.map((d) => d.id)).toEqual(['mine']);
    expect(page.checkpoint).toEqual({ txid: '6', id: 'mine' });
    expect(calls).toHaveLength(2);
    expect(waits).toEqual([]);
  });
});
