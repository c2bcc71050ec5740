import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryAuthSource, type AuthStateSource, type MemoryAuthSource } from './lib/auth-state';
import { AuthStateContext } from './lib/use-auth-snapshot';
import { createAppRouter } from './router';
import { theme } from './theme';

declare global {
  interface Window {
    /** e2e harness only: an in-memory auth state to drive the route guard (the server never trusts it). */
    __BUCKET_TEST_AUTH__?: Parameters<MemoryAuthSource['set']>[0];
  }
}

function createAuthSource(): AuthStateSource {
  return createMemoryAuthSource(window.__BUCKET_TEST_AUTH__);
}

const auth = createAuthSource();
const router = createAppRouter({ auth });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="dark">
      <AuthStateContext.Provider value={auth}>
        <RouterProvider router={router} />
      </AuthStateContext.Provider>
    </MantineProvider>
  </StrictMode>,
);
