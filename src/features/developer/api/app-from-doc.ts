import type { DeveloperAppDoc } from '@sync/model';
import type { DeveloperApp } from './types';

/** Local document (server row + sync fields) → the portal's view of an app. */
export function appFromDoc(doc: DeveloperAppDoc): DeveloperApp {
  return {
    id: doc.id,
    name: doc.name,
    description: doc.description ?? '',
    clientId: doc.client_id,
    clientSecretLast4: doc.client_secret_last4 ?? '····',
    redirectUris: doc.redirect_uris,
    scopes: doc.scopes,
    status: doc.status,
    created: doc.created_at,
    lastUsed: doc.last_used,
    apiCalls: Number(doc.api_calls) || 0,
    users: doc.users,
    pending: doc.sync_state === 'dirty',
    refusal: doc.sync_state === 'rejected' ? (doc.sync_error?.message ?? 'Refused by the server') : null,
  };
}

/** Newest first; ties by id so the order is stable. */
export function byNewest(a: DeveloperApp, b: DeveloperApp): number {
  return b.created.localeCompare(a.created) || a.id.localeCompare(b.id);
}
