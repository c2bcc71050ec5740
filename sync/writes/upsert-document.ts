/**
 * Shared insert-or-patch for the write helpers. Invariants: an existing document is patched with
 * `incrementalModify` (serialised per document, never loses a concurrent local write); a new one
 * is inserted from `create()`; a concurrent insert of the same id falls back to patching.
 * Sync bookkeeping (`sync_state`, field times) is added by the collection hooks, not here.
 */
import type { RxCollection } from 'rxdb';


function isConflict(error: unknown): boolean {
  const e = error as { code?: string; parameters?: { writeError?: { status?: number } } };
  return e?.code === 'CONFLICT' || e?.parameters?.writeError?.status === 409;
}

export async function upsertDocument<T extends object>(
  collection: RxCollection<T>,
  id: string,
  create: () => T,
  modify: (current: T) => T,
): Promise<T> {
  const patchExisting = async (): Promise<T | null> => {
    const existing = await collection.findOne(id).exec();
    if (!existing) return null;
    const updated = await existing.incrementalModify((current) => modify(current as T) as never);
    return updated.toMutableJSON() as T;
  };
  const patched = await patchExisting();
  if (patched) return patched;
  try {
    const inserted = await collection.insert(create() as never);
    return inserted.toMutableJSON() as T;
  } catch (error) {
    if (!isConflict(error)) throw error;
    const retried = await patchExisting();
    if (!retried) throw error;
    return retried;
  }
}

export function nowIso(): string {
  return new Date().toISOString();
}
