import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { CenteredLoader } from '@/components/CenteredLoader';
import { useAuth } from './AuthContext';
import { BACKEND_SETUP_MESSAGE, BACKEND_SETUP_TITLE, decideAutoRoute } from './auto-route-decision';

/** /auto-route: checks the session, re-reads the profile, then routes. */
export function AutoRoutePage() {
  const { user, loading, profile, identity } = useAuth();
  const navigate = useNavigate();
  const [profileChecked, setProfileChecked] = useState(false);

  useEffect(() => {
    if (loading) return;
    let cancelled = false;
    // Ask the server again when online (offline the local database answers).
    const check = user && identity ? identity.refresh() : Promise.resolve();
    void check.finally(() => !cancelled && setProfileChecked(true));
    return () => {
      cancelled = true;
    };
    // Only once per user: the refresh itself updates the profile.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loading, user?.id, identity]);

  const settled = !loading && profileChecked && !(user && profile.loading);

  useEffect(() => {
    if (!settled) return;
    const decision = decideAutoRoute(user, profile);
    if ('backendSetupRequired' in decision) {
      if (decision.backendSetupRequired) {
        notifications.show({
          id: 'backend-setup',
          color: 'orange',
          title: BACKEND_SETUP_TITLE,
          message: BACKEND_SETUP_MESSAGE,
          autoClose: 10000,
        });
      }
      void navigate({ to: '/dashboard/$role', params: { role: decision.role }, replace: true });
    } else {
      void navigate({ to: decision.to, replace: true });
    }
  }, [settled, user, profile, navigate]);

  return <CenteredLoader text={loading ? 'Checking authentication...' : 'Loading your profile...'} />;
}
