/** `#root` carries this attribute, valued with the path, when its markup was prerendered at build time. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** Dispatched on window once the app has committed its first render (hydrated or client-rendered). */
export const HYDRATED_EVENT = 'bucket:hydrated';
