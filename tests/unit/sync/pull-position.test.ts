/**
 * The pull checkpoint (checkpoint.ts) and the pull handler's use of it, without a server: which
 * checkpoints are sent as they are (the server's snapshot checkpoints, and the `{txid, id}`
 * positions devices stored under the horizon protocol, which the server continues from) and
 * which mean "pull again from the start" (the `(_modified, id)` pairs of before, anything
 * malformed); the RPC arguments; the handler keeping the server's checkpoint with every key, and
 * topping up pages thinned by the ownership check.
 */
import { describe, expect, it } from 'vitest';
import { checkpointOf, currentCheckpoint, pullArguments } from '../../../sync/replication/checkpoint';
import { createPullHandler } from '../../../sync/replication/pull-handler';

const round = (snapshot: string | null, upto: string, txid: string, id: string) => ({ snapshot, upto, txid, id });
const done = (snapshot: string) => ({ snapshot, upto: null, txid: null, id: null });

describe('pull checkpoint', () => {
  it('sends snapshot checkpoints and horizon positions as they are; anything else means a full pull, once', () => {
    expect(currentCheckpoint(done('740:745:741,743'))).toEqual(done('740:745:741,743'));
    expect(currentCheckpoint(round(null, '740:745:', '700', 'a|fan'))).toEqual(round(null, '740:745:', '700', 'a|fan'));
    expect(currentCheckpoint(round('1:1:', '740:745:741', '9007199254740993', 'u'))).toEqual(round('1:1:', '740:745:741', '9007199254740993', 'u'));
    // a horizon-protocol position stored before (the server continues from it)
    expect(currentCheckpoint({ txid: '7421', id: 'a|fan' })).toEqual({ txid: '7421', id: 'a|fan' });
    // RxDB stacks checkpoints with Object.assign: a later snapshot checkpoint wins every key
    expect(currentCheckpoint({ ...{ txid: '7421', id: 'a|fan' }, ...done('7500:7500:') })).toEqual(done('7500:7500:'));
    expect(currentCheckpoint({ modified: '2026-11-20T21:54:00.123456+00:00', id: 'a|fan' })).toBeUndefined();
    expect(currentCheckpoint({ txid: 7421, id: 'a' })).toBeUndefined();
    expect(currentCheckpoint({ txid: '1e3', id: 'a' })).toBeUndefined();
    expect(currentCheckpoint({ txid: "1'; drop", id: 'a' })).toBeUndefined();
    expect(currentCheckpoint({ snapshot: "1:2:'", upto: null })).toBeUndefined();
    expect(currentCheckpoint(round('1:1:', '2:3:', 'x', 'a'))).toBeUndefined();
    expect(currentCheckpoint(undefined)).toBeUndefined();
    expect(checkpointOf({ txid: '5', id: 'a' })).toBeUndefined(); // the server answers snapshots only
  });

  it('the RPC arguments: the checkpoint as a JSON object, or null from the start', () => {
    expect(pullArguments('followed_content', undefined, 500)).toEqual({ p_collection: 'followed_content', p_checkpoint: null, p_limit: 500 });
    expect(pullArguments('profiles', { txid: '9007199254740993', id: 'u' }, 100)).toEqual({ p_collection: 'profiles', p_checkpoint: { txid: '9007199254740993', id: 'u' }, p_limit: 100 });
    expect(pullArguments('profiles', done('5:9:7'), 100).p_checkpoint).toEqual(done('5:9:7'));
  });
});

type Answer = { rows: Record<string, unknown>[]; checkpoint: unknown };

function fakeServer(answers: Answer[]) {
  const calls: Record<string, unknown>[] = [];
  const supabase = {
    rpc: (fn: string, args: Record<string, unknown>) => ({
      retry: () => {
        calls.push({ fn, ...args });
        const data = answers.shift() ?? { rows: [], checkpoint: done('99:99:') };
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
  it("returns the rows and the server's checkpoint; an old (_modified, id) checkpoint pulls from the start", async () => {
    const { supabase, calls } = fakeServer([{ rows: [row('a', '10'), row('b', '12')], checkpoint: done('13:15:14') }]);
    const pull = createPullHandler({ supabase, table: 'profiles', knownFields: new Set(['id', 'display_name', '_deleted']), reporter });
    const page = await pull({ modified: 'old', id: 'z' } as never, 100);
    expect(page.documents.map((d) => d.id)).toEqual(['a', 'b']);
    expect(page.checkpoint).toEqual(done('13:15:14'));
    expect(calls.map((c) => c.p_checkpoint)).toEqual([null]);
  });

  it('sends a horizon-protocol checkpoint as it is and asks once, even while a transaction is open', async () => {
    const { supabase, calls } = fakeServer([{ rows: [], checkpoint: done('5:20:5') }]);
    const pull = createPullHandler({ supabase, table: 'profiles', knownFields: new Set(['id']), reporter });
    const page = await pull({ txid: '5', id: 'q' } as never, 100);
    expect(page.documents).toEqual([]);
    expect(calls.map((c) => c.p_checkpoint)).toEqual([{ txid: '5', id: 'q' }]);
  });

  it('tops up a full page thinned by the ownership check, from the checkpoint of the page before', async () => {
    const { supabase, calls } = fakeServer([
      { rows: [row('x1', '3'), row('x2', '4')], checkpoint: round(null, '9:9:', '4', 'x2') },
      { rows: [row('mine', '6')], checkpoint: done('9:9:') },
    ]);
    const pull = createPullHandler({ supabase, table: 'profiles', knownFields: new Set(['id']), reporter, isVisible: (r) => r.id === 'mine' });
    const page = await pull(undefined, 2);
    expect(page.documents.map((d) => d.id)).toEqual(['mine']);
    expect(page.checkpoint).toEqual(done('9:9:'));
    expect(calls.map((c) => c.p_checkpoint)).toEqual([null, round(null, '9:9:', '4', 'x2')]);
  });

  it('an answer without a checkpoint is a failure, never a position', async () => {
    const failures: unknown[] = [];
    const { supabase } = fakeServer([{ rows: [row('a', '1')], checkpoint: undefined }]);
    const pull = createPullHandler({ supabase, table: 'profiles', knownFields: new Set(['id']), reporter: { ...reporter, failure: (e) => void failures.push(e) } });
    await expect(pull(undefined, 10)).rejects.toThrow(/no checkpoint/);
    expect(failures).toHaveLength(1);
  });
});
