/** `#root` carries this attribute, valued with the path, when its markup was prerendered at build time. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Marks the `<style>` in a prerendered page's head holding Mantine's theme CSS variables, written
 * at build time: the app then does not render a second copy.
 */
export const CSS_VARIABLES_ATTRIBUTE = 'data-css-variables';

/** Set on <html> once the app has committed its first render (hydrated or rendered on the client). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
