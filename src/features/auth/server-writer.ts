/**
 * Fallback writer straight to the server, used only while no local database is
 * attached (e.g. the sync engine failed to open IndexedDB). Online only.
 */
import type { AppSupabaseClient } from '@/lib/supabase';
import type { IdentityWriter } from './identity-writer';

export function createServerWriter(client: AppSupabaseClient, onWritten: () => Promise<void>): IdentityWriter {
  return {
    async saveMediaId(row) {
      const { error } = await client.from('media_ids').upsert(row, { onConflict: 'user_uuid,role' });
      if (error) throw new Error(error.message);
      await onWritten();
    },
    async saveProfile(row) {
      const { error } = await client.from('profiles').upsert(row, { onConflict: 'id' });
      if (error) throw new Error(error.message);
      await onWritten();
    },
    async logEngagement(row) {
      await client.from('media_engagement_log').insert(row);
    },
    async removeLocalData() {
      // Nothing is stored locally without the sync engine.
    },
  };
}
