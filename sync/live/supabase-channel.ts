/**
 * Supabase Realtime as the live engine's transport: one channel with a `postgres_changes`
 * binding per pulled table, translated into the controller's events. Invariants: every open
 * uses a fresh topic (realtime-js reuses a channel object by topic, and a left channel must
 * never be rejoined by phoenix behind our back); the session's current access token is set on
 * the socket before each join (`realtime.setAuth()` with no argument reads — and if expired
 * refreshes — the session; supabase-js pushes later refreshes itself on TOKEN_REFRESHED, and
 * its heartbeat re-reads the token); closing the last channel disconnects the socket at once,
 * so a tab that stops replicating (sign-out, leadership lost) holds no socket and phoenix's own
 * reconnect loop never runs beside ours; rows are never taken from the event (it only names
 * the table to pull), so ordering and row-level security stay the pull's.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type { FailureReason } from './live-policy';

export interface ChannelHandlers {
  subscribed(): void;
  ready(): void;
  change(table: string): void;
  failed(reason: FailureReason, detail?: string): void;
}

/** Opens one channel; the returned function leaves it (idempotent). */
export type OpenChannel = (handlers: ChannelHandlers) => Promise<() => Promise<void>>;

interface SystemPayload {
  extension?: string;
  status?: string;
  message?: string;
}

export function supabaseChannelOpener(
  supabase: SupabaseClient,
  tables: readonly string[],
  topicPrefix: string,
): OpenChannel {
  let seq = 0;
  let disconnecting: Promise<unknown> = Promise.resolve();

  async function leave(channel: RealtimeChannel): Promise<void> {
    await supabase.removeChannel(channel).catch(() => undefined);
    if (supabase.getChannels().length === 0) {
      disconnecting = supabase.realtime.disconnect().catch(() => undefined);
      await disconnecting;
    }
  }

  return async (handlers) => {
    // A new connection must not start while the previous one is still closing (realtime-js
    // would skip connect() and the join would sit in its buffer until the timeout).
    await disconnecting;
    await supabase.realtime.setAuth();
    seq += 1;
    const channel = supabase.channel(`${topicPrefix}-${seq}`);
    for (const table of tables) {
      channel.on('postgres_changes', { event: '*', schema: 'public', table }, (payload: { table?: string }) =>
        handlers.change(payload.table ?? table),
      );
    }
    channel.on('system', {}, (payload: SystemPayload) => {
      if (payload.extension !== 'postgres_changes') return;
      if (payload.status === 'ok') handlers.ready();
      else if (payload.status === 'error') handlers.failed('error', payload.message);
    });
    let left: Promise<void> | null = null;
    const close = () => (left ??= leave(channel));
    try {
      channel.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') handlers.subscribed();
        else if (status === 'TIMED_OUT') handlers.failed('timeout');
        else if (status === 'CLOSED') handlers.failed('closed');
        else handlers.failed('error', error?.message);
      });
    } catch (error) {
      // No WebSocket implementation (Node without `ws`): realtime-js throws from connect().
      await close();
      throw error;
    }
    return close;
  };
}
