import { startTransition, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { combineLatest } from 'rxjs';
import type { FollowedContentDoc, LockerCommentDoc, LockerInteractionDoc, LockerItemDoc } from '@sync/model';
import { mergeFirstPage } from '@/data/first-screen';
import { SyncContext } from '@/data/sync-context';
import { useFirstPage, useFirstPageUntilLocal } from '@/data/use-first-page';
import { afterFirstSync, useAwaitingFirstSync } from '@/data/use-first-sync-pending';
import {
  buildSampleLockerItems,
  lockerItemsFromRows,
  realDropsFromRows,
  refusedLockerMessages,
  useLockerItemsState,
  writeLockerChange,
  writeLockerComment,
  type LockerChange,
  type LockerItem,
  type ReactionKind,
} from '@/features/locker';

export interface FanLocker {
  /**
   * 'sample' without a local database (demo/test harness); 'loading' while it opens, and while it
   * has no drops yet on a device whose first sync has not delivered to this screen.
   */
  source: 'sample' | 'loading' | 'synced';
  items: LockerItem[];
  /** Locker writes the server refused, rolled back on the device. */
  refused: string[];
  onReact: (id: string, reaction: ReactionKind) => void;
  onSave: (id: string) => void;
  onShare: (id: string) => void;
  onUseCode: (id: string) => void;
  onComment: (id: string, text: string) => void | Promise<void>;
}

const NONE: string[] = [];

interface LockerRows {
  items: LockerItemDoc[];
  interactions: LockerInteractionDoc[];
  comments: LockerCommentDoc[];
  followed: FollowedContentDoc[];
}

/** On a new device, the first pull pages of the four collections (all four, or none: one consistent view). */
function useFirstLockerRows(): LockerRows | null {
  const items = useFirstPage<LockerItemDoc>('locker_items');
  const interactions = useFirstPage<LockerInteractionDoc>('locker_interactions');
  const comments = useFirstPage<LockerCommentDoc>('locker_comments');
  const followed = useFirstPage<FollowedContentDoc>('followed_content');
  return useMemo(
    () => (items && interactions && comments && followed ? { items, interactions, comments, followed } : null),
    [items, interactions, comments, followed],
  );
}

/**
 * Today's Daily Locker for the signed-in fan: the synced `locker_items` joined with the fan's own
 * `locker_interactions` and comments from the local database; every action is a local write the
 * engine syncs later (made while the database still opens, it waits for it). On a new device the
 * first pull pages show at once, merged under the local rows until the first sync has finished.
 * The sample is used only where no local database exists (no SyncProvider, or IndexedDB refused),
 * e.g. the test harness's in-memory sign-in.
 */
export function useFanLocker(): FanLocker {
  const sync = useContext(SyncContext);
  const db = sync?.db ?? null;
  const userId = sync?.userId ?? null;
  const whenDb = sync?.whenDb;
  const useSample = !sync || !userId || Boolean(sync.error);
  const sample = useLockerItemsState(() => buildSampleLockerItems());
  const engine = sync?.engine ?? null;
  const [local, setLocal] = useState<{ db: unknown; rows: LockerRows; afterSync: boolean } | null>(null);
  const firstRows = useFirstLockerRows();

  useEffect(() => {
    if (!db || useSample) return undefined;
    const rows$ = () =>
      combineLatest([
        db.locker_items.find().$,
        db.locker_interactions.find().$,
        db.locker_comments.find().$,
        db.followed_content.find().$,
      ]);
    const subscription = afterFirstSync(engine, rows$).subscribe(
      ({ rows: [items, interactions, comments, followed], afterSync }) => {
        const rows: LockerRows = {
          items: items.map((d) => d.toMutableJSON() as LockerItemDoc),
          interactions: interactions.map((d) => d.toMutableJSON() as LockerInteractionDoc),
          comments: comments.map((d) => d.toMutableJSON() as LockerCommentDoc),
          followed: followed.map((d) => d.toMutableJSON() as FollowedContentDoc),
        };
        // A transition: a first sync lands rows in bursts; each re-render yields to the browser.
        startTransition(() => setLocal({ db, rows, afterSync }));
      },
    );
    return () => subscription.unsubscribe();
  }, [db, engine, useSample]);

  const current = local && local.db === db ? local : null;
  const localRows = current?.rows ?? null;
  const awaitingFirstSync = useAwaitingFirstSync(current?.afterSync);
  const first = useFirstPageUntilLocal(firstRows, localRows, userId);
  const view = useMemo(() => {
    const rows: LockerRows | null =
      localRows && first
        ? {
            items: mergeFirstPage(first.items, localRows.items),
            interactions: mergeFirstPage(first.interactions, localRows.interactions),
            comments: mergeFirstPage(first.comments, localRows.comments),
            followed: mergeFirstPage(first.followed, localRows.followed),
          }
        : (localRows ?? first);
    if (!rows) return null;
    return {
      // Followed artists' real releases first (newest first), then the sample drops.
      items: [
        ...realDropsFromRows(rows.followed, new Date(), rows.interactions, rows.comments),
        ...lockerItemsFromRows(rows.items, rows.interactions, new Date(), rows.comments),
      ],
      refused: refusedLockerMessages([...rows.items, ...rows.followed], rows.interactions, rows.comments),
    };
  }, [localRows, first]);

  const change = useCallback(
    async (id: string, next: LockerChange) => {
      if (!userId || !whenDb) return;
      try {
        await writeLockerChange(db ?? (await whenDb()), userId, id, next);
      } catch (error) {
        console.error('locker write failed', error);
      }
    },
    [db, userId, whenDb],
  );
  const onReact = useCallback(
    (id: string, reaction: ReactionKind) => void change(id, { kind: 'react', reaction }),
    [change],
  );
  const onSave = useCallback((id: string) => void change(id, { kind: 'save' }), [change]);
  const onShare = useCallback((id: string) => void change(id, { kind: 'share' }), [change]);
  const onUseCode = useCallback((id: string) => void change(id, { kind: 'use' }), [change]);
  const onComment = useCallback(
    async (id: string, text: string) => {
      if (userId && whenDb) await writeLockerComment(db ?? (await whenDb()), userId, id, text);
    },
    [db, userId, whenDb],
  );

  if (useSample) return { source: 'sample', refused: NONE, ...sample };
  // No drops yet while the first sync is on its way, or has ended but not yet reached these rows.
  return {
    source: view && !(view.items.length === 0 && awaitingFirstSync) ? 'synced' : 'loading',
    items: view?.items ?? [],
    refused: view?.refused ?? NONE,
    onReact,
    onSave,
    onShare,
    onUseCode,
    onComment,
  };
}
