/** The runtime cache holding the build's files beyond the shell (vite.config.ts, service-worker.ts). */
export const ASSETS_CACHE = 'bucket-assets';
