/**
 * Binds the device outbox to the signed-in user and the app's Supabase client.
 * One outbox database per device; one running outbox per signed-in user, shared by every
 * component that asks for it (reference counted) and stopped when the user signs out or changes.
 */
import {
  createSupabaseOutboxBackend,
  createUserOutbox,
  openOutboxDatabase,
  type ContentItemInput,
  type OutboxDatabase,
  type SupabaseLike,
  type UserOutbox,
} from '@sync/outbox';
import { env, LOCAL_BACKEND_URL } from '@/lib/env';
import { supabase } from '@/lib/supabase';

type ContentItemWriter = (row: ContentItemInput) => Promise<void>;

let database: OutboxDatabase | null = null;
let active: { userId: string; outbox: UserOutbox; refs: number } | null = null;
let writer: ContentItemWriter | null = null;

/**
 * Until the app registers the sync engine's writer, rows go straight to the server (an upsert on
 * the client-generated id, so it is idempotent as well).
 */
async function writeThroughRest(row: ContentItemInput): Promise<void> {
  const { error } = await supabase.from('content_items').upsert(row, { onConflict: 'id', ignoreDuplicates: true });
  if (error) throw new Error(error.message);
}

/** The composition root registers the sync engine's `putContentItem` here. */
export function setContentItemWriter(next: ContentItemWriter | null): void {
  writer = next;
}

function backendUrl(): string {
  return env.configProblem && !/^https?:\/\//.test(env.supabaseUrl) ? LOCAL_BACKEND_URL : env.supabaseUrl;
}

export function acquireOutbox(userId: string): UserOutbox {
  if (active && active.userId !== userId) {
    void active.outbox.stop();
    active = null;
  }
  if (!active) {
    database ??= openOutboxDatabase();
    const backend = createSupabaseOutboxBackend({
      client: supabase as unknown as SupabaseLike,
      supabaseUrl: backendUrl(),
      anonKey: env.supabaseAnonKey,
      writeContentItem: (row) => (writer ?? writeThroughRest)(row),
    });
    const outbox = createUserOutbox({ db: database, userId, backend });
    active = { userId, outbox, refs: 0 };
    void outbox.start();
  }
  active.refs += 1;
  return active.outbox;
}

export function releaseOutbox(outbox: UserOutbox): void {
  if (!active || active.outbox !== outbox) return;
  active.refs -= 1;
  // Keep sending while the app is open: uploads continue after the dialog or bucket unmounts.
}

/** Sign-out: stop sending; the user's queued files stay on the device for their next sign-in. */
export async function stopOutbox(): Promise<void> {
  const current = active;
  active = null;
  await current?.outbox.stop();
}
