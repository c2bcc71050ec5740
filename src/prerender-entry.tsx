/**
 * Build-time prerender (run by scripts/prerender-plugin.ts in Node, never shipped): renders a
 * public route to HTML as a signed-out visitor sees it on first paint, with the very tree the
 * browser hydrates (AppRoot, with real auth as a visitor has). The auth source is the browser's deferred one with no stored
 * session and never activated, so every auth-dependent piece renders its initial state.
 */
import { ColorSchemeScript } from '@mantine/core';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { AppRoot } from './app-root';
import { createDeferredAuthSource } from './features/auth/deferred-auth-source';
import { createAppRouter } from './router';

const never = new Promise<never>(() => undefined);

export async function render(path: string): Promise<{ html: string; title: string }> {
  const auth = createDeferredAuthSource(() => never, { getItem: () => null });
  const router = createAppRouter({ auth });
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  // React's static prerender waits for every Suspense boundary (lazy screens included), so no
  // boundary is left for the client to render from scratch; an unlimited chunk size writes each
  // one in place (not as a hidden segment moved by an inline script), so the page reads without JS.
  const { prelude } = await prerender(
    <AppRoot router={router} auth={auth} identity={null} chromeReady={never} realAuth />,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  const title = router.state.matches.at(-1)?.meta?.find((m) => m?.title)?.title ?? 'Bucket & MediaID';
  return { html, title };
}

/** Mantine's own colour-scheme script: sets the stored (or dark) scheme on <html> before first paint. */
export function headMarkup(): string {
  return renderToString(<ColorSchemeScript defaultColorScheme="dark" />);
}
