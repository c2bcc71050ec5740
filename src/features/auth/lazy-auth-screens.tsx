/**
 * The auth screens a page shows only after a click (sign-up, sign-in, forgot password, the MediaID
 * setup modal) load on demand, so `/welcome` and the role portals paint their first screen without
 * them. The service worker precaches their chunks, so they open offline too. A shown form asks for
 * the identity store on the visitor's first interaction, so it is listening before they submit.
 */
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useEffect, type ComponentProps, type ComponentType } from 'react';
import { HYDRATED_ATTRIBUTE } from '@/lib/prerendered';
import { useAuthPassive } from './AuthContext';

function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

const LazySignUpForm = lazyNamed(() => import('./components/SignUpForm').then((m) => m.SignUpForm));
const LazySignInForm = lazyNamed(() => import('./components/SignInForm').then((m) => m.SignInForm));
const LazyForgotPasswordForm = lazyNamed(() =>
  import('./components/ForgotPasswordForm').then((m) => m.ForgotPasswordForm),
);
const LazyMediaIdSetupModal = lazyNamed(() => import('@/features/mediaid').then((m) => m.MediaIdSetupModal));

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * Loads the identity store on the visitor's first interaction with a live page (`data-hydrated`;
 * at once on a client-rendered page), or once live if a field already has the focus: in time for
 * a submit (sign-in itself does not need it, as on /login). Not earlier: on a prerendered page the
 * form hydrates after the rest, in idle-priority slices, and the store's arrival changes the auth
 * context above it, which makes React hydrate a part still dehydrated at once (a long task); and
 * evaluating supabase-js while the page settles is a long task of its own.
 */
function useAuthOnInteraction() {
  const { activate } = useAuthPassive();
  useEffect(() => {
    const html = document.documentElement;
    const start = () => {
      stop();
      activate();
    };
    const listen = () => {
      if (document.activeElement?.matches('input, textarea')) start();
      else for (const type of INTERACTIONS) window.addEventListener(type, start, { capture: true, passive: true });
    };
    const observer = new MutationObserver(() => {
      if (!html.hasAttribute(HYDRATED_ATTRIBUTE)) return;
      observer.disconnect();
      listen();
    });
    function stop() {
      observer.disconnect();
      for (const type of INTERACTIONS) window.removeEventListener(type, start, true);
    }
    if (html.hasAttribute(HYDRATED_ATTRIBUTE)) listen();
    else observer.observe(html, { attributes: true, attributeFilter: [HYDRATED_ATTRIBUTE] });
    return stop;
  }, [activate]);
}

function PanelLoading() {
  return (
    // aria-busy: a screen is on its way.
    <Center py="xl" aria-busy="true">
      <Loader size="sm" aria-label="Loading" />
    </Center>
  );
}

export function SignUpForm(props: ComponentProps<typeof LazySignUpForm>) {
  useAuthOnInteraction();
  return (
    <Suspense fallback={<PanelLoading />}>
      <LazySignUpForm {...props} />
    </Suspense>
  );
}

export function SignInForm(props: ComponentProps<typeof LazySignInForm>) {
  useAuthOnInteraction();
  return (
    <Suspense fallback={<PanelLoading />}>
      <LazySignInForm {...props} />
    </Suspense>
  );
}

export function ForgotPasswordForm(props: ComponentProps<typeof LazyForgotPasswordForm>) {
  useAuthOnInteraction();
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
