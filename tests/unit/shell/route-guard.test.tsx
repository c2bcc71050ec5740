// @vitest-environment happy-dom
/**
 * The route guard as TanStack Router runs it: beforeLoad guards and pending screens rendered by
 * React (memory history), driven by the in-memory auth source. It waits with the spec's loading
 * text while the session or profile loads, redirects as the spec says, and a page already shown
 * leaves when the auth state changes (router.invalidate through invalidateOnGuardChange). The pages
 * are stand-ins; the real dashboard route is checked with its role parameter.
 */
import { MantineProvider } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type AnyRouter,
} from '@tanstack/react-router';
import { act } from 'react';
import { WebSocket } from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { GuardPending } from '@/components/GuardPending';
import type { GuardFlags } from '@/lib/guard';
import { guardRoute, invalidateOnGuardChange } from '@/lib/route-guard';
import { createMemoryAuthSource, type MemoryAuthSource } from '@/lib/auth-state';
import type { RouterContext } from '@/lib/router-context';
import { AuthStateContext } from '@/lib/use-auth-snapshot';
import { reactRootPerTest } from '../react-root';

const FAN = { id: 'fan-1', email: 'fan@example.test' };
const READY = { hasCompletedOnboarding: true, hasMediaID: true, selectedRole: 'fan' as const, loading: false };

/** A guarded stand-in route's options, as the app's guarded routes write them. */
const guarded = (flags: GuardFlags) => ({
  beforeLoad: guardRoute(flags),
  pendingComponent: () => <GuardPending flags={flags} />,
  pendingMs: 0,
  pendingMinMs: 0,
});

function standInTree() {
  const root = createRootRouteWithContext<RouterContext>()({ component: Outlet });
  const page = (path: string, text: string, options = {}) =>
    createRoute({ getParentRoute: () => root, path, component: () => <p>{text}</p>, ...options });
  return root.addChildren([
    page('/welcome', 'Welcome page'),
    page('/onboarding', 'Onboarding page', guarded({ requireAuth: true })),
    page('/unauthorized', 'Access Denied'),
    page(
      '/hub',
      'Hub page',
      guarded({ requireAuth: true, requireOnboarding: true, allowedRoles: ['artist', 'admin'] }),
    ),
  ]);
}

const dom = reactRootPerTest();

async function open(path: string, auth: MemoryAuthSource, routeTree: AnyRouter['routeTree'] = standInTree()) {
  const router = createRouter({
    routeTree,
    context: { auth },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const stop = invalidateOnGuardChange(router, auth);
  await act(async () => {
    dom.root.render(
      <MantineProvider>
        <AuthStateContext.Provider value={auth}>
          <RouterProvider router={router} />
        </AuthStateContext.Provider>
      </MantineProvider>,
    );
  });
  const text = () => dom.container.textContent ?? '';
  return { router, stop, text, at: () => router.state.location.pathname };
}

describe('route guard (beforeLoad)', () => {
  it('sends a signed-out visitor to /welcome', async () => {
    const { at, text, stop } = await open('/hub', createMemoryAuthSource());
    await expect.poll(at).toBe('/welcome');
    expect(text()).toContain('Welcome page');
    stop();
  });

  it("shows 'Loading...' while the session is read and 'Loading your profile...' while the profile loads", async () => {
    const auth = createMemoryAuthSource({ loading: true });
    const { at, text, stop } = await open('/hub', auth);
    await expect.poll(text).toContain('Loading...');
    expect(text()).not.toContain('Hub page');
    await act(async () =>
      auth.set({ loading: false, user: FAN, profile: { ...READY, selectedRole: 'artist', loading: true } }),
    );
    await expect.poll(text).toContain('Loading your profile...');
    await act(async () => auth.set({ profile: { loading: false } }));
    await expect.poll(text).toContain('Hub page');
    expect(text()).not.toContain('Loading');
    expect(at()).toBe('/hub');
    stop();
  });

  it('sends an unfinished onboarding to /onboarding, which opens for them', async () => {
    const auth = createMemoryAuthSource({ user: FAN, profile: { ...READY, hasMediaID: false } });
    const { at, text, stop } = await open('/hub', auth);
    await expect.poll(at).toBe('/onboarding');
    await expect.poll(text).toContain('Onboarding page');
    stop();
  });

  it('a page already shown stays through a profile reload and leaves on a role switch', async () => {
    const auth = createMemoryAuthSource({ user: FAN, profile: { ...READY, selectedRole: 'artist' } });
    const { at, text, stop } = await open('/hub', auth);
    await expect.poll(text).toContain('Hub page');
    await act(async () => auth.set({ profile: { loading: true } }));
    await act(async () => auth.set({ profile: { loading: false } }));
    expect(at()).toBe('/hub');
    expect(text()).toContain('Hub page');
    await act(async () => auth.set({ profile: { selectedRole: 'fan' } }));
    await expect.poll(at).toBe('/unauthorized');
    await expect.poll(text).toContain('Access Denied');
    stop();
  });

  it('a page already shown leaves at once on sign-out', async () => {
    const auth = createMemoryAuthSource({ user: FAN, profile: { ...READY, selectedRole: 'admin' } });
    const { at, text, stop } = await open('/hub', auth);
    await expect.poll(text).toContain('Hub page');
    await act(async () => auth.set({ user: null, session: null }));
    await expect.poll(at).toBe('/welcome');
    stop();
  });

  describe("the app's dashboard route", () => {
    let appTree: AnyRouter['routeTree'];
    beforeAll(async () => {
      // Route modules create the Supabase client, whose realtime-js needs a WebSocket (Node 20 has none).
      (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
      ({ routeTree: appTree } = await import('@/routeTree.gen'));
    }, 60_000);

    it('sends a fan from the brand dashboard to /unauthorized', async () => {
      const fan = await open('/dashboard/brand', createMemoryAuthSource({ user: FAN, profile: READY }), appTree);
      await expect.poll(fan.at).toBe('/unauthorized');
      fan.stop();
    });
  });
});
