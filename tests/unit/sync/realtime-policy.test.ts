import { createClient } from '@supabase/supabase-js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveConnection, type ConnectionFacts } from '../../../sync/engine/derive-status';
import {
  REALTIME_HEARTBEAT_MS,
  REALTIME_TIMEOUT_MS,
  collectionsToPull,
  initialLiveState,
  pollDue,
  QUOTA_BACKOFF_MS,
  quotaDelay,
  reconnectDelay,
  stepLive,
  type LiveEffect,
  type LiveEvent,
  type LiveState,
} from '../../../sync/live/live-policy';
import type { LiveTopicKind } from '../../../sync/collections';
import { quotaRefusal } from '../../../sync/live/supabase-channel';
import {
  LIVE_SHARDS,
  MAX_ARTIST_TOPICS,
  artistTopic,
  everyoneTopic,
  liveShard,
  followedArtists,
  namedCollections,
  sameTopics,
  userTopic,
  wantedTopics,
  type WantedTopics,
} from '../../../sync/live/live-topics';

const MY_ID = '00000000-0000-4000-8000-000000000001';
const ME = userTopic(MY_ID);
const INITIAL_LIVE_STATE = initialLiveState(ME);
const A1 = artistTopic('00000000-0000-4000-8000-00000000000a', MY_ID);
const A2 = artistTopic('00000000-0000-4000-8000-00000000000b', MY_ID);
const FOLLOWING: WantedTopics = { [A1]: ['followed_content'], [A2]: ['followed_content'] };

/** Runs events through the policy, collecting every effect. */
function run(events: LiveEvent[], from: LiveState = INITIAL_LIVE_STATE) {
  let state = from;
  const effects: LiveEffect[] = [];
  for (const event of events) {
    const step = stepLive(state, event);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}

/** The generation of a held (non-anchor) topic's channel. */
const genOf = (state: LiveState, topic: string) => state.topics[topic]!.generation;

describe('reconnect backoff (1, 2, 5, 10 s)', () => {
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
    expect(state).toMatchObject({ phase: 'live', generation: 3, failures: 0 });
    const next = stepLive(state, { type: 'failed', generation: 3, reason: 'closed' });
    expect(next.effects).toContainEqual({ type: 'schedule', topic: ME, generation: 3, delayMs: 1_000 });
  });
});

describe('catch-up decisions', () => {
  it('every join of the own topic pulls all collections; a message pulls only what it names', () => {
    const { effects } = run([
      { type: 'start' },
      { type: 'subscribed', generation: 1 },
      { type: 'changed', generation: 1, collections: ['reward_claims'] },
      { type: 'changed', generation: 1, collections: [] },
      { type: 'failed', generation: 1, reason: 'closed' },
      { type: 'retry', generation: 1, online: true },
      { type: 'subscribed', generation: 2 },
    ]);
    expect(effects.filter((e) => e.type === 'pull')).toEqual([
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
        { type: 'changed', generation: 1, collections: ['profiles'] },
        { type: 'retry', generation: 1, online: true },
        { type: 'failed', generation: 1, reason: 'closed' },
        { type: 'subscribed', generation: 1 },
      ],
      base.state,
    );
    expect(late.effects).toEqual([{ type: 'join', topic: ME, generation: 2 }]);
    expect(late.state).toMatchObject({ phase: 'joining', generation: 2, failures: 1 });
  });

  it('offline: the backoff timer does not join; the online wake does, at once', () => {
    const down = run([{ type: 'start' }, { type: 'failed', generation: 1, reason: 'error' }]).state;
    expect(stepLive(down, { type: 'retry', generation: 1, online: false })).toEqual({ state: down, effects: [] });
    expect(stepLive(down, { type: 'wake', online: false })).toEqual({ state: down, effects: [] });
    expect(stepLive(down, { type: 'wake', online: true }).effects).toEqual([
      { type: 'cancel-timer', topic: ME },
      { type: 'join', topic: ME, generation: 2 },
    ]);
  });

  it('a quota refusal waits 30 s, doubling to 2 min, stretched by the jitter; no wake shortens it', () => {
    expect([1, 2, 3, 9].map((n) => quotaDelay(n, 0))).toEqual([30_000, 60_000, 120_000, 120_000]);
    expect(quotaDelay(1, 0.5)).toBe(45_000);
    expect(quotaDelay(1, 7)).toBe(2 * QUOTA_BACKOFF_MS); // jitter is clamped to [0, 1]
    const live = run([{ type: 'start' }, { type: 'subscribed', generation: 1 }, { type: 'topics', wanted: FOLLOWING }]);
    const a1 = genOf(live.state, A1);
    // a followed topic shut down for the quota: its own wait, not cut short by a wake
    const topicDown = stepLive(live.state, { type: 'failed', generation: a1, reason: 'quota', jitter: 0.25 });
    expect(topicDown.effects).toContainEqual({ type: 'schedule', topic: A1, generation: a1, delayMs: 37_500 });
    expect(stepLive(topicDown.state, { type: 'wake', online: true }).effects).toEqual([]);
    // the anchor shut down: every channel is left, the device polls, a wake does not rejoin early
    const anchorDown = stepLive(topicDown.state, { type: 'failed', generation: 1, reason: 'quota', jitter: 0 });
    expect(anchorDown.state.phase).toBe('backoff');
    expect(anchorDown.effects).toContainEqual({
      type: 'schedule',
      topic: ME,
      generation: 1,
      delayMs: QUOTA_BACKOFF_MS,
    });
    expect(stepLive(anchorDown.state, { type: 'wake', online: true }).effects).toEqual([]);
    expect(pollDue({ live: anchorDown.state.phase === 'live', msSinceFullPull: 0, intervalMs: 30_000 })).toBe(true);
    // the timer rejoins, and a successful join pulls everything the device missed
    const rejoined = run([{ type: 'retry', generation: 1, online: true }], anchorDown.state);
    expect(rejoined.effects).toEqual([{ type: 'join', topic: ME, generation: rejoined.state.generation }]);
    const back = run([{ type: 'subscribed', generation: rejoined.state.generation }], rejoined.state);
    expect(back.state).toMatchObject({ phase: 'live', quota: false, failures: 0 });
    expect(back.effects[0]).toEqual({ type: 'pull', tables: 'all' });
    // the base wait is the engine's option
    const short = stepLive(stepLive(initialLiveState(ME, 500), { type: 'start' }).state, {
      type: 'failed',
      generation: 1,
      reason: 'quota',
      jitter: 0,
    });
    expect(short.effects).toContainEqual({ type: 'schedule', topic: ME, generation: 1, delayMs: 500 });
  });

  it("recognises Realtime's quota messages (the system shutdown and the join refusals)", () => {
    expect(quotaRefusal('Too many messages per second')).toBe(true);
    expect(quotaRefusal('ClientJoinRateLimitReached: Too many joins per second')).toBe(true);
    expect(quotaRefusal('ConnectionRateLimitReached: Too many connected users')).toBe(true);
    expect(quotaRefusal('Unauthorized: You do not have permissions to read from this Channel topic: x')).toBe(false);
    expect(quotaRefusal(undefined)).toBe(false);
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
    expect(stopped.effects).toEqual([{ type: 'leave', generation: 1 }]);
    const waiting = run([{ type: 'start' }, { type: 'failed', generation: 1, reason: 'error' }]).state;
    expect(stepLive(waiting, { type: 'stop' }).effects).toEqual([{ type: 'cancel-timer', topic: ME }]);
    const after = run(
      [
        { type: 'failed', generation: 1, reason: 'closed' },
        { type: 'retry', generation: 1, online: true },
        { type: 'wake', online: true },
        { type: 'changed', generation: 1, collections: ['profiles'] },
        { type: 'topics', wanted: FOLLOWING },
      ],
      stopped.state,
    );
    expect(after.effects).toEqual([]);
    expect(after.state.phase).toBe('stopped');
  });
});

describe('followed artists and shared topics', () => {
  it('joins the wanted topics only once the own topic is joined, and catches each up on its own collections', () => {
    const joining = run([{ type: 'start' }, { type: 'topics', wanted: FOLLOWING }]);
    expect(joining.effects).toEqual([{ type: 'join', topic: ME, generation: 1 }]);
    const live = run([{ type: 'subscribed', generation: 1 }], joining.state);
    expect(live.effects).toEqual([
      { type: 'pull', tables: 'all' },
      { type: 'join', topic: A1, generation: 2 },
      { type: 'join', topic: A2, generation: 3 },
    ]);
    const joined = run(
      [
        { type: 'subscribed', generation: 2 },
        { type: 'changed', generation: 2, collections: ['followed_content'] },
      ],
      live.state,
    );
    expect(joined.effects).toEqual([
      { type: 'pull', tables: ['followed_content'] },
      { type: 'pull', tables: ['followed_content'] },
    ]);
    // A message on a topic still joining pulls nothing (its join's catch-up will).
    expect(
      stepLive(joined.state, { type: 'changed', generation: 3, collections: ['followed_content'] }).effects,
    ).toEqual([]);
  });

  it('a refused artist join backs off on its own; the own channel stays live', () => {
    const live = run([
      { type: 'start' },
      { type: 'topics', wanted: { [A1]: ['followed_content'] } },
      { type: 'subscribed', generation: 1 },
    ]);
    const refused = run([{ type: 'failed', generation: 2, reason: 'error' }], live.state);
    expect(refused.effects).toEqual([
      { type: 'leave', generation: 2 },
      { type: 'schedule', topic: A1, generation: 2, delayMs: 1_000 },
    ]);
    expect(refused.state.phase).toBe('live');
    const again = run(
      [
        { type: 'retry', generation: 2, online: true },
        { type: 'failed', generation: 3, reason: 'error' },
      ],
      refused.state,
    );
    expect(again.effects).toContainEqual({ type: 'schedule', topic: A1, generation: 3, delayMs: 2_000 });
    // A wake rejoins it at once; a join resets its backoff.
    const woken = run([{ type: 'wake', online: true }], again.state);
    expect(woken.effects).toEqual([
      { type: 'cancel-timer', topic: A1 },
      { type: 'join', topic: A1, generation: 4 },
    ]);
    const ok = run([{ type: 'subscribed', generation: 4 }], woken.state);
    expect(ok.state.topics[A1]).toEqual({ phase: 'live', generation: 4, failures: 0 });
  });

  it('follow and unfollow join and leave one topic without touching the others', () => {
    const live = run([{ type: 'start' }, { type: 'subscribed', generation: 1 }, { type: 'topics', wanted: FOLLOWING }]);
    const a1 = genOf(live.state, A1);
    const a2 = genOf(live.state, A2);
    const waiting = run(
      [
        { type: 'subscribed', generation: a1 },
        { type: 'failed', generation: a2, reason: 'error' },
      ],
      live.state,
    );
    const unfollowed = stepLive(waiting.state, { type: 'topics', wanted: {} });
    expect(unfollowed.effects).toEqual([
      { type: 'leave', generation: a1 },
      { type: 'cancel-timer', topic: A2 },
    ]);
    expect(unfollowed.state.topics).toEqual({});
    expect(unfollowed.state.phase).toBe('live');
    // The same wanted set again changes nothing.
    expect(stepLive(live.state, { type: 'topics', wanted: FOLLOWING }).effects).toEqual([]);
  });

  it('the own channel failing leaves every topic; its rejoin joins them again', () => {
    const held = run([{ type: 'start' }, { type: 'topics', wanted: FOLLOWING }, { type: 'subscribed', generation: 1 }]);
    const a2 = genOf(held.state, A2);
    const waiting = run([{ type: 'failed', generation: a2, reason: 'error' }], held.state);
    const down = stepLive(waiting.state, { type: 'failed', generation: 1, reason: 'closed' });
    expect(down.effects).toEqual([
      { type: 'leave', generation: 1 },
      { type: 'leave', generation: genOf(held.state, A1) },
      { type: 'cancel-timer', topic: A2 },
      { type: 'schedule', topic: ME, generation: 1, delayMs: 1_000 },
    ]);
    expect(down.state.topics).toEqual({});
    const back = run([{ type: 'retry', generation: 1, online: true }], down.state);
    const rejoined = run([{ type: 'subscribed', generation: back.state.generation }], back.state);
    expect(rejoined.effects.filter((e) => e.type === 'join').map((e) => (e.type === 'join' ? e.topic : ''))).toEqual([
      A1,
      A2,
    ]);
    // Late events of the topics' old channels are ignored.
    expect(stepLive(rejoined.state, { type: 'failed', generation: a2, reason: 'closed' }).effects).toEqual([]);
  });

  it('property: one channel per topic; other topics only while the own one is live; pulls only while live', () => {
    const generation = fc.integer({ min: 0, max: 12 });
    const wanted = fc
      .subarray([A1, A2])
      .map((topics): WantedTopics => Object.fromEntries(topics.map((t) => [t, ['followed_content']])));
    const event: fc.Arbitrary<LiveEvent> = fc.oneof(
      fc.constant<LiveEvent>({ type: 'start' }),
      fc.constant<LiveEvent>({ type: 'stop' }),
      generation.map((g): LiveEvent => ({ type: 'subscribed', generation: g })),
      generation.map((g): LiveEvent => ({ type: 'changed', generation: g, collections: ['profiles'] })),
      fc
        .tuple(
          generation,
          fc.constantFrom('error', 'timeout', 'closed') as fc.Arbitrary<'error' | 'timeout' | 'closed'>,
        )
        .map(([g, reason]): LiveEvent => ({ type: 'failed', generation: g, reason })),
      fc.tuple(generation, fc.boolean()).map(([g, online]): LiveEvent => ({ type: 'retry', generation: g, online })),
      fc.boolean().map((online): LiveEvent => ({ type: 'wake', online })),
      wanted.map((w): LiveEvent => ({ type: 'topics', wanted: w })),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        let state = INITIAL_LIVE_STATE;
        const open = new Map<number, string>();
        const timers = new Set<string>();
        for (const e of events) {
          const step = stepLive(state, e);
          for (const effect of step.effects) {
            if (effect.type === 'join') {
              expect([...open.values()]).not.toContain(effect.topic);
              open.set(effect.generation, effect.topic);
            }
            if (effect.type === 'leave') open.delete(effect.generation);
            if (effect.type === 'pull') expect(step.state.phase).toBe('live');
            if (effect.type === 'schedule') timers.add(effect.topic);
            if (effect.type === 'cancel-timer') timers.delete(effect.topic);
          }
          if (e.type === 'retry') {
            // The timer that fired is gone (the runner deletes it before dispatching).
            for (const [topic, channel] of [[ME, state] as const, ...Object.entries(state.topics)])
              if (channel.generation === e.generation) timers.delete(topic);
          }
          state = step.state;
          const held = Object.entries(state.topics);
          if (state.phase !== 'live') expect(held).toEqual([]);
          const expectedOpen = new Map<number, string>();
          if (state.phase === 'joining' || state.phase === 'live') expectedOpen.set(state.generation, ME);
          for (const [topic, channel] of held) {
            if (channel.phase !== 'backoff') expectedOpen.set(channel.generation, topic);
            expect(topic in state.wanted).toBe(true);
          }
          expect(open).toEqual(expectedOpen);
          // Only channels waiting in backoff hold a timer (an offline retry leaves it to the wake).
          const waiting = held.filter(([, c]) => c.phase === 'backoff').map(([t]) => t);
          if (state.phase === 'backoff') waiting.push(ME);
          for (const topic of timers) expect(waiting).toContain(topic);
        }
      }),
      { numRuns: 500 },
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

describe('live topics', () => {
  const artist = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const kinds = (name: string): readonly LiveTopicKind[] =>
    name === 'followed_content' ? ['followed-artists'] : name === 'locker_items' ? ['everyone'] : [];

  it('holds live follows of real artists only, newest first, at most MAX_ARTIST_TOPICS', () => {
    const follows = [
      { artist_id: 'bti', created_at: '2026-01-03T00:00:00Z' }, // a sample follow: no account
      { artist_id: artist(1), created_at: '2026-01-01T00:00:00Z' },
      { artist_id: artist(2), created_at: '2026-01-02T00:00:00Z' },
      { artist_id: 'ABCDEF00-0000-4000-8000-000000000009', created_at: '2026-01-04T00:00:00Z' }, // never a server topic
    ];
    expect(followedArtists(follows)).toEqual([artist(2), artist(1)]);
    const many = Array.from({ length: MAX_ARTIST_TOPICS + 10 }, (_, i) => ({
      artist_id: artist(i),
      created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    }));
    const held = followedArtists(many);
    expect(held).toHaveLength(MAX_ARTIST_TOPICS);
    expect(held[0]).toBe(artist(MAX_ARTIST_TOPICS + 9));
  });

  it('wants artist topics only when followed_content is pulled, everyone only when locker_items is', () => {
    const follows = [{ artist_id: artist(1) }];
    expect(wantedTopics(MY_ID, ['profiles', 'media_ids'], kinds, follows)).toEqual({});
    expect(wantedTopics(MY_ID, ['profiles', 'followed_content', 'locker_items'], kinds, follows)).toEqual({
      [`artist:${artist(1)}:1`]: ['followed_content'],
      'everyone:1': ['locker_items'],
    });
    expect(sameTopics({ a: ['x'] }, { a: ['x'] })).toBe(true);
    expect(sameTopics({ a: ['x'] }, { b: ['x'] })).toBe(false);
    expect(sameTopics({ a: ['x'] }, { a: ['x'], b: [] })).toBe(false);
  });

  it("shards crowd topics by the user's id: its last two hex digits modulo LIVE_SHARDS (as private.live_shard)", () => {
    expect(LIVE_SHARDS).toBe(128);
    expect(liveShard('00000000-0000-4000-8000-0000000000ff')).toBe(127);
    expect(liveShard('00000000-0000-4000-8000-000000000080')).toBe(0);
    expect(liveShard('00000000-0000-4000-8000-00000000003a')).toBe(58);
    expect(artistTopic(artist(7), '00000000-0000-4000-8000-00000000003a')).toBe(`artist:${artist(7)}:58`);
    expect(everyoneTopic('00000000-0000-4000-8000-00000000003a')).toBe('everyone:58');
    fc.assert(fc.property(fc.uuid(), (id) => liveShard(id) >= 0 && liveShard(id) < LIVE_SHARDS));
  });

  it('a message names collections as strings; anything else in it is ignored', () => {
    expect(namedCollections({ collections: ['subscriptions', 'followed_content'], id: 'x' })).toEqual([
      'subscriptions',
      'followed_content',
    ]);
    expect(namedCollections({ collections: ['a', 1, null, { b: 1 }] })).toEqual(['a']);
    for (const junk of [null, undefined, 'x', 1, {}, { collections: 'profiles' }])
      expect(namedCollections(junk)).toEqual([]);
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
