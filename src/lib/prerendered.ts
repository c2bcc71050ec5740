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
