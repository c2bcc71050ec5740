/**
 * The developer's own apps' real MediaID API use (rpc developer_app_usage: counts from the users'
 * access log and grants, never a user). The synced developer_apps counters are not metered; this
 * is where the portal's real figures come from. Needs a connection; preview (sample) apps have none.
 */
import { useServerQuery } from '@/data/use-server-query';
import type { DeveloperApp } from './types';

export interface AppUsage {
  client_id: string;
  api_calls_30d: number;
  connected_users: number;
  last_call_at: string | null;
}

export interface AppUsageState {
  usage: AppUsage[] | null;
  error: string | null;
}

export function useAppUsage(apps: DeveloperApp[], preview: boolean): AppUsageState {
  const { state } = useServerQuery(
    async (client) => {
      if (preview) return [];
      const { data, error } = await client.rpc('developer_app_usage');
      if (error) throw new Error(error.message);
      return data as AppUsage[];
    },
    `${preview}:${apps.map((a) => a.clientId).join(',')}`,
  );
  return {
    usage: state.status === 'ready' ? state.data : null,
    error: state.status === 'error' ? state.message : null,
  };
}

/** The apps with their real 30-day calls, connected users and last call, where the server answered. */
export function withUsage(apps: DeveloperApp[], usage: AppUsage[] | null): DeveloperApp[] {
  if (!usage) return apps;
  const byClient = new Map(usage.map((u) => [u.client_id, u]));
  return apps.map((app) => {
    const u = byClient.get(app.clientId);
    return u ? { ...app, apiCalls: u.api_calls_30d, users: u.connected_users, lastUsed: u.last_call_at } : app;
  });
}
