/**
 * The live topics a device holds and what their messages mean, as pure functions (the server's
 * side is supabase/migrations/20261126300000_live_broadcast.sql and 20261128600000_realtime_budget.sql).
 * Invariants: the user's own topic `user:<id>` is always held; topics heard by many users are
 * sharded by the user's id (`liveShard`, the same rule as the server's `private.live_shard`), so
 * the server can tell a crowd shard by shard within Realtime's quota: `everyone:<shard>` only when
 * a pulled collection has rows without an owner; `artist:<id>:<shard>` only for live follows of
 * real artists (uuid ids, as the server writes them), at most MAX_ARTIST_TOPICS of them, the most
 * recent follows first (the rest arrive by polling); a message only names collections, and only
 * names of collections this engine pulls are ever pulled.
 */
import type { LiveTopicKind } from '../collections';

/** Realtime allows 100 channels per client and about 100 joins per second: stay well below. */
export const MAX_ARTIST_TOPICS = 50;
/** Shards of a crowd topic: the server's `private.live_shards()` is the same number. */
export const LIVE_SHARDS = 128;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The user's shard: the last two hex digits of their id, modulo LIVE_SHARDS. */
export function liveShard(userId: string): number {
  return Number.parseInt(userId.slice(-2), 16) % LIVE_SHARDS;
}

export const userTopic = (userId: string): string => `user:${userId}`;
export const artistTopic = (artistId: string, userId: string): string => `artist:${artistId}:${liveShard(userId)}`;
export const everyoneTopic = (userId: string): string => `everyone:${liveShard(userId)}`;

/** Topics besides the user's own, each with the collections to catch up on after joining it. */
export type WantedTopics = Readonly<Record<string, readonly string[]>>;

export interface FollowRow {
  artist_id: string;
  created_at?: string;
}

/** The artists whose topics to hold: uuid ids only (sample follows name no account), newest first. */
export function followedArtists(follows: readonly FollowRow[]): string[] {
  const newest = [...follows]
    .filter((row) => UUID.test(row.artist_id))
    .sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? '') || a.artist_id.localeCompare(b.artist_id));
  return [...new Set(newest.map((row) => row.artist_id))].slice(0, MAX_ARTIST_TOPICS);
}

/** The topics to hold besides the user's own, for the collections this engine pulls. */
export function wantedTopics(
  userId: string,
  pulled: readonly string[],
  kindsOf: (collection: string) => readonly LiveTopicKind[],
  follows: readonly FollowRow[],
): WantedTopics {
  const wanted: Record<string, string[]> = {};
  const add = (topic: string, collection: string) => (wanted[topic] ??= []).push(collection);
  const artists = followedArtists(follows);
  for (const collection of pulled) {
    for (const kind of kindsOf(collection)) {
      if (kind === 'everyone') add(everyoneTopic(userId), collection);
      else artists.forEach((artist) => add(artistTopic(artist, userId), collection));
    }
  }
  return wanted;
}

/** The collection names a `changed` message carries (anything else in it is ignored). */
export function namedCollections(payload: unknown): string[] {
  const names = (payload as { collections?: unknown } | null)?.collections;
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
}

/** Whether two wanted-topic maps are the same (follows$ fires on every subscriptions write). */
export function sameTopics(a: WantedTopics, b: WantedTopics): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => b[key] !== undefined && b[key].join('\n') === a[key]!.join('\n'));
}
