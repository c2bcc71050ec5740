import { createRouter } from '@tanstack/react-router';
import type { AuthStateSource } from './lib/auth-state';
import { routeTree } from './routeTree.gen';

/** Services reach routes through router context, so pages never know where data comes from. */
export interface RouterContext {
  auth: AuthStateSource;
}

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
