/**
 * Per-socket bounds of the local Realtime: queued bytes, channels, joins and client messages per
 * second, sockets per user, and a REST broadcast's payload size. Invariants: each bound applies
 * to one socket, one user's sockets or one message, never to the project (its quotas: quota.ts);
 * the defaults are hosted's where hosted has one (supabase/local/README.md lists them side by side).
 */
/** The bounds (options of the realtime server, realtime/server.ts). */
export interface RealtimeLimits {
  /** bytes queued for one socket before it is dropped */
  maxBufferedBytes: number;
  /** channels joined on one socket (Realtime's max_channels_per_client) */
  maxChannelsPerClient: number;
  /** joins per second on one socket */
  maxJoinsPerSecond: number;
  /** client messages (broadcast, access_token, presence) per second on one socket */
  maxEventsPerSecond: number;
  /** sockets one user (JWT `sub`) may hold; sockets without a user count per address */
  maxConnectionsPerUser: number;
  /** one REST broadcast payload, as Realtime's max_payload_size_in_kb (bytes = kb × 1000 + 500) */
  maxPayloadSizeKb: number;
}

export const DEFAULT_LIMITS: RealtimeLimits = {
  maxBufferedBytes: 1024 * 1024,
  maxChannelsPerClient: 100,
  maxJoinsPerSecond: 100,
  maxEventsPerSecond: 100,
  maxConnectionsPerUser: 10,
  // hosted Free plan's broadcast payload limit; keeps one message far below a socket's send cap
  maxPayloadSizeKb: 256,
};
