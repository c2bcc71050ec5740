import { useContext, useEffect, useState } from 'react';
import { putContentItem } from '@sync/writes';
import type { OutboxEntry, UserOutbox } from '@sync/outbox';
import { SyncContext } from '@/data/sync-context';
import { useAuthSnapshot } from '@/lib/use-auth-snapshot';
import { acquireOutbox, releaseOutbox, setContentItemWriter, stopOutbox } from './outbox-wiring';

export interface UploadOutboxState {
  outbox: UserOutbox | null;
  /** The signed-in user's entries, in queue order; empty while loading or signed out. */
  entries: OutboxEntry[];
  loaded: boolean;
}

const SIGNED_OUT: UploadOutboxState = { outbox: null, entries: [], loaded: true };
const LOADING: UploadOutboxState = { outbox: null, entries: [], loaded: false };

/** The signed-in user's outbox and its live entries. Starts sending on first use (app start). */
export function useUploadOutbox(): UploadOutboxState {
  const { user } = useAuthSnapshot();
  const userId = user?.id ?? null;
  const [state, setState] = useState<UploadOutboxState & { userId: string | null }>({ ...LOADING, userId: null });
  const sync = useContext(SyncContext);
  const localDb = sync && sync.userId === userId ? sync.db : null;

  // Rows go through the sync engine (local write, replicated later) once the user's database is open.
  useEffect(() => {
    if (!localDb) return;
    setContentItemWriter(async (row) => {
      await putContentItem(localDb, row);
    });
    return () => setContentItemWriter(null);
  }, [localDb]);

  useEffect(() => {
    if (!userId) {
      void stopOutbox();
      return;
    }
    const outbox = acquireOutbox(userId);
    const unsubscribe = outbox.watch((entries) => setState({ outbox, entries, loaded: true, userId }));
    return () => {
      unsubscribe();
      releaseOutbox(outbox);
    };
  }, [userId]);

  if (!userId) return SIGNED_OUT;
  return state.userId === userId ? state : LOADING;
}
