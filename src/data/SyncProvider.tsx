// Opens the signed-in user's local database and starts replication; closes it when the user
// changes or signs out, so one user's rows are never visible to the next.
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SyncEngine, SyncEngineOptions } from '../../sync';
import { probeLocalDatabase } from './local-database-probe';
import { SyncContext, type SyncContextValue } from './sync-context';

export interface SyncProviderProps {
  /** null until the client is available (the identity chunk loads after start-up). */
  supabase: SupabaseClient | null;
  userId: string | null;
  /** Extra engine options (e.g. `realtime: false` to poll only). */
  options?: Partial<Omit<SyncEngineOptions, 'supabase' | 'userId' | 'storage'>>;
  children: ReactNode;
}

/**
 * Close of the previous user's engine; the next open waits for it (one database at a time:
 * open-source RxDB caps open collections per page, and users must never overlap).
 */
let previousClose: Promise<unknown> = Promise.resolve();

export function SyncProvider({ supabase, userId, options, children }: SyncProviderProps) {
  const [state, setState] = useState<{ engine: SyncEngine | null; error: Error | null }>({ engine: null, error: null });
  const [newDeviceUser, setNewDeviceUser] = useState<string | null>(null);
  const optionsKey = JSON.stringify(options ?? {});

  useEffect(() => {
    if (!userId || !supabase) return undefined;
    let cancelled = false;
    const extra = JSON.parse(optionsKey) as SyncProviderProps['options'];
    // Asked before this effect can create the database, and without the engine's chunk.
    void probeLocalDatabase(userId).then((found) => {
      if (!cancelled && found === 'none') setNewDeviceUser(userId);
    });
    const opening = (async (): Promise<SyncEngine | null> => {
      await previousClose;
      if (cancelled) return null;
      // The engine (RxDB) is its own chunk: only a signed-in user downloads it.
      const [{ createSyncEngine }, { createAppStorage }] = await Promise.all([
        import('../../sync'),
        import('./create-app-storage'),
      ]);
      const storage = await createAppStorage();
      const engine = await createSyncEngine({ ...extra, supabase, userId, storage });
      if (cancelled) {
        await engine.close();
        return null;
      }
      setState({ engine, error: null });
      await engine.start();
      return engine;
    })();
    opening.catch((error: unknown) => {
      if (!cancelled) setState({ engine: null, error: error instanceof Error ? error : new Error(String(error)) });
    });
    return () => {
      cancelled = true;
      setState({ engine: null, error: null });
      setNewDeviceUser(null);
      previousClose = opening.then((engine) => engine?.close()).catch(() => undefined);
    };
  }, [supabase, userId, optionsKey]);

  const value = useMemo<SyncContextValue>(
    () => ({
      engine: state.engine,
      db: state.engine?.db ?? null,
      userId,
      error: state.error,
      newDevice: newDeviceUser !== null && newDeviceUser === userId,
    }),
    [state, userId, newDeviceUser],
  );
  return <SyncContext.Provider value={value}>{children}</SyncContext.Provider>;
}
