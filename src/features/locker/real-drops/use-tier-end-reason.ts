import type { SubscriptionDoc } from '@sync/model';
import { useOwnSubscription } from '@/data/use-own-subscription';

const endReason = (row: SubscriptionDoc | null): string | null => row?.access_ended_reason ?? null;

/**
 * Why the signed-in fan's paid tier for `artistId` ended, from their synced subscription row
 * (server-owned `access_ended_reason`; live, offline too); null while a tier is held or never was.
 */
export function useTierEndReason(artistId: string): string | null {
  return useOwnSubscription(artistId, endReason, null);
}
