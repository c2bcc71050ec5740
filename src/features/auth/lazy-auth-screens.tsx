/**
 * The auth screens a page shows only after a click (sign-up, sign-in, forgot password, the MediaID
 * setup modal) load on demand, so `/welcome` and the role portals paint their first screen without
 * them. The service worker precaches their chunks, so they open offline too. A shown form asks for
 * the identity store at once (useAuth), so it is listening before the user submits.
 */
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import { useAuth } from './AuthContext';

function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

const LazySignUpForm = lazyNamed(() => import('./components/SignUpForm').then((m) => m.SignUpForm));
const LazySignInForm = lazyNamed(() => import('./components/SignInForm').then((m) => m.SignInForm));
const LazyForgotPasswordForm = lazyNamed(() =>
  import('./components/ForgotPasswordForm').then((m) => m.ForgotPasswordForm),
);
const LazyMediaIdSetupModal = lazyNamed(() => import('../mediaid/MediaIdSetupModal').then((m) => m.MediaIdSetupModal));

function PanelLoading() {
  return (
    // aria-busy: a screen is on its way (src/lib/early-input.ts waits for it to give back typed values).
    <Center py="xl" aria-busy="true">
      <Loader size="sm" aria-label="Loading" />
    </Center>
  );
}

export function SignUpForm(props: ComponentProps<typeof LazySignUpForm>) {
  useAuth();
  return (
    <Suspense fallback={<PanelLoading />}>
      <LazySignUpForm {...props} />
    </Suspense>
  );
}

export function SignInForm(props: ComponentProps<typeof LazySignInForm>) {
  useAuth();
  return (
    <Suspense fallback={<PanelLoading />}>
      <LazySignInForm {...props} />
    </Suspense>
  );
}

export function ForgotPasswordForm(props: ComponentProps<typeof LazyForgotPasswordForm>) {
  useAuth();
  return (
    <Suspense fallback={<PanelLoading />}>
      <LazyForgotPasswordForm {...props} />
    </Suspense>
  );
}

/** No fallback: the modal appears once loaded (the page behind it already says what is next). */
export function MediaIdSetupModal(props: ComponentProps<typeof LazyMediaIdSetupModal>) {
  return (
    <Suspense fallback={null}>
      <LazyMediaIdSetupModal {...props} />
    </Suspense>
  );
}
