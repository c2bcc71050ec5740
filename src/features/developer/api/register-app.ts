/**
 * The portal's calls to the `register-app` Edge Function (supabase/functions/register-app): the
 * OAuth client is created server-side, so these need a connection; offline they refuse before
 * sending anything and change nothing.
 */
import { FunctionsHttpError } from '@supabase/supabase-js';
import type { DeveloperAppDoc } from '@sync/model';
import { appFromDoc } from './app-from-doc';
import type { CreateAppInput, CreatedApp } from './types';

export const OFFLINE_REGISTRATION = "Registering an app needs a connection. Try again when you're online.";

type AppRow = Omit<DeveloperAppDoc, 'sync_state' | 'sync_modified' | 'client_secret_hash'>;

async function invoke<T>(body: Record<string, unknown>): Promise<T> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) throw new Error(OFFLINE_REGISTRATION);
  // loaded on use: importing the client at module load would open it wherever the repository is imported
  const { supabase } = await import('@/lib/supabase');
  const { data, error } = await supabase.functions.invoke<T>('register-app', { body });
  if (error instanceof FunctionsHttpError) {
    const payload = (await (error.context as Response).json().catch(() => null)) as { message?: string } | null;
    throw new Error(payload?.message ?? 'The application could not be registered. Try again.');
  }
  if (error || !data)
    throw new Error(navigator.onLine ? 'The registration service did not answer. Try again.' : OFFLINE_REGISTRATION);
  return data;
}

function fromRow(row: AppRow) {
  return appFromDoc({ ...row, client_secret_hash: '', sync_state: 'clean', sync_modified: null });
}

/** Registers an OAuth app; the secret is in the answer only. The row reaches the device by sync. */
export async function registerApp(input: CreateAppInput): Promise<CreatedApp> {
  const out = await invoke<{ app: AppRow; client_secret: string }>({
    action: 'create',
    name: input.name,
    description: input.description,
    redirect_uris: input.redirectUris,
    scopes: input.scopes,
  });
  return { app: fromRow(out.app), clientSecret: out.client_secret };
}

/** A new secret (the old one stops working); shown once like the first. */
export async function regenerateAppSecret(appId: string): Promise<CreatedApp> {
  const out = await invoke<{ app: AppRow; client_secret: string }>({ action: 'regenerate_secret', app_id: appId });
  return { app: fromRow(out.app), clientSecret: out.client_secret };
}

/** Deletes the OAuth client and soft-deletes the row. */
export async function deleteRegisteredApp(appId: string): Promise<void> {
  await invoke({ action: 'delete', app_id: appId });
}
