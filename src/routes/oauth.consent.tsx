import { createFileRoute } from '@tanstack/react-router';
import { ConsentPage } from '@/features/mediaid/consent/ConsentPage';

export interface ConsentSearch {
  /** Supabase Auth's OAuth request to answer (config.toml [auth.oauth_server] authorization_url_path). */
  authorization_id?: string;
}

function ConsentRoute() {
  const { authorization_id } = Route.useSearch();
  return <ConsentPage authorizationId={authorization_id} />;
}

export const Route = createFileRoute('/oauth/consent')({
  head: () => ({ meta: [{ title: 'Connect an app · Bucket' }] }),
  validateSearch: (search: Record<string, unknown>): ConsentSearch => ({
    authorization_id:
      typeof search.authorization_id === 'string' && search.authorization_id ? search.authorization_id : undefined,
  }),
  component: ConsentRoute,
});
