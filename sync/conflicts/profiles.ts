/**
 * Profile conflict policy. Invariants: display_name (the public name), bio, picture and genres
 * are separate groups (two devices editing different ones both survive); role goes to the newer edit; onboarding
 * completion is monotonic (once true on either side it stays true); email_verified, id and
 * created_at are server-owned and always taken from the server.
 */
import { createConflictHandler } from './create-conflict-handler';
import type { MergePolicy } from './merge-field-groups';
import type { ProfileDoc } from '../schemas/types';

export const PROFILE_FIELD_GROUPS = [
  { name: 'display_name', fields: ['display_name'] },
  { name: 'bio', fields: ['bio'] },
  { name: 'picture', fields: ['picture_path'] },
  { name: 'genres', fields: ['genres'] },
  { name: 'announcement', fields: ['announcement', 'announcement_on'] },
  { name: 'role', fields: ['role'] },
  {
    name: 'onboarding',
    fields: ['onboarding_completed'],
    resolve: (local: Record<string, unknown>, server: Record<string, unknown>) => ({
      onboarding_completed: local.onboarding_completed === true || server.onboarding_completed === true,
    }),
  },
] as const;

export const profileMergePolicy: MergePolicy = { groups: PROFILE_FIELD_GROUPS };
export const profileConflictHandler = createConflictHandler<ProfileDoc>(profileMergePolicy);
