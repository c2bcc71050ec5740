// Opens the signed-in user's local database and starts replication; closes it when the user
// changes or signs out, so one user's rows are never visible to the next.
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from '../../sync';
import { createAppStorage } from './create-app-storage';
import { SyncContext, type SyncContextValue } from './sync-context';

export interface SyncProviderProps {
  supabase: SupabaseClient;
  userId: string | null;
  /** Extra engine options (e.g. `realtime: true` against a hosted project). */
  options?: Partial<Omit<SyncEngineOptions, 'supabase' | 'userId' | 'storage'>>;
  children: ReactNode;
}

export function SyncProvider({ supabase, userId, options, children }: SyncProviderProps) {
  const [state, setState] = useState<{ engine: SyncEngine | null; error: Error | null }>({ engine: null, error: null });
  const optionsKey = JSON.stringify(options ?? {});

  useEffect(() => {
    if (!userId) return undefined;
    let cancelled = false;
    let opened: SyncEngine | null = null;
    const extra = JSON.parse(optionsKey) as SyncProviderProps['options'];
    (async () => {
      const storage = await createAppStorage();
      const engine = await createSyncEngine({ ...extra, supabase, userId, storage });
      if (cancelled) return void engine.close();
      opened = engine;
      setState({ engine, error: null });
      await engine.start();
    })().catch((error: unknown) => {
      if (!cancelled) setState({ engine: null, error: error instanceof Error ? error : new Error(String(error)) });
    });
    return () => {
      cancelled = true;
      setState({ engine: null, error: null });
      void opened?.close();
    };
  }, [supabase, userId, optionsKey]);

  const value = useMemo<SyncContextValue>(
    () => ({ engine: state.engine, db: state.engine?.db ?? null, userId, error: state.error }),
    [state, userId],
  );
  return <SyncContext.Provider value={value}>{children}</SyncContext.Provider>;
}
