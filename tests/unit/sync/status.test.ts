import { describe, expect, it } from 'vitest';
import { deriveStatus, retryDelay, type StatusFacts } from '../../../sync/engine/derive-status';
import { classifyResult, localFailure, withAuthRetry } from '../../../sync/replication/request';
import { syncBadgeLabel, syncBadgeShortLabel, syncModeSuffix } from '../../../src/components/SyncIndicator';

const idle: StatusFacts = { online: true, running: true, failure: null, active: false, pending: 0 };

describe('status transitions', () => {
  it.each<[string, Partial<StatusFacts>, string]>([
    ['idle and nothing waiting', {}, 'synced'],
    ['a cycle runs', { active: true }, 'syncing'],
    ['local changes wait', { pending: 3 }, 'syncing'],
    ['browser offline', { online: false, pending: 2 }, 'offline'],
    ['engine stopped', { running: false }, 'offline'],
    ['network failure', { failure: 'network', active: true }, 'offline'],
    ['server failure', { failure: 'server', active: true }, 'error'],
    ['auth failure', { failure: 'auth' }, 'error'],
  ])('%s → %s', (_label, facts, expected) => {
    expect(deriveStatus({ ...idle, ...facts })).toBe(expected);
  });

  it('badge labels say what waits, and at rest how changes arrive', () => {
    expect(syncBadgeLabel({ status: 'offline', pending: 0, connection: 'offline' })).toBe('Offline');
    expect(syncBadgeLabel({ status: 'offline', pending: 1, connection: 'offline' })).toBe('1 change waiting');
    expect(syncBadgeLabel({ status: 'error', pending: 4, connection: 'live' })).toBe('4 changes waiting');
    expect(syncBadgeLabel({ status: 'syncing', pending: 4, connection: 'polling' })).toBe('Syncing…');
    expect(syncBadgeLabel({ status: 'synced', pending: 0, connection: 'live' })).toBe('Live');
    expect(syncBadgeLabel({ status: 'synced', pending: 0, connection: 'polling' })).toBe('Polling');
  });

  it('on a phone the waiting count is short; every other label is short already', () => {
    expect(syncBadgeShortLabel({ status: 'offline', pending: 1, connection: 'offline' })).toBe('1 waiting');
    expect(syncBadgeShortLabel({ status: 'error', pending: 12, connection: 'live' })).toBe('12 waiting');
    expect(syncBadgeShortLabel({ status: 'syncing', pending: 4, connection: 'polling' })).toBe('Syncing…');
    expect(syncBadgeShortLabel({ status: 'synced', pending: 0, connection: 'live' })).toBe('Live');
  });

  it('screen readers hear the mode when the label does not name it', () => {
    expect(syncModeSuffix({ status: 'synced', pending: 0, connection: 'live' })).toBe('');
    expect(syncModeSuffix({ status: 'syncing', pending: 0, connection: 'live' })).toBe(', live');
    expect(syncModeSuffix({ status: 'offline', pending: 2, connection: 'offline' })).toBe(', offline');
    expect(syncModeSuffix({ status: 'offline', pending: 0, connection: 'offline' })).toBe('');
  });

  it('backs off exponentially with a cap', () => {
    expect([0, 1, 2, 3, 10].map((n) => retryDelay(n, 5000, 60000))).toEqual([5000, 5000, 10000, 20000, 60000]);
  });
});

describe('request classification', () => {
  it.each<[number, string | undefined, string | null]>([
    [200, undefined, null],
    [0, 'FetchError', 'network'],
    [401, 'PGRST301', 'auth'],
    [503, '', 'server'],
    [429, '', 'server'],
    [400, '22023', 'client'],
    [403, '42501', 'client'],
  ])('%i → %s', (status, code, expected) => {
    const error = code === undefined ? null : { message: 'x', code };
    expect(classifyResult({ status, error })).toBe(expected);
  });

  it('a failure that is no answer of the server is a client failure under its own code', () => {
    const fields = (error: unknown) => {
      const failure = localFailure(error);
      return [failure.kind, failure.status, failure.code, failure.message];
    };
    expect(fields(Object.assign(new Error('schema'), { code: 'DXE1' }))).toEqual(['client', 0, 'DXE1', 'schema']);
    expect(fields(Object.assign(new Error('odd'), { code: 7 }))).toEqual(['client', 0, 'unknown', 'odd']);
    expect(fields('thrown text')).toEqual(['client', 0, 'unknown', 'thrown text']);
    expect(fields(null)).toEqual(['client', 0, 'unknown', 'null']);
  });

  it('refreshes the session once on 401 and retries once', async () => {
    let refreshes = 0;
    let calls = 0;
    const supabase = { auth: { refreshSession: async () => ((refreshes += 1), { error: null }) } };
    const result = await withAuthRetry(supabase as never, async () => {
      calls += 1;
      return calls === 1 ? { status: 401, error: { message: 'JWT expired' } } : { status: 200, error: null };
    });
    expect(result.status).toBe(200);
    expect([calls, refreshes]).toEqual([2, 1]);
    calls = 0;
    const stillDenied = await withAuthRetry(
      supabase as never,
      async () => ((calls += 1), { status: 401, error: { message: 'no' } }),
    );
    expect(stillDenied.status).toBe(401);
    expect(calls).toBe(2);
  });
});
