import { useState } from 'react';
import type { AuthUser } from '@/lib/auth-state';
import { useAuthPassive } from './AuthContext';

/**
 * The signed-in user if they were signed in when this page opened (and still are), else null.
 * A sign-in or sign-up made on the page itself does not count: its own flow (the MediaID setup
 * modal, the way to the dashboard) goes on undisturbed. Passive: a visitor's page does not load
 * the identity store for this. The first render of a prerendered page (no stored session) is
 * signed out, as the HTML was; a stored session renders on the client, signed in from the start.
 */
export function useArrivedSignedIn(): AuthUser | null {
  const { user } = useAuthPassive();
  const [arrivedSignedIn] = useState(() => user !== null);
  return arrivedSignedIn ? user : null;
}
