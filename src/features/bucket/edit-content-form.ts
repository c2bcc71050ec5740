/**
 * The edit form of an artist's item: values, validation and the change it writes.
 * Invariants: a public item has no unlock date; a newly set unlock date lies in the future (an
 * unchanged past one — an item already released by date — is kept as it is); the title is required.
 */
import type { ContentItemEdit } from '@sync/writes';
import type { ContentTier } from '@sync/model';

export interface EditContentValues {
  title: string;
  description: string;
  tier: ContentTier;
  isPublic: boolean;
  /** yyyy-mm-ddThh:mm in the device's time zone, or '' (= no date: a draft when not public). */
  unlockDate: string;
}

export interface EditableContent {
  title: string;
  description: string | null;
  subscription_tier_required: ContentTier;
  is_public: boolean;
  unlock_date: string | null;
}

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** ISO timestamp → a datetime-local input's value in the device's time zone ('' when absent). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}T${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

/** A datetime-local value → ISO timestamp; null for '' or an invalid value. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function initialEditValues(item: EditableContent): EditContentValues {
  return {
    title: item.title,
    description: item.description ?? '',
    tier: item.subscription_tier_required,
    isPublic: item.is_public,
    unlockDate: item.is_public ? '' : toLocalInput(item.unlock_date),
  };
}

/** @mantine/form `validate` rules; `initial` lets an unchanged past unlock date stand. */
export function editContentRules(initial: EditContentValues, now: () => number = Date.now) {
  return {
    title: (value: string) => {
      if (!value.trim()) return 'Title is required';
      return value.trim().length > TITLE_MAX ? `Title must be at most ${TITLE_MAX} characters` : null;
    },
    description: (value: string) =>
      value.length > DESCRIPTION_MAX ? `Description must be at most ${DESCRIPTION_MAX} characters` : null,
    unlockDate: (value: string, values: EditContentValues) => {
      if (values.isPublic || !value) return null;
      const iso = fromLocalInput(value);
      if (!iso) return 'Enter a valid date and time';
      if (value === initial.unlockDate) return null;
      return Date.parse(iso) > now() ? null : 'Unlock date must be in the future';
    },
  };
}

/** The values → the local write (public clears the unlock date; no date and not public = draft). */
export function toContentEdit(values: EditContentValues): ContentItemEdit {
  return {
    title: values.title.trim(),
    description: values.description.trim() ? values.description.trim() : null,
    subscription_tier_required: values.tier,
    is_public: values.isPublic,
    unlock_date: values.isPublic ? null : fromLocalInput(values.unlockDate),
  };
}
