import { useContext, useMemo, useSyncExternalStore } from 'react';
import { SyncContext } from '@/data/sync-context';
import { createSampleAppRepository } from './sample-app-repository';
import { createSyncedAppRepository } from './synced-app-repository';
import type { DeveloperAppRepository } from './types';

// The preview store lives for the page load (never persisted).
let sampleRepository: DeveloperAppRepository | null = null;
function getSampleRepository(): DeveloperAppRepository {
  sampleRepository ??= createSampleAppRepository();
  return sampleRepository;
}

/**
 * The signed-in developer's applications from the local database, or — without one (signed-out
 * preview, the e2e in-memory auth harness) — the in-memory sample store, flagged `preview`.
 * The sync context is read directly (not `useLocalDb()`, which throws outside a SyncProvider).
 */
export function useDeveloperApps() {
  const sync = useContext(SyncContext);
  const collection = sync?.db?.developer_apps ?? null;
  const ownerId = sync?.userId ?? null;
  const repo = useMemo(
    () => (collection && ownerId ? createSyncedAppRepository(collection, ownerId) : getSampleRepository()),
    [collection, ownerId],
  );
  const apps = useSyncExternalStore(repo.subscribe, repo.list, repo.list);
  return {
    apps,
    preview: repo.kind === 'sample',
    createApp: repo.create,
    setStatus: repo.setStatus,
    removeApp: repo.remove,
    regenerateSecret: repo.regenerateSecret,
  };
}
