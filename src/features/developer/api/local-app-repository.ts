/**
 * The developer-app repository on this device (localStorage, one key per owner), seeded with the
 * sample apps. It stands behind `DeveloperAppRepository` so a synced table can replace it without
 * touching the UI. Invariant: the plain-text secret is returned once by `create` and never stored.
 */
import { generateClientId, generateClientSecret } from './credentials';
import { SAMPLE_APPS } from './sample-apps';
import type { AppStatus, CreateAppInput, DeveloperApp, DeveloperAppRepository } from './types';

const storageKey = (ownerId: string) => `bucket.developer-apps.${ownerId}`;

function readOwned(ownerId: string): DeveloperApp[] {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey(ownerId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as DeveloperApp[]) : [];
  } catch {
    return [];
  }
}

function writeOwned(ownerId: string, apps: DeveloperApp[]) {
  try {
    globalThis.localStorage?.setItem(storageKey(ownerId), JSON.stringify(apps));
  } catch {
    // Storage full or blocked: the app stays in memory for this session.
  }
}

export function createLocalAppRepository(): DeveloperAppRepository {
  const listeners = new Set<() => void>();
  const cache = new Map<string, DeveloperApp[]>();
  const sampleStatus = new Map<string, AppStatus>();

  const owned = (ownerId: string) => {
    if (!cache.has(ownerId)) cache.set(ownerId, readOwned(ownerId));
    return cache.get(ownerId)!;
  };
  const emit = () => listeners.forEach((listener) => listener());
  // list() must return a stable array between changes for useSyncExternalStore.
  const snapshots = new Map<string, DeveloperApp[]>();

  return {
    list(ownerId) {
      const cached = snapshots.get(ownerId);
      if (cached) return cached;
      const samples = SAMPLE_APPS.map((app) => ({ ...app, ownerId, status: sampleStatus.get(app.id) ?? app.status }));
      const all = [...owned(ownerId), ...samples];
      snapshots.set(ownerId, all);
      return all;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async create(ownerId, input: CreateAppInput) {
      const clientSecret = generateClientSecret();
      const app: DeveloperApp = {
        id: crypto.randomUUID(),
        ownerId,
        name: input.name.trim(),
        description: input.description.trim(),
        clientId: generateClientId(),
        clientSecretLast4: clientSecret.slice(-4),
        redirectUris: input.redirectUris,
        scopes: input.scopes,
        status: 'active',
        created: new Date().toISOString(),
        lastUsed: null,
        apiCalls: 0,
        users: 0,
      };
      const next = [app, ...owned(ownerId)];
      cache.set(ownerId, next);
      writeOwned(ownerId, next);
      snapshots.delete(ownerId);
      emit();
      return { app, clientSecret };
    },
    async setStatus(ownerId, appId, status) {
      const list = owned(ownerId);
      if (list.some((app) => app.id === appId)) {
        const next = list.map((app) => (app.id === appId ? { ...app, status } : app));
        cache.set(ownerId, next);
        writeOwned(ownerId, next);
      } else {
        sampleStatus.set(appId, status);
      }
      snapshots.delete(ownerId);
      emit();
    },
  };
}
