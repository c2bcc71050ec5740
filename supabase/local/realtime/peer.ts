/**
 * What the hub and the subscription index need of a client socket. Connection implements it; the
 * hub depends on this, not on Connection, so hub ↔ connection is not an import circle.
 */
import type { Channel } from './channel';
import type { Vsn } from './protocol';

export interface Peer {
  /** the protocol version the socket joined with: frames are encoded for it */
  readonly vsn: Vsn;
  /** who the socket counts for when a join carries no user (anon) */
  readonly address: string;
  /** queues a frame; false when the socket's buffer is over its limit and the frame was dropped */
  send(frame: string | Buffer): boolean;
  /** closes one channel with a system message (e.g. a quota), keeping the socket */
  shutdownChannel(channel: Channel, message: string): void;
}
