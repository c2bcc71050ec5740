/**
 * Runs the live channel: feeds channel callbacks, timers and wakes through `stepLive` (the
 * pure policy in live-policy.ts) and carries out its effects. Invariants: at most one channel
 * is open or joining at a time, and at most one backoff timer runs; after stop() no timer is
 * left and the channel is being left (stop() resolves once it is); `live$` is true exactly
 * while the current channel is joined; a channel that cannot be opened (no WebSocket, token
 * fetch failed) counts as a failed join and backs off like any other.
 */
import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';
import { INITIAL_LIVE_STATE, stepLive, type LiveEffect, type LiveEvent, type LiveState } from './live-policy';
import type { ChannelHandlers, OpenChannel } from './supabase-channel';

export interface LiveSyncOptions {
  open: OpenChannel;
  /** Pull these collections now ('all' after every join). */
  pull: (tables: 'all' | readonly string[]) => void;
  isOnline: () => boolean;
}

export interface LiveSync {
  start(): void;
  stop(): Promise<void>;
  /** `online`, focus, visibility: a channel waiting for its backoff rejoins now. */
  wake(): void;
  readonly live$: Observable<boolean>;
  /** For tests and diagnostics. */
  readonly state: LiveState;
}

export function createLiveSync({ open, pull, isOnline }: LiveSyncOptions): LiveSync {
  let state = INITIAL_LIVE_STATE;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const closers = new Map<number, Promise<(() => Promise<void>) | null>>();
  const leaving = new Set<Promise<void>>();
  const live = new BehaviorSubject(false);

  function dispatch(event: LiveEvent): void {
    const result = stepLive(state, event);
    state = result.state;
    live.next(state.phase === 'live');
    result.effects.forEach(run);
  }

  function handlersFor(generation: number): ChannelHandlers {
    return {
      subscribed: () => dispatch({ type: 'subscribed', generation }),
      ready: () => dispatch({ type: 'ready', generation }),
      change: (table) => dispatch({ type: 'change', generation, table }),
      failed: (reason) => dispatch({ type: 'failed', generation, reason }),
    };
  }

  function run(effect: LiveEffect): void {
    switch (effect.type) {
      case 'join': {
        const { generation } = effect;
        const opening = open(handlersFor(generation)).catch(() => {
          dispatch({ type: 'failed', generation, reason: 'error' });
          return null;
        });
        closers.set(generation, opening);
        return;
      }
      case 'leave': {
        const opening = closers.get(effect.generation);
        closers.delete(effect.generation);
        if (!opening) return;
        const done = opening.then((close) => close?.()).catch(() => undefined);
        leaving.add(done);
        void done.finally(() => leaving.delete(done));
        return;
      }
      case 'schedule': {
        clearTimer();
        const { generation, delayMs } = effect;
        timer = setTimeout(() => {
          timer = null;
          dispatch({ type: 'retry', generation, online: isOnline() });
        }, delayMs);
        return;
      }
      case 'cancel-timer':
        clearTimer();
        return;
      case 'pull':
        pull(effect.tables);
        return;
    }
  }

  function clearTimer(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  return {
    start: () => dispatch({ type: 'start' }),
    async stop() {
      dispatch({ type: 'stop' });
      await Promise.all([...leaving]);
    },
    wake: () => dispatch({ type: 'wake', online: isOnline() }),
    live$: live.pipe(distinctUntilChanged()),
    get state() {
      return state;
    },
  };
}
