import { useEffect, useState } from 'react';
import type { OutboxEntry, UserOutbox } from '../../../sync/outbox';
import { useAuthSnapshot } from '../../lib/use-auth-snapshot';
import { acquireOutbox, releaseOutbox, stopOutbox } from './outbox-wiring';

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
