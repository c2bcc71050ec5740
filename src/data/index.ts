// React bindings of the sync engine: provider + hooks. Screens import from here only.
export { SyncProvider } from './SyncProvider';
export type { SyncProviderProps } from './SyncProvider';
export { useSyncEngine, useLocalDb } from './use-sync-engine';
export { useMediaIds, useMediaId } from './use-media-ids';
export { useProfile } from './use-profile';
export { useSyncStatus } from './use-sync-status';
export type { SyncStatusView } from './use-sync-status';
export { useObservableValue } from './use-observable-value';
