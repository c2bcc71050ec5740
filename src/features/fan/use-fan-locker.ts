import { startTransition, useCallback, useContext, useEffect, useState } from 'react';
import { combineLatest } from 'rxjs';
import type { FollowedContentDoc } from '../../../sync/schemas/followed-content';
import type { LockerCommentDoc } from '../../../sync/schemas/locker-comments';
import type { LockerInteractionDoc } from '../../../sync/schemas/locker-interactions';
import type { LockerItemDoc } from '../../../sync/schemas/locker-items';
import { SyncContext } from '../../data/sync-context';
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
} from '../locker';

export interface FanLocker {
  /** 'sample' without a local database (demo/test harness), 'loading' while it opens. */
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

/**
 * Today's Daily Locker for the signed-in fan: the synced `locker_items` joined with the fan's own
 * `locker_interactions` and comments from the local database; every action is a local write the
 * engine syncs later. The sample is used only where no local database exists (no SyncProvider, or
 * IndexedDB refused), e.g. the test harness's in-memory sign-in.
 */
export function useFanLocker(): FanLocker {
  const sync = useContext(SyncContext);
  const db = sync?.db ?? null;
  const userId = sync?.userId ?? null;
  const useSample = !sync || !userId || Boolean(sync.error);
  const sample = useLockerItemsState(buildSampleLockerItems());
  const [state, setState] = useState<{ db: unknown; items: LockerItem[]; refused: string[] } | null>(null);

  useEffect(() => {
    if (!db || useSample) return undefined;
    const subscription = combineLatest([
      db.locker_items.find().$,
      db.locker_interactions.find().$,
      db.locker_comments.find().$,
      db.followed_content.find().$,
    ]).subscribe(([rows, interactions, comments, followed]) => {
      const itemRows = rows.map((d) => d.toMutableJSON() as LockerItemDoc);
      const own = interactions.map((d) => d.toMutableJSON() as LockerInteractionDoc);
      const ownComments = comments.map((d) => d.toMutableJSON() as LockerCommentDoc);
      // A transition: a first sync lands rows in bursts; each re-render yields to the browser.
      startTransition(() =>
        setState({
          db,
          // Followed artists' real releases first (newest first), then the sample drops.
          items: [
            ...realDropsFromRows(
              followed.map((d) => d.toMutableJSON() as FollowedContentDoc),
              new Date(),
            ),
            ...lockerItemsFromRows(itemRows, own, new Date(), ownComments),
          ],
          refused: refusedLockerMessages(itemRows, own, ownComments),
        }),
      );
    });
    return () => subscription.unsubscribe();
  }, [db, useSample]);

  const change = useCallback(
    (id: string, next: LockerChange) => {
      if (!db || !userId) return;
      writeLockerChange(db, userId, id, next).catch((error: unknown) => console.error('locker write failed', error));
    },
    [db, userId],
  );
  const onReact = useCallback(
    (id: string, reaction: ReactionKind) => change(id, { kind: 'react', reaction }),
    [change],
  );
  const onSave = useCallback((id: string) => change(id, { kind: 'save' }), [change]);
  const onShare = useCallback((id: string) => change(id, { kind: 'share' }), [change]);
  const onUseCode = useCallback((id: string) => change(id, { kind: 'use' }), [change]);
  const onComment = useCallback(
    async (id: string, text: string) => {
      if (db && userId) await writeLockerComment(db, userId, id, text);
    },
    [db, userId],
  );

  if (useSample) return { source: 'sample', refused: NONE, ...sample };
  const ready = state && state.db === db ? state : null;
  return {
    source: ready ? 'synced' : 'loading',
    items: ready?.items ?? [],
    refused: ready?.refused ?? NONE,
    onReact,
    onSave,
    onShare,
    onUseCode,
    onComment,
  };
}
