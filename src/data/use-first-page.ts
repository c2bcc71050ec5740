// The first pull page of a collection (first-pages.ts) while this device's first sync is under
// way: what a screen shows before (and merged under) the local rows, so a new device shows the
// user's data without waiting for its database to be created. null when there is none (a device
// with a local database, offline, a failed request, or once the first sync has finished).
import { startTransition, useContext, useEffect, useState } from 'react';
import type { CollectionName } from '@sync';
import { SyncContext } from './sync-context';
import { useFirstSyncPending } from './use-first-sync-pending';

type Row = Record<string, unknown>;

/** One filtered array per page, so screens memoising on it do not recompute on every render. */
const shown = new WeakMap<readonly Row[], Row[]>();

function visible(rows: readonly Row[]): Row[] {
  let list = shown.get(rows);
  if (!list) {
    // Tombstones travel in pull pages (so the replication deletes them); a screen never shows them.
    list = rows.filter((row) => row._deleted !== true);
    shown.set(rows, list);
  }
  return list;
}

export function useFirstPage<T>(name: CollectionName): T[] | null {
  const sync = useContext(SyncContext);
  const pages = sync?.firstPages ?? null;
  const pending = useFirstSyncPending();
  const [fetched, setFetched] = useState<{ pages: unknown; rows: Row[] } | null>(null);
  const ready = pages?.peek(name);

  useEffect(() => {
    if (!pages || !pending || ready) return undefined;
    let cancelled = false;
    pages.get(name).then(
      (page) => {
        // A transition, as every database emission: the screen these rows fill renders in slices.
        if (!cancelled) startTransition(() => setFetched({ pages, rows: visible(page.documents) }));
      },
      () => undefined, // the replication pulls (and reports) itself
    );
    return () => {
      cancelled = true;
    };
  }, [pages, pending, ready, name]);

  const rows = !pages || !pending ? null : ready ? visible(ready) : fetched?.pages === pages ? fetched.rows : null;
  return rows as T[] | null;
}

/**
 * What a screen merges under its local rows: `first` (its first pages) while there are any, then
 * the last of them until the screen's own local rows (`local`, the same object until its query
 * emits) have changed since. The first sync reports done before the screen's query delivers what
 * it wrote (each subscriber hears of it in its own task), and meanwhile the screen would have
 * neither: a new device's Daily Locker would flash back to its skeleton or to "Your Locker is
 * Empty". Kept rows stay under the local ones (the local row wins for an id),
 * and a row deleted meanwhile arrives as a local change, which ends the keeping. They are kept
 * for the signed-in user they were fetched for (`userId`) only.
 */
export function useFirstPageUntilLocal<F>(first: F | null, local: unknown, userId: string | null): F | null {
  const [previous, setPrevious] = useState(first);
  const [kept, setKept] = useState<{ first: F; local: unknown; userId: string | null } | null>(null);
  if (first !== previous) {
    // Information from the previous render (React's documented pattern): re-rendered at once.
    setPrevious(first);
    setKept(first === null && previous !== null ? { first: previous, local, userId } : null);
  }
  if (first !== null) return first;
  return kept && kept.local === local && kept.userId === userId ? kept.first : null;
}
