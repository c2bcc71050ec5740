/**
 * The live channel's decisions as pure functions: when to (re)join, how long to wait, what to
 * pull. Invariants: the reconnect backoff is the spec's 1, 2, 5, 10 s (§9), capped at 10 s and
 * reset only by a successful join; every join is followed by a pull of every collection (rows
 * changed while the channel was down are caught up, never lost); a change event pulls only its
 * own collection; events of a channel generation that is no longer current are ignored, so a
 * late CLOSED from a channel we already left never causes a second reconnect; nothing is joined
 * while the browser reports offline (the `online` wake rejoins at once).
 */

/** Spec §9: "Realtime: timeout 10 s, heartbeat 25 s, reconnect backoff 1, 2, 5, 10 s". */
export const REALTIME_TIMEOUT_MS = 10_000;
export const REALTIME_HEARTBEAT_MS = 25_000;
export const REALTIME_BACKOFF_MS: readonly number[] = [1_000, 2_000, 5_000, 10_000];

/** While the channel is live, the safety-net poll runs this many times less often. */
export const LIVE_POLL_SLOWDOWN = 10;

/** Wait before rejoin number `failures` (1 = after the first failure): 1, 2, 5, then 10 s. */
export function reconnectDelay(failures: number): number {
  const index = Math.min(Math.max(failures, 1), REALTIME_BACKOFF_MS.length) - 1;
  return REALTIME_BACKOFF_MS[index] ?? 10_000;
}

export type LivePhase = 'stopped' | 'joining' | 'live' | 'backoff';

export interface LiveState {
  phase: LivePhase;
  /** Numbers channel instances; each join opens a new one. */
  generation: number;
  /** Consecutive failed joins or dropped channels since the last successful join. */
  failures: number;
}

export type FailureReason = 'error' | 'timeout' | 'closed';

export type LiveEvent =
  | { type: 'start' }
  | { type: 'stop' }
  | { type: 'subscribed'; generation: number }
  /** The server's change feed for the channel is ready (Supabase's `system` ok message). */
  | { type: 'ready'; generation: number }
  | { type: 'change'; generation: number; table: string }
  | { type: 'failed'; generation: number; reason: FailureReason }
  /** The backoff timer fired. */
  | { type: 'retry'; generation: number; online: boolean }
  /** `online`, focus or visibility: a channel waiting in backoff rejoins now. */
  | { type: 'wake'; online: boolean };

export type LiveEffect =
  | { type: 'join'; generation: number }
  | { type: 'leave'; generation: number }
  | { type: 'schedule'; generation: number; delayMs: number }
  | { type: 'cancel-timer' }
  | { type: 'pull'; tables: 'all' | readonly string[] };

export interface LiveStep {
  state: LiveState;
  effects: LiveEffect[];
}

export const INITIAL_LIVE_STATE: LiveState = { phase: 'stopped', generation: 0, failures: 0 };

function join(state: LiveState): LiveStep {
  const generation = state.generation + 1;
  return { state: { ...state, phase: 'joining', generation }, effects: [{ type: 'join', generation }] };
}

const unchanged = (state: LiveState): LiveStep => ({ state, effects: [] });

export function stepLive(state: LiveState, event: LiveEvent): LiveStep {
  const current = 'generation' in event && event.generation === state.generation;
  switch (event.type) {
    case 'start':
      return state.phase === 'stopped' ? join({ ...state, failures: 0 }) : unchanged(state);
    case 'stop': {
      if (state.phase === 'stopped') return unchanged(state);
      const effects: LiveEffect[] = [{ type: 'cancel-timer' }];
      if (state.phase === 'joining' || state.phase === 'live')
        effects.push({ type: 'leave', generation: state.generation });
      return { state: { ...state, phase: 'stopped' }, effects };
    }
    case 'subscribed':
      if (!current || state.phase !== 'joining') return unchanged(state);
      return { state: { ...state, phase: 'live', failures: 0 }, effects: [{ type: 'pull', tables: 'all' }] };
    case 'ready':
      // Rows committed between the join reply and the feed being ready are caught up here.
      if (!current || state.phase !== 'live') return unchanged(state);
      return { state, effects: [{ type: 'pull', tables: 'all' }] };
    case 'change':
      if (!current || state.phase !== 'live') return unchanged(state);
      return { state, effects: [{ type: 'pull', tables: [event.table] }] };
    case 'failed': {
      if (!current || (state.phase !== 'joining' && state.phase !== 'live')) return unchanged(state);
      const failures = state.failures + 1;
      return {
        state: { ...state, phase: 'backoff', failures },
        effects: [
          { type: 'leave', generation: state.generation },
          { type: 'schedule', generation: state.generation, delayMs: reconnectDelay(failures) },
        ],
      };
    }
    case 'retry':
      // Offline, a join could only fail: wait for the `online` wake instead.
      if (!current || state.phase !== 'backoff' || !event.online) return unchanged(state);
      return join(state);
    case 'wake':
      if (state.phase !== 'backoff' || !event.online) return unchanged(state);
      {
        const joined = join(state);
        return { state: joined.state, effects: [{ type: 'cancel-timer' }, ...joined.effects] };
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
export function collectionsToPull(
  tables: 'all' | readonly string[],
  pulled: readonly string[],
  tablesOf: (collection: string) => readonly string[] = (name) => [name],
): string[] {
  if (tables === 'all') return [...pulled];
  return pulled.filter((name) => tablesOf(name).some((table) => tables.includes(table)));
}
