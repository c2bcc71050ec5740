/**
 * MediaID conflict policy. Invariants: the newer edit of each field group wins — interests,
 * genres, location, activity as whole groups; privacy_settings and content_flags key by key;
 * `version` only grows; id, user_uuid, role and created_at are the server's.
 */
import { createConflictHandler } from './create-conflict-handler';
import type { MergePolicy } from './merge-field-groups';
import type { MediaIdDoc } from '../schemas/types';

export const MEDIA_ID_FIELD_GROUPS = [
  { name: 'interests', fields: ['interests'] },
  { name: 'genres', fields: ['genre_preferences'] },
  { name: 'location', fields: ['location_code'] },
  { name: 'privacy', fields: ['privacy_settings'], mergeKeys: true },
  { name: 'content_flags', fields: ['content_flags'], mergeKeys: true },
  { name: 'activity', fields: ['is_active'] },
  {
    name: 'version',
    fields: ['version'],
    resolve: (local: Record<string, unknown>, server: Record<string, unknown>) => ({
      version: Math.max(Number(local.version) || 1, Number(server.version) || 1),
    }),
  },
] as const;

export const mediaIdMergePolicy: MergePolicy = { groups: MEDIA_ID_FIELD_GROUPS };
export const mediaIdConflictHandler = createConflictHandler<MediaIdDoc>(mediaIdMergePolicy);
