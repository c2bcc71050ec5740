import type { SubscriptionDoc } from '@sync/model';
import { useOwnSubscription } from '@/data/use-own-subscription';

const LEVEL: Record<string, number> = { tier1: 1, tier2: 2, tier3: 3 };
const paidLevel = (row: SubscriptionDoc | null): number => (row ? (LEVEL[row.tier] ?? 0) : 0);

/**
 * The paid tier (1-3) the signed-in fan holds with `artistId`, from their synced subscription row
 * (granted only by the server; live, offline too); 0 when they do not pay this artist.
 */
export function usePaidLevel(artistId: string): number {
  return useOwnSubscription(artistId, paidLevel, 0);
}
