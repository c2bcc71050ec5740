// The browser's RxDB storage: Dexie on IndexedDB (with the sync engine's fewer-reads middleware); schema validation (ajv) only in development,
// where `import.meta.env.DEV` lets Vite drop the ajv chunk from production builds (CSP: ajv uses
// `new Function`). RxDB dev-mode is never used in the browser.
import type { RxStorage } from 'rxdb';
import { getBucketDexieStorage } from '../../sync/storage/dexie-storage';

export async function createAppStorage(): Promise<RxStorage<unknown, unknown>> {
  const dexie = getBucketDexieStorage();
  if (import.meta.env.DEV) {
    const { wrappedValidateAjvStorage } = await import('rxdb/plugins/validate-ajv');
    return wrappedValidateAjvStorage({ storage: dexie }) as RxStorage<unknown, unknown>;
  }
  return dexie as RxStorage<unknown, unknown>;
}
