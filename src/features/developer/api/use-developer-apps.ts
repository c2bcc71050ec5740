import { useCallback, useSyncExternalStore } from 'react';
import { useAuthSnapshot } from '../../../lib/use-auth-snapshot';
import { createLocalAppRepository } from './local-app-repository';
import type { AppStatus, CreateAppInput, DeveloperAppRepository } from './types';

// One repository per page load; swapped for the synced one when it exists.
let repository: DeveloperAppRepository | null = null;
function getRepository(): DeveloperAppRepository {
  repository ??= createLocalAppRepository();
  return repository;
}

/** The signed-in developer's applications, plus create and status changes. */
export function useDeveloperApps() {
  const { user } = useAuthSnapshot();
  const ownerId = user?.id ?? 'anonymous';
  const repo = getRepository();
  const apps = useSyncExternalStore(
    repo.subscribe,
    () => repo.list(ownerId),
    () => repo.list(ownerId),
  );
  const createApp = useCallback((input: CreateAppInput) => repo.create(ownerId, input), [repo, ownerId]);
  const setStatus = useCallback(
    (appId: string, status: AppStatus) => repo.setStatus(ownerId, appId, status),
    [repo, ownerId],
  );
  return { apps, createApp, setStatus };
}
