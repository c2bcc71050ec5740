import { useEffect, useRef, useState } from 'react';
import { loadSupabase } from '@/lib/load-supabase';
import type { AppSupabaseClient } from '@/lib/supabase';

export type QueryState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

const LOADING = { status: 'loading' } as const;

/**
 * A server read with loading and error states, run again when `key` changes or on `reload` (after
 * a revoke, on retry); while a new read runs the last data stays on screen.
 */
export function useServerQuery<T>(read: (client: AppSupabaseClient) => Promise<T>, key: string) {
  const [result, setResult] = useState<{ key: string; state: QueryState<T> } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const readRef = useRef(read);
  useEffect(() => {
    readRef.current = read;
  });
  const requestKey = `${key}#${attempt}`;
  useEffect(() => {
    let cancelled = false;
    loadSupabase()
      .then((client) => readRef.current(client))
      .then(
        (data) => !cancelled && setResult({ key: requestKey, state: { status: 'ready', data } }),
        (error: unknown) =>
          !cancelled &&
          setResult({
            key: requestKey,
            state: {
              status: 'error',
              message: navigator.onLine
                ? `Could not load: ${error instanceof Error ? error.message : String(error)}`
                : 'You’re offline. This list needs the network — reconnect, then try again.',
            },
          }),
      );
    return () => {
      cancelled = true;
    };
  }, [requestKey]);
  const state: QueryState<T> =
    result === null ? LOADING : result.key === requestKey || result.state.status === 'ready' ? result.state : LOADING;
  return { state, reload: () => setAttempt((n) => n + 1) };
}
