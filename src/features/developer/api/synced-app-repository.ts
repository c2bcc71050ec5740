/**
 * The signed-in developer's apps from the synced `developer_apps` collection. Invariants: reads
 * and status changes touch only the local database (offline-safe); create and delete go through
 * the register-app function (online only, the row then arrives by sync); the server's RLS is the real owner
 * guard, the selector only keeps a switched-user's rows off the screen; `list()` returns the same
 * array between changes (useSyncExternalStore).
 */
import type { RxCollection } from 'rxdb';
import type { Subscription } from 'rxjs';
import type { DeveloperAppDoc } from '@sync/model';
import { appFromDoc, byNewest } from './app-from-doc';
import { deleteRegisteredApp, regenerateAppSecret, registerApp } from './register-app';
import type { DeveloperApp, DeveloperAppRepository } from './types';
import { setDeveloperAppStatus } from './update-developer-app';

const NONE: DeveloperApp[] = [];

export function createSyncedAppRepository(
  collection: RxCollection<DeveloperAppDoc>,
  ownerId: string,
): DeveloperAppRepository {
  let apps = NONE;
  let subscription: Subscription | null = null;
  const listeners = new Set<() => void>();

  const start = () => {
    subscription = collection.find({ selector: { owner_id: ownerId } }).$.subscribe((docs) => {
      apps = docs.map((doc) => appFromDoc(doc.toMutableJSON() as DeveloperAppDoc)).sort(byNewest);
      listeners.forEach((listener) => listener());
    });
  };

  return {
    kind: 'synced',
    list: () => apps,
    subscribe(listener) {
      listeners.add(listener);
      if (!subscription) start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          subscription?.unsubscribe();
          subscription = null;
        }
      };
    },
    // registration and deletion touch the OAuth server: online, through register-app
    create: (input) => registerApp(input),
    setStatus: (appId, status) => setDeveloperAppStatus(collection, appId, status),
    remove: (appId) => deleteRegisteredApp(appId),
    regenerateSecret: (appId) => regenerateAppSecret(appId),
  };
}
