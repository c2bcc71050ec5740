import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/LoginPage';
import { safeRedirectPath } from '@/lib/safe-redirect';

export interface LoginSearch {
  /** Where to go back after signing in (e.g. an app's consent page); this app's paths only. */
  redirect?: string;
}

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirectTo={redirect} />;
}

export const Route = createFileRoute('/login')({
  head: () => ({ meta: [{ title: 'Sign In · Bucket' }] }),
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({ redirect: safeRedirectPath(search.redirect) }),
  component: LoginRoute,
});
