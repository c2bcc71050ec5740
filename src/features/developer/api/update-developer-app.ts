import type { RxCollection } from 'rxdb';
import type { DeveloperAppDoc } from '@sync/model';
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
