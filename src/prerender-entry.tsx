/**
 * Build-time prerender (run by scripts/prerender-plugin.ts in Node, never shipped): renders a
 * public route to HTML as a signed-out visitor sees it on first paint, with the very tree the
 * browser hydrates (AppRoot, with real auth as a visitor has). The auth source is the browser's deferred one with no stored
 * session and never activated, so every auth-dependent piece renders its initial state.
 */
import { ColorSchemeScript, MantineProvider } from '@mantine/core';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { AppRoot } from './app-root';
import { createDeferredAuthSource } from './features/auth/deferred-auth-source';
import { CSS_VARIABLES_ATTRIBUTE } from './lib/prerendered';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

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
    <AppRoot router={router} auth={auth} identity={null} chromeReady={never} realAuth cssVariables={false} />,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  const title = router.state.matches.at(-1)?.meta?.find((m) => m?.title)?.title ?? 'Bucket & MediaID';
  return { html, title };
}

/**
 * Mantine's own colour-scheme script (sets the stored or dark scheme on <html> before first paint)
 * and the theme's CSS variables, as MantineProvider renders them, marked so the app skips its copy.
 */
export function headMarkup(): string {
  const variables = renderToString(
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="dark"
      withGlobalClasses={false}
    >
      {null}
    </MantineProvider>,
  );
  const marked = variables.replace(
    '<style data-mantine-styles="true"',
    `<style data-mantine-styles="true" ${CSS_VARIABLES_ATTRIBUTE}`,
  );
  if (!marked.includes(CSS_VARIABLES_ATTRIBUTE))
    throw new Error(`prerender: no CSS variables in ${variables.slice(0, 80)}`);
  return renderToString(<ColorSchemeScript defaultColorScheme="dark" />) + marked;
}

/** The bare shell's head (app.html): Mantine's colour-scheme script, so its frame paints in the user's scheme. */
export function shellHeadMarkup(): string {
  return renderToString(<ColorSchemeScript defaultColorScheme="dark" />);
}
