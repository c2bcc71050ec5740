import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS } from './countdown';

/**
 * Whole ticks (minutes) elapsed since mount or since `resetKey` last changed — fresh items carry a
 * fresh timeLeft, so counting restarts with them. Advances once per tick (60 s).
 */
export function useMinuteTicks(resetKey: unknown, tickMs: number = COUNTDOWN_TICK_MS): number {
  const [state, setState] = useState({ key: resetKey, ticks: 0 });
  if (state.key !== resetKey) setState({ key: resetKey, ticks: 0 });
  useEffect(() => {
    const timer = window.setInterval(() => setState((s) => ({ ...s, ticks: s.ticks + 1 })), tickMs);
    return () => window.clearInterval(timer);
  }, [tickMs, resetKey]);
  return state.key === resetKey ? state.ticks : 0;
}
