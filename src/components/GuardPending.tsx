import type { ReactNode } from 'react';
import type { GuardFlags } from '@/lib/guard';
import { decideGuard } from '@/lib/guard';
import { useAuthSnapshot } from '@/lib/use-auth-snapshot';
import { CenteredLoader } from './CenteredLoader';

/** The default while a guard waits: a centred loader with the guard's text. */
export const centredLoader = (text: string) => <CenteredLoader text={text} />;

/**
 * A guarded route's pending screen (its `pendingComponent`, with `pendingMs: 0` so it shows at
 * once): the guard's loading text ('Loading...' while the session is read, 'Loading your
 * profile...' while the profile is), in the page's own loading layout.
 */
export function GuardPending({
  flags,
  loading = centredLoader,
}: {
  flags: GuardFlags;
  loading?: (text: string) => ReactNode;
}) {
  const decision = decideGuard(useAuthSnapshot(), flags);
  return loading(decision.kind === 'loading' ? decision.text : 'Loading...');
}
