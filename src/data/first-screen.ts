// What each role's dashboard shows first, so a new device can fetch those rows while its local
// database opens (see SyncProvider and sync/replication/first-pages.ts). A hint only: a wrong
// guess costs one small request; a screen that needs another collection asks for it itself.
import type { CollectionName } from '@sync';

const FIRST_SCREEN: Partial<Record<string, readonly CollectionName[]>> = {
  // Daily Locker (items, the fan's interactions and comments, followed artists' drops), then rewards.
  fan: ['locker_items', 'locker_interactions', 'locker_comments', 'followed_content', 'daily_rewards', 'reward_claims'],
  // 'Your Bucket'.
  artist: ['content_items'],
};

/** The role whose dashboard is about to show: the one in the path, else the account's sign-up role. */
export function firstScreenCollections(pathname: string, metadataRole: unknown): readonly CollectionName[] {
  const fromPath = /^\/dashboard\/([a-z]+)/.exec(pathname)?.[1];
  const role = fromPath ?? (typeof metadataRole === 'string' ? metadataRole : '');
  return FIRST_SCREEN[role] ?? [];
}

/** Rows of `local` plus those of `first` not (yet) in it: the local row wins for an id. */
export function mergeFirstPage<T extends { id: string }>(first: readonly T[] | null, local: readonly T[]): T[] {
  if (!first || first.length === 0) return local as T[];
  const ids = new Set(local.map((row) => row.id));
  const missing = first.filter((row) => !ids.has(row.id));
  return missing.length === 0 ? (local as T[]) : [...local, ...missing];
}
