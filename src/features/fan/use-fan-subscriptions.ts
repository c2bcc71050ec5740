import { useContext, useMemo } from 'react';
import { map } from 'rxjs';
import type { SubscriptionDoc } from '@sync/model';
import { SyncContext } from '@/data/sync-context';
import { useObservableValue } from '@/data/use-observable-value';
import { subscriptionsFromRows } from './subscriptions-from-rows';
import type { FanSubscription } from './types';

/** The fan's synced subscriptions; null where no local database exists (sample mode). */
export function useFanSubscriptions(): FanSubscription[] | null {
  const sync = useContext(SyncContext);
  const db = sync?.userId && !sync.error ? sync.db : null;
  const source = useMemo(
    () =>
      db
        ? db.subscriptions
            .find()
            .$.pipe(map((docs) => subscriptionsFromRows(docs.map((d) => d.toMutableJSON() as SubscriptionDoc))))
        : null,
    [db],
  );
  const rows = useObservableValue<FanSubscription[] | null>(source, null);
  return db ? rows : null;
}
