/**
 * PREVIEW ONLY — an in-memory store seeded with the sample apps, used when there is no local
 * database (signed-out preview on /test, the e2e in-memory auth harness). Nothing is persisted or
 * synced; a reload starts over. The UI labels it as a preview.
 */
import { createCredentials } from './credentials';
import { SAMPLE_APPS } from './sample-apps';
import type { DeveloperApp, DeveloperAppRepository } from './types';

export function createSampleAppRepository(): DeveloperAppRepository {
  let apps: DeveloperApp[] = SAMPLE_APPS;
  const listeners = new Set<() => void>();
  const set = (next: DeveloperApp[]) => {
    apps = next;
    listeners.forEach((listener) => listener());
  };

  return {
    kind: 'sample',
    list: () => apps,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async create(input) {
      const credentials = await createCredentials();
      const app: DeveloperApp = {
        id: crypto.randomUUID(),
        name: input.name.trim(),
        description: input.description.trim(),
        clientId: credentials.clientId,
        clientSecretLast4: credentials.clientSecretLast4,
        redirectUris: input.redirectUris,
        scopes: input.scopes,
        status: 'active',
        created: new Date().toISOString(),
        lastUsed: null,
        apiCalls: 0,
        users: 0,
        pending: false,
        refusal: null,
      };
      set([app, ...apps]);
      return { app, clientSecret: credentials.clientSecret };
    },
    async setStatus(appId, status) {
      set(apps.map((app) => (app.id === appId ? { ...app, status } : app)));
    },
    async remove(appId) {
      set(apps.filter((app) => app.id !== appId));
    },
  };
}
