import type { RxCollection } from 'rxdb';
import type { DeveloperAppDoc } from '../../../../sync/schemas/developer-apps';
import type { AppStatus } from './types';

/** Turns an app on or off locally; the collection hooks stamp updated_at and mark it for sync. */
export async function setDeveloperAppStatus(
  collection: RxCollection<DeveloperAppDoc>,
  appId: string,
  status: AppStatus,
): Promise<void> {
  const doc = await collection.findOne(appId).exec();
  if (!doc) throw new Error('Application not found');
  await doc.incrementalPatch({ status });
}

/** Soft delete: RxDB keeps a tombstone (`_deleted`) that the sync engine pushes. */
export async function deleteDeveloperApp(collection: RxCollection<DeveloperAppDoc>, appId: string): Promise<void> {
  const doc = await collection.findOne(appId).exec();
  await doc?.incrementalRemove();
}
