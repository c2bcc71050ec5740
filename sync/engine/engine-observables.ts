/**
 * The engine's derived observables (status, connection mode, counts, last sync, failure).
 * Invariants: every value comes from local facts — the online flag, whether the engine runs,
 * the replication's activity, the database and the shared sync meta — so follower tabs tell
 * the same truth as the leader; each is shared and ends when the engine closes.
 */
import { combineLatest, distinctUntilChanged, map, of, shareReplay, switchMap, takeUntil, type Observable } from 'rxjs';
import type { BucketDatabase } from '../collections';
import type { CollectionReplication } from '../replication/replicate-collection';
import { watchCountByState } from './count-by-state';
import { deriveConnection, deriveStatus } from './derive-status';
import type { SyncMeta } from './sync-meta';

export interface EngineFacts {
  db: BucketDatabase;
  meta: { meta$: Observable<SyncMeta> };
  online$: Observable<boolean>;
  running$: Observable<boolean>;
  replications$: Observable<CollectionReplication[]>;
  closed$: Observable<void>;
}

function isActive(list: CollectionReplication[]): Observable<boolean> {
  if (list.length === 0) return of(false);
  return combineLatest(list.map((r) => r.active$)).pipe(map((flags) => flags.some(Boolean)));
}

export function engineObservables({ db, meta, online$, running$, replications$, closed$ }: EngineFacts) {
  const share = <T>(source: Observable<T>) =>
    source.pipe(takeUntil(closed$), shareReplay({ bufferSize: 1, refCount: true }));
  const active$ = share(replications$.pipe(switchMap(isActive), distinctUntilChanged()));
  const pendingCount$ = share(watchCountByState(db, 'dirty'));
  const rejectedCount$ = share(watchCountByState(db, 'rejected'));
  const failure$ = share(meta.meta$.pipe(map((m) => m.failure)));
  const lastSyncedAt$ = share(
    meta.meta$.pipe(
      map((m) => m.lastSyncedAt),
      distinctUntilChanged(),
      map((iso) => (iso ? new Date(iso) : null)),
    ),
  );
  const status$ = share(
    combineLatest([online$, running$, failure$, active$, pendingCount$]).pipe(
      map(([isOnline, running, failure, active, pending]) =>
        deriveStatus({ online: isOnline, running, failure: failure?.kind ?? null, active, pending }),
      ),
      distinctUntilChanged(),
    ),
  );

  const connection$ = share(
    combineLatest([online$, running$, meta.meta$]).pipe(
      map(([isOnline, running, m]) =>
        deriveConnection({ online: isOnline, running, failure: m.failure?.kind ?? null, live: m.live }),
      ),
      distinctUntilChanged(),
    ),
  );
  return { active$, pendingCount$, rejectedCount$, failure$, lastSyncedAt$, status$, connection$ };
}
