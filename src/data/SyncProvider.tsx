// Opens the signed-in user's local database and starts replication; closes it when the user
// changes or signs out, so one user's rows are never visible to the next.
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTransition, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { BucketDatabase, CollectionName, FirstPages, SyncEngine, SyncEngineOptions } from '@sync';
import { supabaseClientUrl } from '@/lib/env';
import { probeLocalDatabase } from './local-database-probe';
import { SyncContext, SyncOpenedContext, type SyncContextValue } from './sync-context';

export interface SyncProviderProps {
  /** null until the client is available (the identity chunk loads after start-up). */
  supabase: SupabaseClient | null;
  userId: string | null;
  /** Extra engine options (e.g. `realtime: false` to poll only). */
  options?: Partial<Omit<SyncEngineOptions, 'supabase' | 'userId' | 'storage' | 'firstPages'>>;
  /**
   * On a new device, online: the collections whose first pull page is fetched at once, asked
   * when the device is found new (first-screen.ts); changing it never reopens the engine.
   */
  prefetch?: () => readonly CollectionName[];
  children: ReactNode;
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined); // nobody may be waiting
  return { promise, resolve, reject };
}

/** Longest the database's creation waits for a new device's first screen (see `firstScreenDrawn`). */
const FIRST_SCREEN_HOLD_MS = 2_000;

/**
 * Resolves once the first pages have arrived (or failed) and the browser has then gone idle (the
 * screen showing them has rendered and painted), or after `FIRST_SCREEN_HOLD_MS` at most. Until
 * then a new device does not download the sync engine nor create its database: on a phone both
 * would take the network and the main thread from the first screen. Nothing waits on the database
 * meanwhile: identity writes go to the server (as while any database opens), actions on the
 * prefetched rows wait through `whenDb`, and a device found offline never prefetches nor waits.
 */
function firstScreenDrawn(pagesSettled: Promise<unknown>): Promise<void> {
  const drawn = pagesSettled.then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 500 });
        else setTimeout(resolve, 50);
      }),
  );
  return Promise.race([drawn, new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_HOLD_MS))]);
}

type SharedContext = Omit<SyncContextValue, 'engine' | 'db'>;

/**
 * Close of the previous user's engine; the next open waits for it (one database at a time:
 * open-source RxDB caps open collections per page, and users must never overlap).
 */
let previousClose: Promise<unknown> = Promise.resolve();

export function SyncProvider({ supabase, userId, options, prefetch, children }: SyncProviderProps) {
  const [state, setState] = useState<{ engine: SyncEngine | null; error: Error | null }>({ engine: null, error: null });
  const [newDeviceUser, setNewDeviceUser] = useState<string | null>(null);
  const [firstPages, setFirstPages] = useState<FirstPages | null>(null);
  // The current open's database promise (a ref: handlers read it when called, never a render).
  const dbReady = useRef<Deferred<BucketDatabase>>(deferred());
  const optionsKey = JSON.stringify(options ?? {});
  const prefetchRef = useRef(prefetch);
  useEffect(() => {
    prefetchRef.current = prefetch;
  }, [prefetch]);

  useEffect(() => {
    if (!userId || !supabase) return undefined;
    let cancelled = false;
    const extra = JSON.parse(optionsKey) as SyncProviderProps['options'];
    const ready = deferred<BucketDatabase>();
    dbReady.current = ready;
    // Asked before this effect can create the database, and without the engine's chunk. A new
    // device, online, fetches its first screen's rows while the database is being created.
    // `drawn`: when the first screen showing those rows is up (see firstScreenDrawn).
    type Prefetch = { firstPages: FirstPages; drawn: Promise<void> } | null;
    const pages = probeLocalDatabase(userId).then(async (found): Promise<Prefetch> => {
      if (cancelled || found !== 'none') return null;
      setNewDeviceUser(userId);
      if (typeof navigator !== 'undefined' && !navigator.onLine) return null;
      // Its own small chunk (pull handler + registry), not the engine's: the requests go out sooner.
      const { createFirstPages } = await import('@sync/first-pages');
      if (cancelled) return null;
      const created = createFirstPages({ supabase, userId });
      // The replication pulls (and reports) itself: a failed page only ends the wait.
      const fetched = (prefetchRef.current?.() ?? []).map((name) => created.get(name).catch(() => undefined));
      const drawn = fetched.length > 0 ? firstScreenDrawn(Promise.all(fetched)) : Promise.resolve();
      startTransition(() => setFirstPages(created));
      return { firstPages: created, drawn };
    });
    const opening = (async (): Promise<SyncEngine | null> => {
      await previousClose;
      if (cancelled) return null;
      const prefetch = await pages.catch(() => null);
      // A new device, online, with a first screen to show: that screen first (see firstScreenDrawn).
      await prefetch?.drawn;
      if (cancelled) return null;
      const firstPages = prefetch?.firstPages;
      // The engine (RxDB) is its own chunk: only a signed-in user downloads it.
      const [{ createSyncEngine }, { createAppStorage }] = await Promise.all([
        import('@sync'),
        import('./create-app-storage'),
      ]);
      const storage = await createAppStorage();
      // The checkpoints' names: the client's URL, as devices have stored them since the first sync.
      const engine = await createSyncEngine({
        backendId: supabaseClientUrl,
        ...extra,
        supabase,
        userId,
        storage,
        firstPages,
      });
      if (cancelled) {
        await engine.close();
        return null;
      }
      // Urgent: the identity writer (local-first writes) attaches on this render (SyncOpenedContext);
      // the screens get the engine in a deferred render (see below).
      setState({ engine, error: null });
      ready.resolve(engine.db);
      await engine.start();
      return engine;
    })();
    opening.catch((error: unknown) => {
      const failure = error instanceof Error ? error : new Error(String(error));
      ready.reject(failure);
      if (!cancelled) setState({ engine: null, error: failure });
    });
    return () => {
      cancelled = true;
      ready.reject(new Error('The signed-in user changed before the local database opened.'));
      setState({ engine: null, error: null });
      setNewDeviceUser(null);
      setFirstPages(null);
      previousClose = opening.then((engine) => engine?.close()).catch(() => undefined);
    };
  }, [supabase, userId, optionsKey]);

  // An engine that opens reaches the screens in a deferred render, which React renders in slices:
  // every screen reading the database re-renders on it (the whole dashboard), which as an urgent
  // update is one long task. An engine that closes (sign-out, another user) leaves at once.
  const deferredEngine = useDeferredValue(state.engine);
  const shownEngine = deferredEngine === state.engine ? state.engine : null;
  const newDevice = newDeviceUser !== null && newDeviceUser === userId;
  const shownFirstPages = firstPages?.userId === userId ? firstPages : null;
  const shared = useMemo<SharedContext>(
    () => ({
      userId,
      error: state.error,
      newDevice,
      firstPages: shownFirstPages,
      whenDb: () => dbReady.current.promise,
    }),
    [userId, state.error, newDevice, shownFirstPages],
  );
  const opened = useMemo<SyncContextValue>(
    () => ({ ...shared, engine: state.engine, db: state.engine?.db ?? null }),
    [state.engine, shared],
  );
  const value = useMemo<SyncContextValue>(
    () => ({ ...shared, engine: shownEngine, db: shownEngine?.db ?? null }),
    [shownEngine, shared],
  );
  return (
    <SyncOpenedContext.Provider value={opened}>
      <SyncContext.Provider value={value}>{children}</SyncContext.Provider>
    </SyncOpenedContext.Provider>
  );
}
