/**
 * Pure status derivation for the header badge. Invariants: status comes from local facts only —
 * the browser's online flag, whether this engine runs, the last request failure shared by the
 * replicating tab, whether a replication cycle is active, and how many local changes wait — so a
 * follower tab shows the same truth as the leader. Offline beats error beats syncing beats synced.
 */
export type SyncStatus = 'offline' | 'syncing' | 'synced' | 'error';
export type FailureKind = 'network' | 'auth' | 'server' | 'client';

export interface StatusFacts {
  online: boolean;
  running: boolean;
  failure: FailureKind | null;
  active: boolean;
  pending: number;
}

export function deriveStatus(facts: StatusFacts): SyncStatus {
  if (!facts.online || !facts.running || facts.failure === 'network') return 'offline';
  if (facts.failure) return 'error';
  if (facts.active || facts.pending > 0) return 'syncing';
  return 'synced';
}

/** Retry delay after `consecutiveFailures` failed requests: doubling from base, capped. */
export function retryDelay(consecutiveFailures: number, baseMs: number, maxMs: number): number {
  if (consecutiveFailures <= 0) return baseMs;
  return Math.min(maxMs, baseMs * 2 ** (consecutiveFailures - 1));
}
