// Access to the sync context: the engine and the local database (null while opening/signed out).
import { useContext } from 'react';
import type { BucketDatabase, SyncEngine } from '@sync';
import { SyncContext, SyncOpenedContext, type SyncContextValue } from './sync-context';

export function useSyncContext(): SyncContextValue {
  const value = useContext(SyncContext);
  if (!value) throw new Error('useSyncEngine must be used within a SyncProvider');
  return value;
}

/** The sync context with an engine that has just opened already in it (see SyncOpenedContext). */
export function useOpenedSyncContext(): SyncContextValue {
  const value = useContext(SyncOpenedContext);
  if (!value) throw new Error('useOpenedSyncContext must be used within a SyncProvider');
  return value;
}

export function useSyncEngine(): SyncEngine | null {
  return useSyncContext().engine;
}

export function useLocalDb(): BucketDatabase | null {
  return useSyncContext().db;
}
