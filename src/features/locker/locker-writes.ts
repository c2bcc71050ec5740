/**
 * The fan's locker actions as local writes (synced later by the engine). Invariants: one
 * interaction row per fan and drop, id `fan_id|item_id` (the server's trigger checks it), so the
 * same action taken offline on two devices converges; comments get client uuids (a retried push
 * never duplicates one); `sync_state` starts 'dirty' — the collection hooks keep it that way.
 */
import type { BucketDatabase } from '@sync';
import { fanRowId, type LockerInteractionDoc, type LockerInteractionRow } from '@sync/model';
import type { ReactionKind } from './types';

export type LockerChange =
  { kind: 'react'; reaction: ReactionKind } | { kind: 'save' } | { kind: 'share' } | { kind: 'use' };

type InteractionFields = Pick<LockerInteractionRow, 'reaction' | 'saved' | 'used' | 'shared'>;

const NO_INTERACTION: InteractionFields = { reaction: null, saved: false, used: false, shared: false };

/** The fields a change sets, given the fan's current interaction with the drop (or none). */
export function interactionPatch(current: InteractionFields | null, change: LockerChange): Partial<InteractionFields> {
  const now = current ?? NO_INTERACTION;
  switch (change.kind) {
    case 'react':
      // Choosing the current reaction again removes it; another one moves it.
      return { reaction: now.reaction === change.reaction ? null : change.reaction };
    case 'save':
      return { saved: !now.saved };
    case 'share':
      return { shared: true };
    case 'use':
      return { used: true };
  }
}

/** A new interaction row for a fan's first action on a drop. */
export function newInteraction(fanId: string, itemId: string, nowIso: string): LockerInteractionDoc {
  return {
    id: fanRowId(fanId, itemId),
    fan_id: fanId,
    item_id: itemId,
    ...NO_INTERACTION,
    claimed_date: null,
    created_at: nowIso,
    updated_at: nowIso,
    sync_state: 'dirty',
    sync_modified: null,
  };
}

function isConflict(error: unknown): boolean {
  const e = error as { code?: string; parameters?: { writeError?: { status?: number } } };
  return e?.code === 'CONFLICT' || e?.parameters?.writeError?.status === 409;
}

/** Applies one locker action to the local database. */
export async function writeLockerChange(
  db: BucketDatabase,
  fanId: string,
  itemId: string,
  change: LockerChange,
): Promise<void> {
  const collection = db.locker_interactions;
  const id = fanRowId(fanId, itemId);
  const patchExisting = async () => {
    const doc = await collection.findOne(id).exec();
    if (!doc) return false;
    await doc.incrementalModify((data) => ({
      ...data,
      ...interactionPatch(data, change),
      updated_at: new Date().toISOString(),
    }));
    return true;
  };
  if (await patchExisting()) return;
  const nowIso = new Date().toISOString();
  const fresh = newInteraction(fanId, itemId, nowIso);
  try {
    await collection.insert({ ...fresh, ...interactionPatch(null, change) });
  } catch (error) {
    // Another tab or a pull inserted it meanwhile: apply the change to that row instead.
    if (!isConflict(error) || !(await patchExisting())) throw error;
  }
}

/** Adds the fan's comment locally; the server refuses it under the drop's fan_tier_required. */
export async function writeLockerComment(
  db: BucketDatabase,
  fanId: string,
  itemId: string,
  body: string,
): Promise<void> {
  const nowIso = new Date().toISOString();
  await db.locker_comments.insert({
    id: crypto.randomUUID(),
    fan_id: fanId,
    item_id: itemId,
    body: body.trim().slice(0, 500),
    created_at: nowIso,
    updated_at: nowIso,
    sync_state: 'dirty',
    sync_modified: null,
  });
}
