/**
 * The engine's live replication: a Supabase Realtime channel that makes pulls happen the moment
 * the server changes, held only by the leader tab. Invariants: the channel opens only after this
 * tab won RxDB's leader election (the same election that lets it replicate) and only while the
 * engine runs; an event pulls its collection through RxDB's replication (`reSync()`, coalesced
 * by RxDB's downstream queue), a (re)join pulls every collection through the engine's `runNow`;
 * `live$` is published to the shared sync meta, so every tab shows the leader's truth, and is
 * false again once stopped; the safety-net poll is skipped while live unless a full pull is
 * `LIVE_POLL_SLOWDOWN` intervals old.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Subscription } from 'rxjs';
import { collectionsToPull, pollDue } from './live-policy';
import { createLiveSync, type LiveSync } from './live-sync';
import { supabaseChannelOpener, type OpenChannel } from './supabase-channel';

export interface LiveReplicationOptions {
  supabase: SupabaseClient;
  userId: string;
  /** Collections this engine pulls. */
  pulled: readonly string[];
  /** The published tables whose changes a collection must pull on (default: its own name). */
  tablesOf?: (collection: string) => readonly string[];
  /** Resolves once this tab is the leader (RxDB leader election). */
  waitForLeadership: () => Promise<unknown>;
  /** Pull one collection now (RxDB `reSync()`). */
  pullCollection: (name: string) => void;
  /** A full cycle now: waiting retries go, every collection pulls (the engine's trigger). */
  pullAll: () => void;
  isOnline: () => boolean;
  /** Publishes whether the channel is joined (shared sync meta). */
  setLive: (live: boolean) => void;
  /** Tests may replace the Supabase channel. */
  open?: OpenChannel;
}

export interface LiveReplication {
  /** `online`, focus, visibility: rejoin now if waiting for the backoff. */
  wake(): void;
  /** Called on the poll interval's tick: whether the safety-net poll should run now. */
  pollDue(intervalMs: number): boolean;
  /** The engine ran a full cycle (any trigger): the poll clock restarts. */
  noteFullPull(): void;
  stop(): Promise<void>;
  readonly sync: LiveSync;
}

export function startLiveReplication(options: LiveReplicationOptions): LiveReplication {
  const { pulled } = options;
  const tablesOf = options.tablesOf ?? ((name: string) => [name]);
  const tables = [...new Set(pulled.flatMap(tablesOf))];
  let lastFullPull = Date.now();
  let live = false;
  let stopped = false;
  const open = options.open ?? supabaseChannelOpener(options.supabase, tables, `bucket-sync-${options.userId}`);
  const sync = createLiveSync({
    open,
    isOnline: options.isOnline,
    pull(changed) {
      if (changed === 'all') {
        lastFullPull = Date.now();
        options.pullAll();
        return;
      }
      collectionsToPull(changed, pulled, tablesOf).forEach(options.pullCollection);
    },
  });
  // Follower tabs never write the shared flag: it is the leader's to tell.
  let subscription: Subscription | null = null;
  void options.waitForLeadership().then(() => {
    if (stopped) return;
    subscription = sync.live$.subscribe((value) => {
      live = value;
      options.setLive(value);
    });
    sync.start();
  });

  return {
    wake: () => sync.wake(),
    pollDue: (intervalMs) => pollDue({ live, msSinceFullPull: Date.now() - lastFullPull, intervalMs }),
    noteFullPull() {
      lastFullPull = Date.now();
    },
    async stop() {
      stopped = true;
      await sync.stop();
      if (!subscription) return;
      subscription.unsubscribe();
      options.setLive(false);
    },
    sync,
  };
}
