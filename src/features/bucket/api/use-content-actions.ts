import { useContext, useMemo } from 'react';
import { publishChange, unpublishChange } from '@sync/model';
import { deleteContentItem, editContentItem, type ContentItemEdit } from '@sync/writes';
import { SyncContext } from '@/data/sync-context';

export interface ContentActions {
  publish: (id: string) => Promise<void>;
  unpublish: (id: string) => Promise<void>;
  save: (id: string, edit: ContentItemEdit) => Promise<void>;
  remove: (id: string) => Promise<void>;
}

/** The artist's item writes, local-first through the sync engine; null while no local database is open. */
export function useContentActions(): ContentActions | null {
  const db = useContext(SyncContext)?.db ?? null;
  return useMemo(() => {
    if (!db) return null;
    return {
      publish: (id) => editContentItem(db, id, publishChange()),
      unpublish: (id) => editContentItem(db, id, unpublishChange()),
      save: (id, edit) => editContentItem(db, id, edit),
      remove: (id) => deleteContentItem(db, id),
    };
  }, [db]);
}
