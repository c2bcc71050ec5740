/**
 * Runs the live channels: feeds channel callbacks, timers, wakes and topic changes through
 * `stepLive` (the pure policy in live-policy.ts) and carries out its effects. Invariants: at most
 * one channel per topic is open or joining, and at most one backoff timer per topic runs; after
 * stop() no timer is left and every channel is being left (stop() resolves once they are);
 * `live$` is true exactly while the user's own channel is joined; a channel that cannot be
 * opened (no WebSocket, token fetch failed) counts as a failed join and backs off like any other;
 * every failure carries a random jitter, which only quota waits use.
 */
import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';
import { initialLiveState, stepLive, type LiveEffect, type LiveEvent, type LiveState } from './live-policy';
import type { WantedTopics } from './live-topics';
import type { ChannelHandlers, OpenChannel } from './supabase-channel';

export interface LiveSyncOptions {
  /** The user's own topic (`user:<id>`). */
  anchor: string;
  open: OpenChannel;
  /** Pull these collections now ('all' after every join of the user's own topic). */
  pull: (tables: 'all' | readonly string[]) => void;
  isOnline: () => boolean;
  /** Base wait after a quota refusal (default QUOTA_BACKOFF_MS, 30 s; tests shorten it). */
  quotaBackoffMs?: number;
}

export interface LiveSync {
  start(): void;
  stop(): Promise<void>;
  /** `online`, focus, visibility: channels waiting for their backoff rejoin now. */
  wake(): void;
  /** The topics to hold besides the user's own (joined while that one is). */
  setTopics(wanted: WantedTopics): void;
  readonly live$: Observable<boolean>;
  /** For tests and diagnostics. */
  readonly state: LiveState;
}

export function createLiveSync({ anchor, open, pull, isOnline, quotaBackoffMs }: LiveSyncOptions): LiveSync {
  let state = initialLiveState(anchor, quotaBackoffMs);
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
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
      changed: (collections) => dispatch({ type: 'changed', generation, collections }),
      failed: (reason) => dispatch({ type: 'failed', generation, reason, jitter: Math.random() }),
    };
  }

  function run(effect: LiveEffect): void {
    switch (effect.type) {
      case 'join': {
        const { generation } = effect;
        const opening = open(effect.topic, handlersFor(generation)).catch(() => {
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
        clearTimer(effect.topic);
        const { generation, delayMs, topic } = effect;
        timers.set(
          topic,
          setTimeout(() => {
            timers.delete(topic);
            dispatch({ type: 'retry', generation, online: isOnline() });
          }, delayMs),
        );
        return;
      }
      case 'cancel-timer':
        clearTimer(effect.topic);
        return;
      case 'pull':
        pull(effect.tables);
        return;
    }
  }

  function clearTimer(topic: string): void {
    const timer = timers.get(topic);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(topic);
  }

  return {
    start: () => dispatch({ type: 'start' }),
    async stop() {
      dispatch({ type: 'stop' });
      await Promise.all([...leaving]);
    },
    wake: () => dispatch({ type: 'wake', online: isOnline() }),
    setTopics: (wanted) => dispatch({ type: 'topics', wanted }),
    live$: live.pipe(distinctUntilChanged()),
    get state() {
      return state;
    },
  };
}
