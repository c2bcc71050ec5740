import { createClient } from '@supabase/supabase-js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveConnection, type ConnectionFacts } from '../../../sync/engine/derive-status';
import {
  INITIAL_LIVE_STATE,
  REALTIME_HEARTBEAT_MS,
  REALTIME_TIMEOUT_MS,
  collectionsToPull,
  pollDue,
  reconnectDelay,
  stepLive,
  type LiveEvent,
  type LiveState,
} from '../../../sync/live/live-policy';

/** Runs events through the policy, collecting every effect. */
function run(events: LiveEvent[], from: LiveState = INITIAL_LIVE_STATE) {
  let state = from;
  const effects = [];
  for (const event of events) {
    const step = stepLive(state, event);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}

describe('reconnect backoff (spec §9: 1, 2, 5, 10 s)', () => {
  it('waits 1, 2, 5, then 10 s for ever', () => {
    expect([1, 2, 3, 4, 5, 50].map(reconnectDelay)).toEqual([1_000, 2_000, 5_000, 10_000, 10_000, 10_000]);
  });

  it('supabase-js defaults match the spec timeout and heartbeat (the app passes no realtime options)', () => {
    const client = createClient('http://127.0.0.1:1', 'anon-key', { realtime: { transport: class {} as never } });
    expect(client.realtime.timeout).toBe(REALTIME_TIMEOUT_MS);
    expect(client.realtime.heartbeatIntervalMs).toBe(REALTIME_HEARTBEAT_MS);
  });

  it('each failure of the current channel leaves it and schedules the next step of the backoff', () => {
    const delays: number[] = [];
    let state = stepLive(INITIAL_LIVE_STATE, { type: 'start' }).state;
    for (let i = 0; i < 5; i += 1) {
      const failed = stepLive(state, { type: 'failed', generation: state.generation, reason: 'closed' });
      expect(failed.effects[0]).toEqual({ type: 'leave', generation: state.generation });
      const schedule = failed.effects.find((e) => e.type === 'schedule');
      delays.push(schedule?.type === 'schedule' ? schedule.delayMs : -1);
      state = stepLive(failed.state, { type: 'retry', generation: failed.state.generation, online: true }).state;
      expect(state.phase).toBe('joining');
    }
    expect(delays).toEqual([1_000, 2_000, 5_000, 10_000, 10_000]);
  });

  it('a successful join resets the backoff', () => {
    const { state } = run([
      { type: 'start' },
      { type: 'failed', generation: 1, reason: 'timeout' },
      { type: 'retry', generation: 1, online: true },
      { type: 'failed', generation: 2, reason: 'error' },
      { type: 'retry', generation: 2, online: true },
      { type: 'subscribed', generation: 3 },
    ]);
    expect(state).toEqual({ phase: 'live', generation: 3, failures: 0 });
    const next = stepLive(state, { type: 'failed', generation: 3, reason: 'closed' });
    expect(next.effects).toContainEqual({ type: 'schedule', generation: 3, delayMs: 1_000 });
  });
});

describe('catch-up decisions', () => {
  it('every join and every ready feed pulls all collections; a change pulls only its table', () => {
    const { effects } = run([
      { type: 'start' },
      { type: 'subscribed', generation: 1 },
      { type: 'ready', generation: 1 },
      { type: 'change', generation: 1, table: 'reward_claims' },
      { type: 'failed', generation: 1, reason: 'closed' },
      { type: 'retry', generation: 1, online: true },
      { type: 'subscribed', generation: 2 },
    ]);
    expect(effects.filter((e) => e.type === 'pull')).toEqual([
      { type: 'pull', tables: 'all' },
      { type: 'pull', tables: 'all' },
      { type: 'pull', tables: ['reward_claims'] },
      { type: 'pull', tables: 'all' },
    ]);
  });

  it('events of a channel already left are ignored (no double reconnect, no stray pull)', () => {
    const base = run([
      { type: 'start' },
      { type: 'subscribed', generation: 1 },
      { type: 'failed', generation: 1, reason: 'error' },
    ]);
    // Our own leave makes realtime-js report CLOSED for the old channel.
    const late = run(
      [
        { type: 'failed', generation: 1, reason: 'closed' },
        { type: 'change', generation: 1, table: 'profiles' },
        { type: 'retry', generation: 1, online: true },
        { type: 'failed', generation: 1, reason: 'closed' },
        { type: 'subscribed', generation: 1 },
      ],
      base.state,
    );
    expect(late.effects).toEqual([{ type: 'join', generation: 2 }]);
    expect(late.state).toEqual({ phase: 'joining', generation: 2, failures: 1 });
  });

  it('offline: the backoff timer does not join; the online wake does, at once', () => {
    const down = run([{ type: 'start' }, { type: 'failed', generation: 1, reason: 'error' }]).state;
    expect(stepLive(down, { type: 'retry', generation: 1, online: false })).toEqual({ state: down, effects: [] });
    expect(stepLive(down, { type: 'wake', online: false })).toEqual({ state: down, effects: [] });
    expect(stepLive(down, { type: 'wake', online: true }).effects).toEqual([
      { type: 'cancel-timer' },
      { type: 'join', generation: 2 },
    ]);
  });

  it('a wake while live or joining changes nothing', () => {
    const joining = run([{ type: 'start' }]).state;
    const liveState = run([{ type: 'subscribed', generation: 1 }], joining).state;
    expect(stepLive(joining, { type: 'wake', online: true }).effects).toEqual([]);
    expect(stepLive(liveState, { type: 'wake', online: true }).effects).toEqual([]);
  });

  it('stop leaves the open channel and cancels the timer; later events do nothing', () => {
    const liveState = run([{ type: 'start' }, { type: 'subscribed', generation: 1 }]).state;
    const stopped = stepLive(liveState, { type: 'stop' });
    expect(stopped.effects).toEqual([{ type: 'cancel-timer' }, { type: 'leave', generation: 1 }]);
    const after = run(
      [
        { type: 'failed', generation: 1, reason: 'closed' },
        { type: 'retry', generation: 1, online: true },
        { type: 'wake', online: true },
        { type: 'change', generation: 1, table: 'profiles' },
      ],
      stopped.state,
    );
    expect(after.effects).toEqual([]);
    expect(after.state.phase).toBe('stopped');
  });

  it('property: at most one channel is ever open or joining, and pulls happen only while live', () => {
    const generation = fc.integer({ min: 0, max: 6 });
    const event: fc.Arbitrary<LiveEvent> = fc.oneof(
      fc.constant<LiveEvent>({ type: 'start' }),
      fc.constant<LiveEvent>({ type: 'stop' }),
      generation.map((g): LiveEvent => ({ type: 'subscribed', generation: g })),
      generation.map((g): LiveEvent => ({ type: 'ready', generation: g })),
      generation.map((g): LiveEvent => ({ type: 'change', generation: g, table: 'profiles' })),
      fc
        .tuple(
          generation,
          fc.constantFrom('error', 'timeout', 'closed') as fc.Arbitrary<'error' | 'timeout' | 'closed'>,
        )
        .map(([g, reason]): LiveEvent => ({ type: 'failed', generation: g, reason })),
      fc.tuple(generation, fc.boolean()).map(([g, online]): LiveEvent => ({ type: 'retry', generation: g, online })),
      fc.boolean().map((online): LiveEvent => ({ type: 'wake', online })),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let state = INITIAL_LIVE_STATE;
        const open = new Set<number>();
        for (const e of events) {
          const step = stepLive(state, e);
          for (const effect of step.effects) {
            if (effect.type === 'join') open.add(effect.generation);
            if (effect.type === 'leave') open.delete(effect.generation);
            if (effect.type === 'pull') expect(step.state.phase).toBe('live');
            if (effect.type === 'schedule') expect(effect.delayMs).toBe(reconnectDelay(step.state.failures));
          }
          state = step.state;
          expect(open.size).toBeLessThanOrEqual(1);
          expect(open.size === 1).toBe(state.phase === 'joining' || state.phase === 'live');
          if (open.size === 1) expect([...open][0]).toBe(state.generation);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('safety-net poll and pull routing', () => {
  it('polls every interval while not live, every tenth while live', () => {
    expect(pollDue({ live: false, msSinceFullPull: 0, intervalMs: 30_000 })).toBe(true);
    expect(pollDue({ live: true, msSinceFullPull: 30_000, intervalMs: 30_000 })).toBe(false);
    expect(pollDue({ live: true, msSinceFullPull: 270_000, intervalMs: 30_000 })).toBe(false);
    // A tick a little early (timer jitter) still counts as the tenth interval.
    expect(pollDue({ live: true, msSinceFullPull: 299_000, intervalMs: 30_000 })).toBe(true);
  });

  it('pulls only collections this engine pulls', () => {
    const pulled = ['profiles', 'media_ids', 'reward_claims'];
    expect(collectionsToPull('all', pulled)).toEqual(pulled);
    expect(collectionsToPull(['reward_claims'], pulled)).toEqual(['reward_claims']);
    expect(collectionsToPull(['media_engagement_log', 'secrets'], pulled)).toEqual([]);
  });
});

describe('connection mode', () => {
  const up: ConnectionFacts = { online: true, running: true, failure: null, live: true };
  it.each<[string, Partial<ConnectionFacts>, string]>([
    ['channel joined', {}, 'live'],
    ['channel down', { live: false }, 'polling'],
    ['server error while live', { failure: 'server' }, 'live'],
    ['browser offline', { online: false }, 'offline'],
    ['engine stopped', { running: false }, 'offline'],
    ['backend unreachable', { failure: 'network' }, 'offline'],
  ])('%s → %s', (_label, facts, expected) => {
    expect(deriveConnection({ ...up, ...facts })).toBe(expected);
  });
});
