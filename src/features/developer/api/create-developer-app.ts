import type { RxCollection } from 'rxdb';
import type { DeveloperAppDoc } from '../../../../sync/schemas/developer-apps';
import { appFromDoc } from './app-from-doc';
import { createCredentials } from './credentials';
import type { CreateAppInput, CreatedApp } from './types';

/**
 * Registers an app in the local database (works offline; the sync engine pushes it). The clear
 * secret is returned to the caller once and never written anywhere.
 */
export async function createDeveloperApp(
  collection: RxCollection<DeveloperAppDoc>,
  ownerId: string,
  input: CreateAppInput,
): Promise<CreatedApp> {
  const credentials = await createCredentials();
  const now = new Date().toISOString();
  const doc: DeveloperAppDoc = {
    id: crypto.randomUUID(),
    owner_id: ownerId,
    name: input.name.trim(),
    description: input.description.trim() || null,
    client_id: credentials.clientId,
    client_secret_hash: credentials.clientSecretHash,
    client_secret_last4: credentials.clientSecretLast4,
    redirect_uris: input.redirectUris,
    scopes: input.scopes,
    status: 'active',
    api_calls: 0,
    users: 0,
    last_used: null,
    created_at: now,
    updated_at: now,
    sync_state: 'dirty',
    sync_modified: null,
  };
  const inserted = await collection.insert(doc);
  return { app: appFromDoc(inserted.toMutableJSON() as DeveloperAppDoc), clientSecret: credentials.clientSecret };
}
