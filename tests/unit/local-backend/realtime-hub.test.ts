/**
 * The realtime hub's routing, without sockets or a database: authorization comes before
 * filters (a row is never compared with the filters of a subscriber the visibility check did
 * not clear, so its content cannot change the work done for them), and the value index hands a
 * change only to the subscriptions whose eq/in value it carries.
 */
import { describe, expect, it } from 'vitest';
import { Channel, type Subscription } from '../../../supabase/local/realtime/channel';
import type { Change, Row } from '../../../supabase/local/realtime/changes';
import type { Connection } from '../../../supabase/local/realtime/connection';
import { parseFilters } from '../../../supabase/local/realtime/filters';
import { Hub } from '../../../supabase/local/realtime/hub';
import { DEFAULT_LIMITS } from '../../../supabase/local/realtime/limits';
import { DEFAULT_QUOTA, PLAN_QUOTAS } from '../../../supabase/local/realtime/quota';
import type { PublishedTable, PublishedTables } from '../../../supabase/local/realtime/tables';
import type { JwtKeys } from '../../../supabase/local/auth/jwt';
import type { Database } from '../../../supabase/local/db/database';

const columns = [
  { name: 'id', type: 'uuid' },
  { name: 'owner', type: 'uuid' },
  { name: 'file_path', type: 'text' },
];
const table: PublishedTable = {
  oid: 1,
  schema: 'public',
  name: 'content_items',
  columns,
  types: new Map(columns.map((c) => [c.name, c.type])),
  columnNames: new Set(columns.map((c) => c.name)),
  primaryKey: ['id'],
  rls: true,
  replicaFull: false,
};

function fakeConn(frames: string[]): Connection {
  return { vsn: '2.0.0', send: (t: string) => (frames.push(t), true) } as unknown as Connection;
}

let nextId = 0;
function channel(sub: string, filters: string[]): Channel {
  const ch = new Channel(`realtime:${sub}-${nextId}`, '1', 'token', { role: 'authenticated', sub, exp: 9e9 } as never, { broadcastSelf: false, broadcastAck: false, private: false });
  ch.subscriptions = filters.map((f): Subscription => ({ id: ++nextId, action: '*', tables: new Map([[table.oid, parseFilters(f, table.types)]]) }));
  return ch;
}

/** A row image that records which columns were read. */
function watchedRow(row: Row): { row: Row; reads: string[] } {
  const reads: string[] = [];
  return { reads, row: new Proxy(row, { get: (t, k) => (typeof k === 'string' && reads.push(k), t[k as string]) }) };
}

const hub = () => new Hub({} as Database, {} as JwtKeys, {} as PublishedTables, DEFAULT_LIMITS, { ...DEFAULT_QUOTA, ...PLAN_QUOTAS.unlimited }, () => undefined);

describe('realtime hub routing', () => {
  it("names claim sets without reading the row, and never compares a row with a filter of a subscriber who may not see it", () => {
    const h = hub();
    const frames: string[] = [];
    const attacker = channel('attacker', ['file_path=eq.secret/guess.mp3', 'file_path=gt.s']);
    h.addChannel(fakeConn(frames), attacker);
    const { row, reads } = watchedRow({ id: 'a0000000-0000-4000-8000-000000000001', owner: 'b0000000-0000-4000-8000-000000000002', file_path: 'secret/guess.mp3' });
    const change: Change = { id: 1, op: 'UPDATE', table, newRow: row, oldRow: null, at: new Date() };

    const sets = h.claimSets(change);
    expect(sets.map((s) => s.claims.sub)).toEqual(['attacker']);
    expect(reads).toEqual([]);
    h.deliver(change, new Set()); // the visibility check refused the attacker
    expect(reads).toEqual([]);
    expect(frames).toEqual([]);

    h.deliver(change, new Set([attacker.claimKey])); // a subscriber who may see it: filters apply
    expect(reads).toContain('file_path');
    expect(frames).toHaveLength(1);
    expect(JSON.parse(frames[0]!)[4].ids).toEqual(attacker.subscriptions.map((s) => s.id));
  });

  it('compares a change only with the subscriptions indexed under its value, plus those without eq/in', () => {
    const h = hub();
    const frames: string[] = [];
    const owners = Array.from({ length: 1_000 }, (_, i) => `c0000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const chans = owners.map((o) => channel('fan', [`owner=eq.${o},file_path=neq.x`]));
    for (const ch of chans) h.addChannel(fakeConn(frames), ch);
    const target = owners[7]!.toUpperCase();
    const { row, reads } = watchedRow({ id: 'a0000000-0000-4000-8000-000000000001', owner: target, file_path: 'a.mp3' });
    h.deliver({ id: 2, op: 'INSERT', table, newRow: row, oldRow: null, at: new Date() }, new Set([chans[0]!.claimKey]));
    expect(frames).toHaveLength(1);
    expect(JSON.parse(frames[0]!)[2]).toBe(chans[7]!.topic);
    // one index lookup, one full comparison for the one candidate, one serialisation: not 1,000 comparisons
    expect(reads.length).toBeLessThan(10);

    for (const ch of chans) h.removeChannel(fakeConn(frames), ch);
    expect(h.hasSubscribers()).toBe(false);
  });

  it('moves a channel to its new claim set when its token changes', () => {
    const h = hub();
    const ch = channel('u1', ['']);
    h.addChannel(fakeConn([]), ch);
    const change: Change = { id: 3, op: 'DELETE', table, newRow: null, oldRow: { id: 'x' }, at: new Date() };
    expect(h.claimSets(change).map((s) => s.claims.sub)).toEqual(['u1']);
    ch.claims = { role: 'authenticated', sub: 'u1', exp: 9e9 + 1 } as never;
    h.claimsChanged(ch);
    expect(h.claimSets(change).map((s) => s.claims.exp)).toEqual([9e9 + 1]);
  });
});
