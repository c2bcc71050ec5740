import { useContext, useMemo } from 'react';
import { map } from 'rxjs';
import type { FollowedContentDoc } from '@sync/model';
import { SyncContext } from '@/data/sync-context';
import { useObservableValue } from '@/data/use-observable-value';
import { activityFromFollowedContent } from './real-activity';
import type { ActivityItem } from './types';

/** Followed artists' releases as feed items, live from the local database; null without one. */
export function useFollowedActivity(): ActivityItem[] | null {
  const sync = useContext(SyncContext);
  const db = sync?.userId && !sync.error ? sync.db : null;
  const source = useMemo(
    () =>
      db
        ? db.followed_content.find().$.pipe(
            map((docs) =>
              activityFromFollowedContent(
                docs.map((d) => d.toMutableJSON() as FollowedContentDoc),
                new Date(),
              ),
            ),
          )
        : null,
    [db],
  );
  const rows = useObservableValue<ActivityItem[] | null>(source, null);
  return db ? rows : null;
}
