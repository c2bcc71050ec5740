/**
 * The developer's own apps' real MediaID API use (rpc developer_app_usage: counts from the users'
 * access log and grants, never a user). The synced developer_apps counters are not metered; this
 * is where the portal's real figures come from. Needs a connection; preview (sample) apps have none.
 */
import { useEffect, useState } from 'react';
import { supabase } from '../../../lib/supabase';
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
  const [state, setState] = useState<AppUsageState>({ usage: null, error: null });
  const appKey = apps.map((a) => a.clientId).join(',');
  useEffect(() => {
    if (preview) return;
    let live = true;
    void supabase.rpc('developer_app_usage').then(({ data, error }) => {
      if (live) setState(error ? { usage: null, error: error.message } : { usage: data as AppUsage[], error: null });
    });
    return () => {
      live = false;
    };
  }, [preview, appKey]);
  return state;
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
