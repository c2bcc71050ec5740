/**
 * Optional Supabase realtime: any change on the replicated tables triggers a pull cycle.
 * Invariants: one channel per engine; if the backend does not offer realtime (error, timeout or
 * close before subscribing), the channel is removed and never retried — polling covers it, so
 * a backend without realtime causes no error loop and no reconnect storm.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';

export function subscribeRealtime(
  supabase: SupabaseClient,
  tables: readonly string[],
  channelName: string,
  onChange: () => void,
): () => void {
  let channel: RealtimeChannel | null = supabase.channel(channelName);
  let disposed = false;
  const remove = () => {
    if (!channel) return;
    const current = channel;
    channel = null;
    void supabase.removeChannel(current).catch(() => undefined);
  };
  for (const table of tables) {
    channel.on('postgres_changes', { event: '*', schema: 'public', table }, () => onChange());
  }
  channel.subscribe((status) => {
    if (disposed) return;
    if (status === 'SUBSCRIBED') onChange(); // catch up on what happened while connecting
    else remove(); // CHANNEL_ERROR, TIMED_OUT, CLOSED: give up, polling remains
  });
  return () => {
    disposed = true;
    remove();
  };
}
