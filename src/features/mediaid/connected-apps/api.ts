/**
 * Reads and writes of the consent screen and 'Connected apps', straight to the server: connecting
 * or revoking an app needs the network anyway (the OAuth server answers it), and the grant must be
 * stored before the app gets its code. RLS keeps every row the user's own.
 */
import type { AppSupabaseClient } from '@/lib/supabase';
import type { Role } from '@/lib/roles';
import { mediaIdScopes, type MediaIdScope } from './scope-text';

export interface AppInfo {
  clientId: string;
  name: string;
  scopes: MediaIdScope[];
}

export interface GrantRow {
  id: string;
  client_id: string;
  app_name: string;
  role: Role;
  scopes: string[];
  granted_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface AccessLogRow {
  id: string;
  client_id: string;
  app_name: string;
  call: string;
  action: string;
  at: string;
}

const GRANT_COLUMNS = 'id, client_id, app_name, role, scopes, granted_at, last_used_at, revoked_at';

/** The app as registered with Bucket (name, MediaID scopes), or null: unknown or disabled. */
export async function getAppInfo(client: AppSupabaseClient, clientId: string): Promise<AppInfo | null> {
  const { data, error } = await client.rpc('mediaid_app_info', { p_client_id: clientId });
  if (error) throw new Error(error.message);
  const row = (data as { name: string; scopes: string[] }[] | null)?.[0];
  return row ? { clientId, name: row.name, scopes: mediaIdScopes(row.scopes) } : null;
}

export async function getGrant(client: AppSupabaseClient, clientId: string): Promise<GrantRow | null> {
  const { data, error } = await client
    .from('mediaid_grants')
    .select(GRANT_COLUMNS)
    .eq('client_id', clientId)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data as GrantRow | null;
}

/** Live grants first, newest first. */
export async function listGrants(client: AppSupabaseClient): Promise<GrantRow[]> {
  const { data, error } = await client
    .from('mediaid_grants')
    .select(GRANT_COLUMNS)
    .is('revoked_at', null)
    .order('granted_at', { ascending: false });
  if (error) throw new Error(error.message);
  return (data ?? []) as GrantRow[];
}

/** Stores (or widens, or renews after a revoke) the user's grant for the app. */
export async function saveGrant(client: AppSupabaseClient, app: AppInfo, role: Role): Promise<void> {
  const { error } = await client
    .from('mediaid_grants')
    .upsert(
      { client_id: app.clientId, role, scopes: app.scopes, revoked_at: null, _deleted: false },
      { onConflict: 'user_id,client_id' },
    );
  if (error) throw new Error(error.message);
}

/**
 * Revokes: the grant first (the MediaID API refuses the app's very next call), then the OAuth
 * consent, which ends the app's refresh tokens. A consent already gone is not an error.
 */
export async function revokeApp(client: AppSupabaseClient, clientId: string): Promise<void> {
  const { data, error } = await client
    .from('mediaid_grants')
    .update({ revoked_at: new Date().toISOString() })
    .eq('client_id', clientId)
    .select('id');
  if (error) throw new Error(error.message);
  if (!data?.length) throw new Error('This app is not connected to your MediaID.');
  const revoked = await client.auth.oauth.revokeGrant({ clientId });
  if (revoked.error && revoked.error.code !== 'oauth_consent_not_found') throw new Error(revoked.error.message);
}

/** One page of the access log, newest first (`limit + 1` rows tell whether more exist). */
export async function listAccessLog(
  client: AppSupabaseClient,
  limit: number,
): Promise<{ rows: AccessLogRow[]; more: boolean }> {
  const { data, error } = await client
    .from('mediaid_access_log')
    .select('id, client_id, app_name, call, action, at')
    .order('at', { ascending: false })
    .order('id', { ascending: false })
    .limit(limit + 1);
  if (error) throw new Error(error.message);
  const rows = (data ?? []) as AccessLogRow[];
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}
