import { createFileRoute } from '@tanstack/react-router';

/**
 * Proves every branch of the error screen: /test/error?kind=routing|routing-plain|error|string|unknown.
 * A loader throws so the router's error boundary handles it exactly as a real failure.
 */
type Kind = 'routing' | 'routing-plain' | 'error' | 'string' | 'unknown' | 'render';

function throwFor(kind: Kind): never {
  switch (kind) {
    case 'routing':
      throw Object.assign(new Error('This drop was taken down by the artist.'), { status: 410, statusText: 'Gone' });
    case 'routing-plain':
      throw { status: 503, statusText: 'Service Unavailable' };
    case 'string':
      throw 'The locker could not be opened.';
    case 'unknown':
      throw 42;
    default:
      throw new Error('Something broke while rendering the test page.');
  }
}

function RenderFailure(): never {
  throwFor('error');
}

export const Route = createFileRoute('/test_/error')({
  validateSearch: (search: Record<string, unknown>): { kind: Kind } => {
    const kinds: Kind[] = ['routing', 'routing-plain', 'error', 'string', 'unknown', 'render'];
    return { kind: kinds.includes(search.kind as Kind) ? (search.kind as Kind) : 'error' };
  },
  loaderDeps: ({ search }) => ({ kind: search.kind }),
  loader: ({ deps }) => {
    if (deps.kind !== 'render') throwFor(deps.kind);
  },
  head: () => ({ meta: [{ title: 'Error Test · Bucket' }] }),
  component: RenderFailure,
});
