/**
 * Realtime test helpers: supabase-js clients whose realtime runs on `ws` (Node 20 has no
 * global WebSocket), a channel recorder, and a barrier to prove a NON-delivery without
 * waiting on a clock: after the writes under test, a write the observer is sure to receive is
 * made; once it arrives, everything committed before it has been routed (the server delivers
 * one socket's messages in commit order).
 */
import WebSocket from 'ws';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import type { LocalBackend } from '../helpers/backend';

export function rtOptions() {
  return {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never, heartbeatIntervalMs: 5_000 },
  };
}

export function rtAnon(backend: LocalBackend): SupabaseClient {
  return createClient(backend.url, backend.anonKey, rtOptions());
}

/** Signs up (or in) on a realtime-capable client. */
export async function rtUser(backend: LocalBackend, email: string, password = 'password-123'): Promise<{ client: SupabaseClient; id: string; token: string }> {
  const client = rtAnon(backend);
  const up = await client.auth.signUp({ email, password });
  let session = up.data.session;
  if (!session) {
    const inr = await client.auth.signInWithPassword({ email, password });
    if (inr.error) throw inr.error;
    session = inr.data.session;
  }
  if (!session) throw new Error(`could not sign in ${email}`);
  return { client, id: session.user.id, token: session.access_token };
}

export interface ChangeEvent {
  schema: string;
  table: string;
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
  errors: unknown;
}

export interface Recorder {
  channel: RealtimeChannel;
  events: ChangeEvent[];
  system: { extension: string; status: string; message: string; channel: string }[];
  statuses: string[];
  /** resolves with the first event satisfying `pred` (already received or future) */
  next(pred: (e: ChangeEvent) => boolean, timeoutMs?: number): Promise<ChangeEvent>;
}

export type Binding = { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; schema: string; table?: string; filter?: string };

/**
 * Subscribes to `postgres_changes` bindings; resolves once SUBSCRIBED and the server's
 * `system` confirmation (ok or error) has arrived; rejects when the join fails.
 */
export function record(client: SupabaseClient, name: string, bindings: Binding[]): Promise<Recorder> {
  const events: ChangeEvent[] = [];
  const system: Recorder['system'] = [];
  const statuses: string[] = [];
  const waiters: { pred: (e: ChangeEvent) => boolean; resolve: (e: ChangeEvent) => void }[] = [];
  let channel = client.channel(name);
  for (const b of bindings) {
    channel = channel.on('postgres_changes' as never, b as never, ((e: ChangeEvent) => {
      events.push(e);
      for (const w of [...waiters]) if (w.pred(e)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(e);
      }
    }) as never);
  }
  let systemSeen: () => void = () => undefined;
  const firstSystem = new Promise<void>((r) => (systemSeen = r));
  channel = channel.on('system', {}, (p: Recorder['system'][number]) => {
    system.push(p);
    if (p.extension === 'postgres_changes') systemSeen();
  });
  const rec: Recorder = {
    channel,
    events,
    system,
    statuses,
    next(pred, timeoutMs = 10_000) {
      const hit = events.find(pred);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no matching event on ${name} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ pred, resolve: (e) => (clearTimeout(t), resolve(e)) });
      });
    },
  };
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      statuses.push(status);
      // The server confirms postgres_changes with a `system` message right after the join reply.
      if (status === 'SUBSCRIBED') void (bindings.length ? firstSystem : Promise.resolve()).then(() => resolve(rec));
      else if (statuses.length === 1) reject(err ?? new Error(status));
    });
  });
}

/** Resolves with the subscribe() outcome (status + error message) without throwing. */
export function subscribeOutcome(client: SupabaseClient, name: string, bindings: Binding[]): Promise<{ status: string; message?: string; channel: RealtimeChannel }> {
  let channel = client.channel(name);
  for (const b of bindings) channel = channel.on('postgres_changes' as never, b as never, (() => undefined) as never);
  return new Promise((resolve) => {
    channel.subscribe((status, err) => resolve({ status, message: err?.message, channel }));
  });
}

export async function closeAll(...clients: SupabaseClient[]): Promise<void> {
  await Promise.all(clients.map((c) => c.removeAllChannels()));
  for (const c of clients) c.realtime.disconnect();
}

export type Msg = [string | null, string | null, string, string, Record<string, unknown>];

/** A raw Phoenix client (vsn 2.0.0): send frames, await frames matching a predicate. */
export async function rawPhoenix(backend: LocalBackend) {
  const ws = new WebSocket(`${backend.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${backend.anonKey}&vsn=2.0.0`);
  const received: Msg[] = [];
  const waiters: { pred: (m: Msg) => boolean; resolve: (m: Msg) => void }[] = [];
  let closed = false;
  ws.on('close', () => (closed = true));
  ws.on('message', (data: Buffer) => {
    const m = JSON.parse(data.toString()) as Msg;
    received.push(m);
    for (const w of [...waiters]) if (w.pred(m)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(m);
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const until = (pred: (m: Msg) => boolean) =>
    new Promise<Msg>((resolve) => {
      const hit = received.find(pred);
      if (hit) resolve(hit);
      else waiters.push({ pred, resolve });
    });
  return { ws, received, until, isClosed: () => closed, send: (m: Msg) => ws.send(JSON.stringify(m)) };
}

/** RLS on realtime.messages letting a signed-in user read and send on their own `user:<id>` topic. */
export const OWN_TOPIC_POLICIES = [
  `create policy "own topic: read" on realtime.messages for select to authenticated using (realtime.topic() = 'user:' || auth.uid()::text)`,
  `create policy "own topic: write" on realtime.messages for insert to authenticated with check (realtime.topic() = 'user:' || auth.uid()::text)`,
];
