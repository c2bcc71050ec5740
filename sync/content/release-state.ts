/**
 * Release state of an artist's item — the same model the server enforces
 * (public.can_read_content's RELEASED clause; migration 20261127200000 keeps drafts from fans).
 * Invariants: released = public, or the unlock date has passed; scheduled = an unlock date still
 * ahead; draft = neither (never shown to fans); an unparsable date counts as no date.
 */

export type ReleaseState = 'draft' | 'scheduled' | 'released';

export interface ReleaseFields {
  is_public: boolean;
  unlock_date: string | null;
}

function unlockTime(unlockDate: string | null): number | null {
  if (!unlockDate) return null;
  const at = Date.parse(unlockDate);
  return Number.isNaN(at) ? null : at;
}

export function releaseStateOf(item: ReleaseFields, now = Date.now()): ReleaseState {
  if (item.is_public) return 'released';
  const at = unlockTime(item.unlock_date);
  if (at === null) return 'draft';
  return at <= now ? 'released' : 'scheduled';
}

/** The change that releases an item now (a pending unlock date is dropped: it no longer applies). */
export function publishChange(): ReleaseFields {
  return { is_public: true, unlock_date: null };
}

/** The change that takes an item back to draft (a past unlock date would keep it released). */
export function unpublishChange(): ReleaseFields {
  return { is_public: false, unlock_date: null };
}
