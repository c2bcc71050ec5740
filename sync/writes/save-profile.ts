/**
 * Creates or updates the signed-in user's profile row locally.
 * Invariants: id = auth user id; new profiles start with email_verified and
 * onboarding_completed false and role 'fan' unless given; updated_at stamped on every write.
 */
import type { BucketDatabase } from '../collections';
import type { ProfileDoc, ProfileRow } from '../schemas/types';
import { nowIso, upsertDocument } from './upsert-document';

export type ProfileInput = Pick<ProfileRow, 'id'> & Partial<Omit<ProfileRow, 'id' | 'created_at' | 'updated_at'>>;

export function saveProfile(db: BucketDatabase, input: ProfileInput): Promise<ProfileDoc> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  return upsertDocument<ProfileDoc>(
    db.profiles as never,
    input.id,
    () => {
      const now = nowIso();
      return {
        display_name: null,
        role: 'fan',
        email_verified: false,
        onboarding_completed: false,
        ...changes,
        id: input.id,
        created_at: now,
        updated_at: now,
        sync_state: 'dirty',
        sync_modified: null,
      };
    },
    (current) => ({ ...current, ...changes, updated_at: nowIso() }),
  );
}
