/**
 * The live channels' decisions as pure functions: when to (re)join, how long to wait, what to
 * pull. The user's own topic is the anchor: `live` means it is joined; other topics (followed
 * artists, `everyone`) are joined only while it is. Invariants: the reconnect backoff is
 * 1, 2, 5, 10 s, capped at 10 s, per channel, reset only by that channel's
 * successful join; every anchor join is followed by a pull of every collection and every other
 * join by a pull of that topic's collections (rows changed while a channel was down are caught
 * up, never lost); a message pulls only the collections it names; at most one channel per
 * topic is open or joining; the anchor failing leaves every channel; events of a channel that
 * is no longer current are ignored (channel numbers are never reused), so a late CLOSED from a
 * channel we already left never causes a second reconnect; nothing is joined while the browser
 * reports offline (the `online` wake rejoins at once); a channel refused or shut down by
 * Realtime's project quota waits `quotaBackoffMs` (doubling to 4×) stretched by up to as much
 * again at random — so devices shut down together do not rejoin together — and no wake cuts
 * that wait short; meanwhile the device is not live, so the poll runs at its full rate.
 */
import type { WantedTopics } from './live-topics';

/** Realtime: timeout 10 s, heartbeat 25 s, reconnect backoff 1, 2, 5, 10 s. */
export const REALTIME_TIMEOUT_MS = 10_000;
export const REALTIME_HEARTBEAT_MS = 25_000;
export const REALTIME_BACKOFF_MS: readonly number[] = [1_000, 2_000, 5_000, 10_000];

/**
 * After a quota refusal: hosted Realtime averages its counters over a minute, so an early rejoin
 * would only be shut down again (and each join counts against the joins quota).
 */
export const QUOTA_BACKOFF_MS = 30_000;

/** Wait before rejoin number `failures` after a quota refusal: base × 1, 2, 4, 4…, × (1 + jitter). */
export function quotaDelay(failures: number, jitter: number, baseMs = QUOTA_BACKOFF_MS): number {
  const step = 2 ** Math.min(Math.max(failures, 1) - 1, 2);
  return Math.round(baseMs * step * (1 + Math.min(Math.max(jitter, 0), 1)));
}

/** While the channel is live, the safety-net poll runs this many times less often. */
export const LIVE_POLL_SLOWDOWN = 10;

/** Wait before rejoin number `failures` (1 = after the first failure): 1, 2, 5, then 10 s. */
export function reconnectDelay(failures: number): number {
  const index = Math.min(Math.max(failures, 1), REALTIME_BACKOFF_MS.length) - 1;
  return REALTIME_BACKOFF_MS[index] ?? 10_000;
}

export type LivePhase = 'stopped' | 'joining' | 'live' | 'backoff';

/** A channel of one topic: its number (each join opens a new one) and its failures since joined. */
export interface ChannelState {
  phase: 'joining' | 'live' | 'backoff';
  generation: number;
  failures: number;
  /** waiting out a quota refusal (no wake shortens it) */
  quota?: boolean;
}

export interface LiveState {
  /** The user's own topic. */
  anchor: string;
  /** The anchor channel's phase, number and failures. */
  phase: LivePhase;
  generation: number;
  failures: number;
  /** The anchor waits out a quota refusal. */
  quota?: boolean;
  /** Base wait after a quota refusal (QUOTA_BACKOFF_MS). */
  quotaBackoffMs: number;
  /** Channel numbers handed out so far (all topics). */
  issued: number;
  /** The other topics' channels; empty unless the anchor is live. */
  topics: Readonly<Record<string, ChannelState>>;
  /** The other topics to hold, with the collections to catch up on after joining each. */
  wanted: WantedTopics;
}

/** `quota`: Realtime refused the join or shut the channel down for the project's quota. */
export type FailureReason = 'error' | 'timeout' | 'closed' | 'quota';

export type LiveEvent =
  | { type: 'start' }
  | { type: 'stop' }
  | { type: 'subscribed'; generation: number }
  | { type: 'changed'; generation: number; collections: readonly string[] }
  /** `jitter` in [0, 1): spreads quota waits (live-sync passes Math.random()). */
  | { type: 'failed'; generation: number; reason: FailureReason; jitter?: number }
  /** A backoff timer fired. */
  | { type: 'retry'; generation: number; online: boolean }
  /** `online`, focus or visibility: channels waiting in backoff rejoin now. */
  | { type: 'wake'; online: boolean }
  /** The topics to hold besides the anchor changed (follows). */
  | { type: 'topics'; wanted: WantedTopics };

export type LiveEffect =
  | { type: 'join'; topic: string; generation: number }
  | { type: 'leave'; generation: number }
  | { type: 'schedule'; topic: string; generation: number; delayMs: number }
  | { type: 'cancel-timer'; topic: string }
  | { type: 'pull'; tables: 'all' | readonly string[] };

export interface LiveStep {
  state: LiveState;
  effects: LiveEffect[];
}

export function initialLiveState(anchor: string, quotaBackoffMs = QUOTA_BACKOFF_MS): LiveState {
  return { anchor, phase: 'stopped', generation: 0, failures: 0, issued: 0, topics: {}, wanted: {}, quotaBackoffMs };
}

function failureDelay(state: LiveState, failures: number, event: { reason: FailureReason; jitter?: number }): number {
  return event.reason === 'quota'
    ? quotaDelay(failures, event.jitter ?? 0, state.quotaBackoffMs)
    : reconnectDelay(failures);
}

const unchanged = (state: LiveState): LiveStep => ({ state, effects: [] });
const isOpen = (phase: LivePhase) => phase === 'joining' || phase === 'live';

function joinAnchor(state: LiveState, effects: LiveEffect[] = []): LiveStep {
  const generation = state.issued + 1;
  return {
    state: { ...state, phase: 'joining', generation, issued: generation, quota: false, topics: {} },
    effects: [...effects, { type: 'join', topic: state.anchor, generation }],
  };
}

/** Joins `topic` (a new channel); failures carry over from the channel it replaces. */
function joinTopic(step: LiveStep, topic: string, failures = 0): LiveStep {
  const generation = step.state.issued + 1;
  return {
    state: {
      ...step.state,
      issued: generation,
      topics: { ...step.state.topics, [topic]: { phase: 'joining', generation, failures } },
    },
    effects: [...step.effects, { type: 'join', topic, generation }],
  };
}

/** Effects that end every non-anchor channel (leave the open ones, cancel the waiting ones). */
function endTopics(state: LiveState): LiveEffect[] {
  return Object.entries(state.topics).map(([topic, channel]) =>
    channel.phase === 'backoff' ? { type: 'cancel-timer', topic } : { type: 'leave', generation: channel.generation },
  );
}

function withoutTopic(state: LiveState, topic: string): LiveState {
  const topics = { ...state.topics };
  delete topics[topic];
  return { ...state, topics };
}

function topicOf(state: LiveState, generation: number): [string, ChannelState] | undefined {
  return Object.entries(state.topics).find(([, channel]) => channel.generation === generation);
}

/** While the anchor is live, joins wanted topics not held and ends held ones no longer wanted. */
function reconcile(step: LiveStep): LiveStep {
  if (step.state.phase !== 'live') return step;
  let next = step;
  for (const [topic, channel] of Object.entries(next.state.topics)) {
    if (topic in next.state.wanted) continue;
    const end: LiveEffect =
      channel.phase === 'backoff' ? { type: 'cancel-timer', topic } : { type: 'leave', generation: channel.generation };
    next = { state: withoutTopic(next.state, topic), effects: [...next.effects, end] };
  }
  for (const topic of Object.keys(next.state.wanted)) {
    if (topic !== next.state.anchor && !(topic in next.state.topics)) next = joinTopic(next, topic);
  }
  return next;
}

function onAnchor(state: LiveState, event: LiveEvent): LiveStep {
  switch (event.type) {
    case 'subscribed':
      if (state.phase !== 'joining') return unchanged(state);
      return reconcile({
        state: { ...state, phase: 'live', failures: 0, quota: false },
        effects: [{ type: 'pull', tables: 'all' }],
      });
    case 'changed':
      if (state.phase !== 'live' || event.collections.length === 0) return unchanged(state);
      return { state, effects: [{ type: 'pull', tables: event.collections }] };
    case 'failed': {
      if (!isOpen(state.phase)) return unchanged(state);
      const failures = state.failures + 1;
      const { generation } = state;
      return {
        state: { ...state, phase: 'backoff', failures, quota: event.reason === 'quota', topics: {} },
        effects: [
          { type: 'leave', generation },
          ...endTopics(state),
          { type: 'schedule', topic: state.anchor, generation, delayMs: failureDelay(state, failures, event) },
        ],
      };
    }
    case 'retry':
      // Offline, a join could only fail: wait for the `online` wake instead.
      if (state.phase !== 'backoff' || !event.online) return unchanged(state);
      return joinAnchor(state);
    default:
      return unchanged(state);
  }
}

function onTopic(state: LiveState, topic: string, channel: ChannelState, event: LiveEvent): LiveStep {
  switch (event.type) {
    case 'subscribed': {
      if (channel.phase !== 'joining') return unchanged(state);
      const next = {
        ...state,
        topics: { ...state.topics, [topic]: { ...channel, phase: 'live' as const, failures: 0 } },
      };
      const catchUp = state.wanted[topic] ?? [];
      return { state: next, effects: catchUp.length ? [{ type: 'pull', tables: catchUp }] : [] };
    }
    case 'changed':
      if (channel.phase !== 'live' || event.collections.length === 0) return unchanged(state);
      return { state, effects: [{ type: 'pull', tables: event.collections }] };
    case 'failed': {
      if (channel.phase === 'backoff') return unchanged(state);
      const failures = channel.failures + 1;
      const { generation } = channel;
      const quota = event.reason === 'quota';
      return {
        state: { ...state, topics: { ...state.topics, [topic]: { phase: 'backoff', generation, failures, quota } } },
        effects: [
          { type: 'leave', generation },
          { type: 'schedule', topic, generation, delayMs: failureDelay(state, failures, event) },
        ],
      };
    }
    case 'retry':
      if (channel.phase !== 'backoff' || !event.online) return unchanged(state);
      return joinTopic({ state, effects: [] }, topic, channel.failures);
    default:
      return unchanged(state);
  }
}

export function stepLive(state: LiveState, event: LiveEvent): LiveStep {
  switch (event.type) {
    case 'start':
      return state.phase === 'stopped' ? joinAnchor({ ...state, failures: 0 }) : unchanged(state);
    case 'stop': {
      if (state.phase === 'stopped') return unchanged(state);
      const effects: LiveEffect[] =
        state.phase === 'backoff'
          ? [{ type: 'cancel-timer', topic: state.anchor }]
          : [{ type: 'leave', generation: state.generation }];
      return { state: { ...state, phase: 'stopped', topics: {} }, effects: [...effects, ...endTopics(state)] };
    }
    case 'topics':
      return reconcile({ state: { ...state, wanted: event.wanted }, effects: [] });
    case 'wake': {
      if (!event.online) return unchanged(state);
      if (state.phase === 'backoff') {
        return state.quota ? unchanged(state) : joinAnchor(state, [{ type: 'cancel-timer', topic: state.anchor }]);
      }
      if (state.phase !== 'live') return unchanged(state);
      let step: LiveStep = { state, effects: [] };
      for (const [topic, channel] of Object.entries(state.topics)) {
        if (channel.phase !== 'backoff' || channel.quota) continue;
        step = joinTopic(
          { state: step.state, effects: [...step.effects, { type: 'cancel-timer', topic }] },
          topic,
          channel.failures,
        );
      }
      return step;
    }
    default: {
      if (state.phase === 'stopped') return unchanged(state);
      if (event.generation === state.generation) return onAnchor(state, event);
      const held = topicOf(state, event.generation);
      return held ? onTopic(state, held[0], held[1], event) : unchanged(state);
    }
  }
}

/**
 * Whether the safety-net poll should run at this interval tick: always while not live; while
 * live only when no full pull ran for `LIVE_POLL_SLOWDOWN` intervals.
 */
export function pollDue(facts: { live: boolean; msSinceFullPull: number; intervalMs: number }): boolean {
  if (!facts.live) return true;
  // The tick fires every intervalMs; a little slack keeps timer jitter from skipping a round.
  return facts.msSinceFullPull >= facts.intervalMs * LIVE_POLL_SLOWDOWN - facts.intervalMs / 2;
}

/** The collections a pull effect names, restricted to those this engine pulls. */
export function collectionsToPull(tables: 'all' | readonly string[], pulled: readonly string[]): string[] {
  if (tables === 'all') return [...pulled];
  return pulled.filter((name) => tables.includes(name));
}
