/** Fixed storage key of the persisted session, so code can read it without loading supabase-js. */
export const AUTH_STORAGE_KEY = 'bucket-auth';
