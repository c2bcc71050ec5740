/**
 * The unlock date field (a datetime-local value ↔ the ISO timestamp stored in the queue item) and
 * what a file's tier and release settings mean for fans, as shown in the Review step.
 */
import type { UploadMetadata } from '@sync/outbox';
import { SUBSCRIPTION_TIER_OPTIONS } from './upload-options';

export const UNLOCK_DATE_PAST = 'Unlock date must be in the future.';

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO timestamp → 'yyyy-mm-ddThh:mm' in local time for <input type="datetime-local">. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** 'yyyy-mm-ddThh:mm' (local) → ISO timestamp; empty or unreadable → null (unlock manually later). */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** A message when this file's unlock date cannot be used; public files ignore the date. */
export function unlockDateProblem(metadata: Pick<UploadMetadata, 'isPublic' | 'unlockDate'>, now: number) {
  if (metadata.isPublic || !metadata.unlockDate) return null;
  return new Date(metadata.unlockDate).getTime() > now ? null : UNLOCK_DATE_PAST;
}

export function tierName(tier: UploadMetadata['subscriptionTier']): string {
  return SUBSCRIPTION_TIER_OPTIONS.find((o) => o.value === tier)?.label ?? tier;
}

export interface ReleaseState {
  kind: 'public' | 'scheduled' | 'draft';
  label: string;
  /** What fans will experience, in one line. */
  detail: string;
}

export function releaseState(metadata: Pick<UploadMetadata, 'isPublic' | 'unlockDate'>, locale?: string): ReleaseState {
  if (metadata.isPublic)
    return { kind: 'public', label: 'Public release', detail: 'Fans see it as soon as it uploads.' };
  if (metadata.unlockDate) {
    const when = new Date(metadata.unlockDate).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return { kind: 'scheduled', label: `Scheduled ${when}`, detail: 'Fans see it from this date.' };
  }
  return { kind: 'draft', label: 'Draft', detail: "Fans won't see this until you publish it." };
}
