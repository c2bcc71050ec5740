/**
 * The identity runtime: supabase-js plus the identity store. Loaded as its own chunk right after
 * start-up, so public pages such as `/` render without downloading the auth and sync code first.
 */
import { supabase } from '@/lib/supabase';
import { createIdentityStore, type IdentityStore } from './identity-store';

export function createIdentity(storage: Storage): IdentityStore {
  return createIdentityStore(supabase, storage);
}
