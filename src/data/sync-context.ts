// React context carrying the signed-in user's sync engine (null while opening or signed out).
import { createContext } from 'react';
import type { BucketDatabase, FirstPages, SyncEngine } from '@sync';

export interface SyncContextValue {
  engine: SyncEngine | null;
  db: BucketDatabase | null;
  userId: string | null;
  /** Set when the local database could not be opened. */
  error: Error | null;
  /**
   * True while the engine opens on a device that had no local database for this user (checked
   * before opening): there are no local rows to wait for, so the guard can decide at once.
   */
  newDevice: boolean;
  /**
   * On a new device, online: the first pull pages fetched while the database opens (the same
   * rows its first sync writes), so a screen can show them at once; null otherwise.
   */
  firstPages: FirstPages | null;
  /** The database once open (waits while it opens); rejects if it could not be opened or the user changed. */
  whenDb: () => Promise<BucketDatabase>;
}

export const SyncContext = createContext<SyncContextValue | null>(null);

/**
 * The same value, except that an engine that has just opened is in it at once, while SyncContext
 * passes it on in a deferred (interruptible) render: for the identity bridge only, whose
 * local-first writes attach on it (a sign-up's first writes need the database at once).
 */
export const SyncOpenedContext = createContext<SyncContextValue | null>(null);
