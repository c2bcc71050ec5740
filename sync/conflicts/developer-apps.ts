/**
 * developer_apps conflict policy. Invariants: the server wins, except the owner's newer local
 * edits of details (name, description), redirect URIs, scopes and status, each its own group;
 * credentials (client_id, secret hash and last 4), owner, usage counters and created_at are
 * always the server's; a delete on either side is final (tombstones win).
 */
import { createConflictHandler } from './create-conflict-handler';
import type { MergePolicy } from './merge-field-groups';
import type { DeveloperAppDoc } from '../schemas/developer-apps';

export const DEVELOPER_APP_FIELD_GROUPS = [
  { name: 'details', fields: ['name', 'description'] },
  { name: 'redirects', fields: ['redirect_uris'] },
  { name: 'scopes', fields: ['scopes'] },
  { name: 'status', fields: ['status'] },
] as const;

export const developerAppMergePolicy: MergePolicy = { groups: DEVELOPER_APP_FIELD_GROUPS };
export const developerAppConflictHandler = createConflictHandler<DeveloperAppDoc>(developerAppMergePolicy);
