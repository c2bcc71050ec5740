/**
 * The whole app tree, shared by the browser entry (`main.tsx`) and the build-time prerender
 * (`prerender-entry.tsx`): a prerendered page hydrates only if both render exactly this tree.
 */
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { DeferredAppChrome } from './app-chrome';
import { AuthProvider } from './features/auth/AuthProvider';
import type { IdentityStore } from './features/auth/identity-store';
import { IdentitySync } from './features/auth/IdentitySync';
import type { AuthStateSource } from './lib/auth-state';
import { HYDRATED_ATTRIBUTE } from './lib/prerendered';
import type { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

export interface AppRootProps {
  router: ReturnType<typeof createAppRouter>;
  auth: AuthStateSource;
  identity: Promise<IdentityStore> | null;
  /** Resolves when the first route has rendered and the page is idle: app chrome mounts then. */
  chromeReady: Promise<void>;
  /** False under the e2e in-memory auth harness (no real session: no identity sync, no uploads). */
  realAuth: boolean;
  /** Whether Mantine renders the theme's CSS variables; false when the page's head already has them. */
  cssVariables?: boolean;
}

/** Marks the first commit on <html> (`data-hydrated`): the app is live. */
function HydratedMark() {
  useEffect(() => document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, ''), []);
  return null;
}

export function AppRoot({ router, auth, identity, chromeReady, realAuth, cssVariables = true }: AppRootProps) {
  return (
    <StrictMode>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="dark"
        withCssVariables={cssVariables}
      >
        <AuthProvider source={auth} identity={identity}>
          <IdentitySync enabled={realAuth}>
            <DeferredAppChrome ready={chromeReady} uploads={realAuth} />
            <RouterProvider router={router} />
            <HydratedMark />
          </IdentitySync>
        </AuthProvider>
      </MantineProvider>
    </StrictMode>
  );
}
