/**
 * Appends one engagement event locally; it is pushed, never
 * pulled. Invariants: client-generated uuid so a retried push can never duplicate the event;
 * the row shape is exactly the server's.
 */
import type { BucketDatabase } from '../collections';
import type { EngagementLogDoc, EngagementLogRow } from '../schemas/types';

export type EngagementInput = Pick<EngagementLogRow, 'user_id' | 'event_type'> &
  Partial<Pick<EngagementLogRow, 'id' | 'is_anonymous' | 'metadata' | 'created_at'>>;

export async function logEngagement(db: BucketDatabase, input: EngagementInput): Promise<EngagementLogDoc> {
  const doc: EngagementLogDoc = {
    id: input.id ?? crypto.randomUUID(),
    user_id: input.user_id,
    event_type: input.event_type,
    is_anonymous: input.is_anonymous ?? false,
    metadata: input.metadata ?? {},
    created_at: input.created_at ?? new Date().toISOString(),
    sync_state: 'dirty',
    sync_modified: null,
  };
  const inserted = await db.media_engagement_log.insert(doc);
  return inserted.toMutableJSON() as EngagementLogDoc;
}
