/**
 * Supabase Realtime as the live engine's transport: one private Broadcast channel per topic
 * (Realtime Authorization: the server's RLS on realtime.messages decides who may join), whose
 * `changed` messages are translated into the controller's events. Invariants: all channels share
 * the client's one socket; a topic is reopened only after its previous channel was removed
 * (realtime-js hands back an existing channel object of the same topic, and a left channel must
 * never be rejoined by phoenix behind our back); the session's current access token is set on
 * the socket before each join (`realtime.setAuth()` with no argument reads — and if expired
 * refreshes — the session; supabase-js pushes later refreshes itself on TOKEN_REFRESHED, and
 * its heartbeat re-reads the token); closing the last channel disconnects the socket at once,
 * so a tab that stops replicating (sign-out, leadership lost) holds no socket and phoenix's own
 * reconnect loop never runs beside ours; a message only names collections to pull (rows never
 * come from it), so ordering and row-level security stay the pull's; a refusal or shutdown for
 * the project's quota (Realtime's messages, `quotaRefusal`) is reported as `quota`, not `error`.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type { FailureReason } from './live-policy';
import { namedCollections } from './live-topics';

export interface ChannelHandlers {
  subscribed(): void;
  changed(collections: readonly string[]): void;
  failed(reason: FailureReason, detail?: string): void;
}

/** Opens the channel of one topic; the returned function leaves it (idempotent). */
export type OpenChannel = (topic: string, handlers: ChannelHandlers) => Promise<() => Promise<void>>;

interface SystemPayload {
  status?: string;
  message?: string;
}

/**
 * Whether Realtime's message is a project quota: the `system` shutdown "Too many messages per
 * second", or a join refused with ClientJoinRateLimitReached / ConnectionRateLimitReached.
 */
export function quotaRefusal(message: string | undefined): boolean {
  return (
    !!message && /Too many messages per second|ClientJoinRateLimitReached|ConnectionRateLimitReached/.test(message)
  );
}

export function supabaseChannelOpener(supabase: SupabaseClient): OpenChannel {
  let disconnecting: Promise<unknown> = Promise.resolve();
  const leaving = new Map<string, Promise<void>>();

  async function leave(channel: RealtimeChannel): Promise<void> {
    await supabase.removeChannel(channel).catch(() => undefined);
    if (supabase.getChannels().length === 0) {
      disconnecting = supabase.realtime.disconnect().catch(() => undefined);
      await disconnecting;
    }
  }

  return async (topic, handlers) => {
    await leaving.get(topic);
    // A channel of this topic whose leave has not started yet (a rejoin in the same tick).
    const stale = supabase.getChannels().filter((c) => c.topic === `realtime:${topic}`);
    await Promise.all(stale.map((c) => supabase.removeChannel(c).catch(() => undefined)));
    // A new connection must not start while the previous one is still closing (realtime-js
    // would skip connect() and the join would sit in its buffer until the timeout).
    await disconnecting;
    await supabase.realtime.setAuth();
    const channel = supabase.channel(topic, { config: { private: true } });
    channel.on('broadcast', { event: 'changed' }, (message: { payload?: unknown }) =>
      handlers.changed(namedCollections(message.payload)),
    );
    // Realtime's shutdown (an expired or refused token) is a system error before the close.
    channel.on('system', {}, (payload: SystemPayload) => {
      if (payload.status === 'error')
        handlers.failed(quotaRefusal(payload.message) ? 'quota' : 'error', payload.message);
    });
    let left: Promise<void> | null = null;
    const close = () => {
      if (left) return left;
      left = leave(channel);
      leaving.set(topic, left);
      void left.finally(() => {
        if (leaving.get(topic) === left) leaving.delete(topic);
      });
      return left;
    };
    try {
      channel.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') handlers.subscribed();
        else if (status === 'TIMED_OUT') handlers.failed('timeout');
        else if (status === 'CLOSED') handlers.failed('closed');
        else handlers.failed(quotaRefusal(error?.message) ? 'quota' : 'error', error?.message);
      });
    } catch (error) {
      // No WebSocket implementation (Node without `ws`): realtime-js throws from connect().
      await close();
      throw error;
    }
    return close;
  };
}
