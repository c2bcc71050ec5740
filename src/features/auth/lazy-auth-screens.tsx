/**
 * The auth screens a page shows only after a click (sign-up, sign-in, forgot password, the MediaID
 * setup modal) load on demand, so `/welcome` and the role portals paint their first screen without
 * them. The service worker precaches their chunks, so they open offline too. A shown form asks for
 * the identity store as soon as the page is live, so it is listening before the user submits.
 */
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useEffect, type ComponentProps, type ComponentType } from 'react';
import { HYDRATED_ATTRIBUTE } from '../../lib/prerendered';
import { useAuthPassive } from './AuthContext';

function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

const LazySignUpForm = lazyNamed(() => import('./components/SignUpForm').then((m) => m.SignUpForm));
const LazySignInForm = lazyNamed(() => import('./components/SignInForm').then((m) => m.SignInForm));
const LazyForgotPasswordForm = lazyNamed(() =>
  import('./components/ForgotPasswordForm').then((m) => m.ForgotPasswordForm),
);
const LazyMediaIdSetupModal = lazyNamed(() => import('../mediaid/MediaIdSetupModal').then((m) => m.MediaIdSetupModal));

/**
 * Loads the identity store once the page is live (`data-hydrated`: at once on a client-rendered
 * page). On a prerendered page the form is hydrated after the rest, in idle-priority slices; the
 * store's arrival changes the auth context above it, and a context change above a part still
 * being hydrated makes React hydrate that part at once, synchronously (a long task). Until the
 * page is live its clicks and submits are held anyway (scripts/prerender-plugin.ts).
 */
function useAuthWhenLive() {
  const { activate } = useAuthPassive();
  useEffect(() => {
    const html = document.documentElement;
    if (html.hasAttribute(HYDRATED_ATTRIBUTE)) {
      activate();
      return undefined;
    }
    const observer = new MutationObserver(() => {
      if (!html.hasAttribute(HYDRATED_ATTRIBUTE)) return;
      observer.disconnect();
      activate();
    });
    observer.observe(html, { attributes: true, attributeFilter: [HYDRATED_ATTRIBUTE] });
    return () => observer.disconnect();
  }, [activate]);
}

function PanelLoading() {
  return (
    // aria-busy: a screen is on its way (src/lib/early-input.ts waits for it to give back typed values).
    <Center py="xl" aria-busy="true">
      <Loader size="sm" aria-label="Loading" />
    </Center>
  );
}

export function SignUpForm(props: ComponentProps<typeof LazySignUpForm>) {
  useAuthWhenLive();
  return (
    <Suspense fallback={<PanelLoading />}>
      <LazySignUpForm {...props} />
    </Suspense>
  );
}

export function SignInForm(props: ComponentProps<typeof LazySignInForm>) {
  useAuthWhenLive();
  return (
    <Suspense fallback={<PanelLoading />}>
      <LazySignInForm {...props} />
    </Suspense>
  );
}

export function ForgotPasswordForm(props: ComponentProps<typeof LazyForgotPasswordForm>) {
  useAuthWhenLive();
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
