/**
 * Pure status derivation for the header badge. Invariants: status comes from local facts only —
 * the browser's online flag, whether this engine runs, the last request failure shared by the
 * replicating tab, whether a replication cycle is active, and how many local changes wait — so a
 * follower tab shows the same truth as the leader. Offline beats error beats syncing beats synced.
 */
export type SyncStatus = 'offline' | 'syncing' | 'synced' | 'error';
/** How remote changes reach this device: as they happen, by the periodic pull, or not at all. */
export type ConnectionMode = 'live' | 'polling' | 'offline';
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

export interface ConnectionFacts {
  online: boolean;
  running: boolean;
  failure: FailureKind | null;
  /** The leader tab's realtime channel is joined (shared sync meta). */
  live: boolean;
}

/** Offline exactly when deriveStatus says so; otherwise live while the channel is joined. */
export function deriveConnection(facts: ConnectionFacts): ConnectionMode {
  if (!facts.online || !facts.running || facts.failure === 'network') return 'offline';
  return facts.live ? 'live' : 'polling';
}

/** Retry delay after `consecutiveFailures` failed requests: doubling from base, capped. */
export function retryDelay(consecutiveFailures: number, baseMs: number, maxMs: number): number {
  if (consecutiveFailures <= 0) return baseMs;
  return Math.min(maxMs, baseMs * 2 ** (consecutiveFailures - 1));
}
