/**
 * Creates or updates the MediaID of (user, role) locally; replication takes it to the server.
 * Invariants: id derived from user and role; defaults only on creation; a partial
 * privacy_settings is merged into the current switches; updated_at stamped on every write.
 */
import type { BucketDatabase } from '../collections';
import type { MediaIdDoc, MediaIdRow, PrivacySettings } from '../schemas/types';
import { DEFAULT_LOCATION_CODE, DEFAULT_PRIVACY_SETTINGS, MEDIA_ID_VERSION, mediaIdKey } from './media-id-defaults';
import { nowIso, upsertDocument } from './upsert-document';

type Editable = Omit<MediaIdRow, 'id' | 'user_uuid' | 'role' | 'privacy_settings' | 'created_at' | 'updated_at'>;

export type MediaIdInput = Pick<MediaIdRow, 'user_uuid' | 'role'> &
  Partial<Editable> & { privacy_settings?: Partial<PrivacySettings> };

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function upsertMediaId(db: BucketDatabase, input: MediaIdInput): Promise<MediaIdDoc> {
  const { user_uuid, role, privacy_settings, ...rest } = input;
  const changes = withoutUndefined(rest);
  const id = mediaIdKey(user_uuid, role);
  return upsertDocument<MediaIdDoc>(
    db.media_ids as never,
    id,
    () => {
      const now = nowIso();
      return {
        id,
        user_uuid,
        role,
        interests: [],
        genre_preferences: [],
        location_code: DEFAULT_LOCATION_CODE,
        content_flags: {},
        version: MEDIA_ID_VERSION,
        is_active: true,
        ...changes,
        privacy_settings: { ...DEFAULT_PRIVACY_SETTINGS, ...privacy_settings },
        created_at: now,
        updated_at: now,
        sync_state: 'dirty',
        sync_modified: null,
      };
    },
    (current) => ({
      ...current,
      ...changes,
      privacy_settings: { ...current.privacy_settings, ...privacy_settings },
      updated_at: nowIso(),
    }),
  );
}
