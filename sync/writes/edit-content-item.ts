/**
 * An artist's edits to their own published items, local-first: the engine pushes them.
 * Invariants: only the fields an artist manages change (details and access); the file, owner and
 * created_at never do; delete is a soft delete (`_deleted`, pushed like any edit); an edit of a
 * row the server refused makes it 'dirty' again, so it is sent again with the new values.
 */
import type { BucketDatabase } from '../collections';
import type { ContentItemDoc } from '../schemas/types';
import { nowIso } from './upsert-document';

export type ContentItemEdit = Partial<
  Pick<ContentItemDoc, 'title' | 'description' | 'is_public' | 'subscription_tier_required' | 'unlock_date'>
>;

const EDITABLE = ['title', 'description', 'is_public', 'subscription_tier_required', 'unlock_date'] as const;

export async function editContentItem(db: BucketDatabase, id: string, edit: ContentItemEdit): Promise<void> {
  const doc = await db.content_items.findOne(id).exec();
  if (!doc) throw new Error('This item is no longer in your bucket.');
  const changes = Object.fromEntries(EDITABLE.filter((k) => edit[k] !== undefined).map((k) => [k, edit[k]]));
  await doc.incrementalModify((current) => ({ ...current, ...changes, updated_at: nowIso() }));
}

export async function deleteContentItem(db: BucketDatabase, id: string): Promise<void> {
  const doc = await db.content_items.findOne(id).exec();
  if (doc) await doc.incrementalRemove();
}
