// Access to the sync context: the engine and the local database (null while opening/signed out).
import { useContext } from 'react';
import type { BucketDatabase, SyncEngine } from '../../sync';
import { SyncContext, type SyncContextValue } from './sync-context';

export function useSyncContext(): SyncContextValue {
  const value = useContext(SyncContext);
  if (!value) throw new Error('useSyncEngine must be used within a SyncProvider');
  return value;
}

export function useSyncEngine(): SyncEngine | null {
  return useSyncContext().engine;
}

export function useLocalDb(): BucketDatabase | null {
  return useSyncContext().db;
}
