/**
 * What the outbox needs from the outside world, as a narrow interface.
 * Invariants: the outbox never holds a long-lived access token — it asks `getAccessToken()` before
 * every request; `statObject` answers for the signed-in user's view of bucket `content`;
 * `verifyObject` asks the server (Edge Function verify-upload) to read the stored bytes: it
 * resolves with the server's verdict and throws when no verdict could be had (network, server
 * trouble: try again later); `writeContentItem` goes through the sync engine (local write,
 * replicated later) and is idempotent on the row id.
 */
import type { ContentItemInput } from './content-item-row';

export interface OutboxBackend {
  /** e.g. http://127.0.0.1:54321 (no trailing slash needed). */
  supabaseUrl: string;
  anonKey: string;
  /** The current session's access token (refreshed by the auth client), or null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** Size of a stored object in bucket `content`, or null when it does not exist. */
  statObject(objectPath: string): Promise<{ size: number } | null>;
  /** The server's verdict on the stored object's bytes (its format, size and, for audio, headers). */
  verifyObject(objectPath: string): Promise<UploadVerdict>;
  /** Write the content_items row (idempotent on `row.id`). */
  writeContentItem(row: ContentItemInput): Promise<void>;
}

export type UploadVerdict = { ok: true } | { ok: false; message: string };

/** Asks verify-upload (`/functions/v1/verify-upload`) to check an object of the caller's folder. */
export async function verifyObjectWithFunction(
  supabaseUrl: string,
  anonKey: string,
  accessToken: string | null,
  objectPath: string,
): Promise<UploadVerdict> {
  if (!accessToken) throw new Error('Sign in to upload.');
  const res = await fetch(`${supabaseUrl.replace(/\/+$/, '')}/functions/v1/verify-upload`, {
    method: 'POST',
    headers: { apikey: anonKey, Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ path: objectPath }),
  });
  const body = (await res.json().catch(() => ({}))) as { ok?: boolean; message?: string };
  if (res.status === 200 && body.ok === true) return { ok: true };
  if (res.status === 422) return { ok: false, message: body.message ?? 'The server refused this file.' };
  throw new Error(`The server could not check the file (${res.status}${body.message ? `: ${body.message}` : ''}).`);
}

/** The subset of a supabase-js client the default backend uses (structural, no import). */
export interface SupabaseLike {
  auth: { getSession(): Promise<{ data: { session: { access_token: string } | null } }> };
  storage: {
    from(bucket: string): {
      list(
        path: string,
        options?: { limit?: number; search?: string },
      ): Promise<{ data: { name: string; metadata: Record<string, unknown> | null }[] | null; error: unknown }>;
    };
  };
}

export function tusEndpoint(supabaseUrl: string): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/upload/resumable`;
}

/** Object size via storage list (folder + exact name); null when absent. */
export async function statObjectWithClient(client: SupabaseLike, objectPath: string): Promise<{ size: number } | null> {
  const slash = objectPath.lastIndexOf('/');
  const folder = objectPath.slice(0, slash);
  const name = objectPath.slice(slash + 1);
  const { data, error } = await client.storage.from('content').list(folder, { limit: 100, search: name });
  if (error) throw error instanceof Error ? error : new Error(String((error as { message?: string }).message));
  const found = data?.find((object) => object.name === name);
  if (!found) return null;
  const size = Number(found.metadata?.size ?? found.metadata?.contentLength);
  return { size: Number.isFinite(size) ? size : -1 };
}

export function createSupabaseOutboxBackend(input: {
  client: SupabaseLike;
  supabaseUrl: string;
  anonKey: string;
  writeContentItem: (row: ContentItemInput) => Promise<void>;
}): OutboxBackend {
  return {
    supabaseUrl: input.supabaseUrl,
    anonKey: input.anonKey,
    getAccessToken: async () => (await input.client.auth.getSession()).data.session?.access_token ?? null,
    statObject: (objectPath) => statObjectWithClient(input.client, objectPath),
    verifyObject: async (objectPath) =>
      verifyObjectWithFunction(
        input.supabaseUrl,
        input.anonKey,
        (await input.client.auth.getSession()).data.session?.access_token ?? null,
        objectPath,
      ),
    writeContentItem: input.writeContentItem,
  };
}
