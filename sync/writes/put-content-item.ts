/**
 * Writes a content_items row locally (the outbox calls this after the file upload).
 * Invariants: the id is client-generated and stable for one upload, so calling this again with
 * the same id updates rather than duplicates; created_at is kept from the first write.
 */
import type { BucketDatabase } from '../collections';
import type { ContentItemDoc, ContentItemRow } from '../schemas/types';
import { nowIso, upsertDocument } from './upsert-document';

export type ContentItemInput = Pick<ContentItemRow, 'id' | 'artist_id' | 'title' | 'file_path' | 'file_type' | 'file_size'> &
  Partial<Omit<ContentItemRow, 'id' | 'artist_id' | 'updated_at'>>;

export function putContentItem(db: BucketDatabase, input: ContentItemInput): Promise<ContentItemDoc> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  return upsertDocument<ContentItemDoc>(
    db.content_items as never,
    input.id,
    () => {
      const now = nowIso();
      return {
        description: null,
        metadata: {},
        is_public: false,
        subscription_tier_required: 'free',
        unlock_date: null,
        created_at: now,
        ...changes,
        id: input.id,
        artist_id: input.artist_id,
        title: input.title,
        file_path: input.file_path,
        file_type: input.file_type,
        file_size: input.file_size,
        updated_at: now,
        sync_state: 'dirty',
        sync_modified: null,
      };
    },
    (current) => {
      const { created_at: _ignored, ...rest } = changes;
      return { ...current, ...rest, updated_at: nowIso() };
    },
  );
}
