/**
 * The engine's live replication: private Supabase Realtime channels (the user's own topic, each
 * followed artist's, `everyone`) whose messages make pulls happen the moment the server changes,
 * held only by the leader tab. Invariants: channels open only after this tab won RxDB's leader
 * election (the same election that lets it replicate) and only while the engine runs; the
 * artist topics follow the local follows as they change; a message pulls the collections it
 * names that this engine pulls, through RxDB's replication (`reSync()`, coalesced by RxDB's
 * downstream queue), a join of the user's own topic pulls every collection through the engine's
 * `runNow`; `live$` is published to the shared sync meta, so every tab shows the leader's truth,
 * and is false again once stopped; the safety-net poll is skipped while live unless a full pull
 * is `LIVE_POLL_SLOWDOWN` intervals old.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { distinctUntilChanged, map, of, type Observable, type Subscription } from 'rxjs';
import type { BucketDatabase, LiveTopicKind } from '../collections';
import { collectionsToPull, pollDue } from './live-policy';
import { createLiveSync, type LiveSync } from './live-sync';
import { sameTopics, userTopic, wantedTopics, type FollowRow } from './live-topics';
import { supabaseChannelOpener, type OpenChannel } from './supabase-channel';

export interface LiveReplicationOptions {
  supabase: SupabaseClient;
  userId: string;
  /** Collections this engine pulls. */
  pulled: readonly string[];
  /** Topics besides the user's own that carry a collection's changes (default none). */
  topicKindsOf?: (collection: string) => readonly LiveTopicKind[];
  /** The user's live follows (the local subscriptions collection); default none. */
  follows$?: Observable<readonly FollowRow[]>;
  /** Resolves once this tab is the leader (RxDB leader election). */
  waitForLeadership: () => Promise<unknown>;
  /** Pull one collection now (RxDB `reSync()`). */
  pullCollection: (name: string) => void;
  /** A full cycle now: waiting retries go, every collection pulls (the engine's trigger). */
  pullAll: () => void;
  isOnline: () => boolean;
  /** Publishes whether the user's own channel is joined (shared sync meta). */
  setLive: (live: boolean) => void;
  /** Tests may replace the Supabase channels. */
  open?: OpenChannel;
  /** Base wait after a quota refusal (default 30 s). */
  quotaBackoffMs?: number;
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
  const kindsOf = options.topicKindsOf ?? (() => []);
  let lastFullPull = Date.now();
  let live = false;
  let stopped = false;
  const sync = createLiveSync({
    anchor: userTopic(options.userId),
    open: options.open ?? supabaseChannelOpener(options.supabase),
    isOnline: options.isOnline,
    quotaBackoffMs: options.quotaBackoffMs,
    pull(changed) {
      if (changed === 'all') {
        lastFullPull = Date.now();
        options.pullAll();
        return;
      }
      collectionsToPull(changed, pulled).forEach(options.pullCollection);
    },
  });
  // Follower tabs never write the shared flag: it is the leader's to tell.
  const subscriptions: Subscription[] = [];
  void options.waitForLeadership().then(() => {
    if (stopped) return;
    subscriptions.push(
      (options.follows$ ?? of([]))
        .pipe(
          map((follows) => wantedTopics(options.userId, pulled, kindsOf, follows)),
          distinctUntilChanged(sameTopics),
        )
        .subscribe((wanted) => sync.setTopics(wanted)),
      sync.live$.subscribe((value) => {
        live = value;
        options.setLive(value);
      }),
    );
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
      const held = subscriptions.splice(0);
      held.forEach((s) => s.unsubscribe());
      await sync.stop();
      if (held.length > 0) options.setLive(false);
    },
    sync,
  };
}

/** The user's live follows from the local database (none when subscriptions is not open). */
export function localFollows$(db: BucketDatabase, userId: string): Observable<readonly FollowRow[]> | undefined {
  if (!('subscriptions' in db.collections)) return undefined;
  // RxDB leaves out deleted documents: an unfollow (local or pulled) drops the artist.
  return db.subscriptions
    .find({ selector: { fan_id: userId } })
    .$.pipe(map((docs) => docs.map((doc) => ({ artist_id: doc.artist_id, created_at: doc.created_at }))));
}
