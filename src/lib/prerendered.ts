/** `#root` carries this attribute, valued with the path, when its markup was prerendered at build time. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Marks the `<style>` in a prerendered page's head holding Mantine's theme CSS variables, written
 * at build time: the app then does not compute them again (one long render of every colour's
 * variants) nor render a second copy.
 */
export const CSS_VARIABLES_ATTRIBUTE = 'data-css-variables';

/** Set on <html> once the page is live: every control hydrated (or rendered on the client). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/** Dispatched on window once the app has committed its first render (hydrated or client-rendered). */
export const HYDRATED_EVENT = 'bucket:hydrated';

/**
 * Marks the bare shell's (app.html) stylesheet, preloaded without holding the first paint (the
 * app's frame): the app waits for it before rendering (`appStylesReady`).
 */
export const APP_STYLES_ATTRIBUTE = 'data-app-styles';

/** Resolves once the shell's stylesheet applies (at once when there is none, or it failed to load). */
export function appStylesReady(doc: Document = document): Promise<void> {
  const link = doc.querySelector<HTMLLinkElement>(`link[${APP_STYLES_ATTRIBUTE}]`);
  if (!link) return Promise.resolve();
  // A browser without style preloads would never load it: it becomes a plain stylesheet.
  if (link.rel === 'preload' && !link.relList.supports('preload')) link.rel = 'stylesheet';
  return new Promise((resolve) => {
    const check = () => {
      if (link.rel === 'stylesheet' && link.sheet) resolve();
    };
    // The preload's load turns it into a stylesheet, whose own load follows once it applies.
    link.addEventListener('load', () => queueMicrotask(check));
    link.addEventListener('error', () => resolve(), { once: true });
    check();
  });
}
