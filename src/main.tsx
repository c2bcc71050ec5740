import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider } from './features/auth/AuthProvider';
import { IdentitySync } from './features/auth/IdentitySync';
import { createIdentityStore, type IdentityStore } from './features/auth/identity-store';
import { createMemoryAuthSource, type AuthStateSource, type MemoryAuthSource } from './lib/auth-state';
import { supabase } from './lib/supabase';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

declare global {
  interface Window {
    /** e2e harness only: an in-memory auth state to drive the route guard (the server never trusts it). */
    __BUCKET_TEST_AUTH__?: Parameters<MemoryAuthSource['set']>[0];
  }
}

/** The real source (Supabase session + local profile state), unless the e2e harness seeds an in-memory one. */
function createAuthSource(): { auth: AuthStateSource; identity: IdentityStore | null } {
  if (window.__BUCKET_TEST_AUTH__) return { auth: createMemoryAuthSource(window.__BUCKET_TEST_AUTH__), identity: null };
  const identity = createIdentityStore(supabase, window.localStorage);
  return { auth: identity, identity };
}

const { auth, identity } = createAuthSource();
const router = createAppRouter({ auth });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="dark">
      <Notifications position="top-right" />
      <AuthProvider source={auth} identity={identity}>
        <IdentitySync>
          <RouterProvider router={router} />
        </IdentitySync>
      </AuthProvider>
    </MantineProvider>
  </StrictMode>,
);
