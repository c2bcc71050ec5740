import { useCallback, useEffect, useRef, useState } from 'react';
import { CELEBRATION_MS, CLAIM_DELAY_MS } from './reward-rules';

export type ClaimPhase =
  | { phase: 'idle' }
  | { phase: 'claiming'; day: number }
  | { phase: 'celebrating'; day: number }
  | { phase: 'failed'; day: number; message: string };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Spinner for about 1.5 s, then the claim handler, then 'Reward Claimed!' for 3 s. */
export function useRewardClaim(
  onClaim: ((day: number) => void | Promise<void>) | undefined,
  onClaimed?: (day: number) => void,
) {
  const [state, setState] = useState<ClaimPhase>({ phase: 'idle' });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const claim = useCallback(
    async (day: number) => {
      setState({ phase: 'claiming', day });
      await wait(CLAIM_DELAY_MS);
      try {
        await onClaim?.(day);
      } catch (error) {
        const message = error instanceof Error ? error.message : 'Could not claim this reward';
        if (mounted.current) setState({ phase: 'failed', day, message });
        return;
      }
      if (!mounted.current) return;
      onClaimed?.(day);
      setState({ phase: 'celebrating', day });
      await wait(CELEBRATION_MS);
      if (mounted.current) setState((current) => (current.phase === 'celebrating' ? { phase: 'idle' } : current));
    },
    [onClaim, onClaimed],
  );

  const dismiss = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, claim, dismiss };
}
