/**
 * content_items conflict policy. Invariants: details (title, description), access (is_public,
 * tier, unlock date) and the stored file (path, type, size) are separate groups going to the
 * newer edit; metadata (album, genre, tags, credits, collaborators) merges key by key;
 * artist_id and created_at are the server's.
 */
import { createConflictHandler } from './create-conflict-handler';
import type { MergePolicy } from './merge-field-groups';
import type { ContentItemDoc } from '../schemas/types';

export const CONTENT_ITEM_FIELD_GROUPS = [
  { name: 'details', fields: ['title', 'description'] },
  { name: 'access', fields: ['is_public', 'subscription_tier_required', 'unlock_date'] },
  { name: 'file', fields: ['file_path', 'file_type', 'file_size'] },
  { name: 'metadata', fields: ['metadata'], mergeKeys: true },
] as const;

export const contentItemMergePolicy: MergePolicy = { groups: CONTENT_ITEM_FIELD_GROUPS };
export const contentItemConflictHandler = createConflictHandler<ContentItemDoc>(contentItemMergePolicy);
