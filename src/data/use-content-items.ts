// content_items from the local database, newest first, optionally by artist / visibility.
import { useMemo } from 'react';
import { map } from 'rxjs';
import type { ContentItemDoc } from '../../sync';
import { useObservableValue } from './use-observable-value';
import { useSyncContext } from './use-sync-engine';

export interface ContentItemsFilter {
  artistId?: string;
  isPublic?: boolean;
  limit?: number;
}

const NONE: ContentItemDoc[] = [];

export function useContentItems(filter?: ContentItemsFilter): ContentItemDoc[] {
  const { db } = useSyncContext();
  const { artistId, isPublic, limit } = filter ?? {};
  const source = useMemo(() => {
    if (!db) return null;
    const selector: Record<string, unknown> = {};
    if (artistId !== undefined) selector.artist_id = artistId;
    if (isPublic !== undefined) selector.is_public = isPublic;
    return db.content_items
      .find({ selector, sort: [{ created_at: 'desc' }], ...(limit ? { limit } : {}) })
      .$.pipe(map((docs) => docs.map((d) => d.toMutableJSON() as ContentItemDoc)));
  }, [db, artistId, isPublic, limit]);
  return useObservableValue(source, NONE);
}
