import type { EngagementLogRow, MediaIdRow, ProfileRow } from '@sync';

/** Local-first writes, provided by the sync engine once the user's database is open. */
export interface IdentityWriter {
  saveMediaId(row: MediaIdRow): Promise<void>;
  saveProfile(row: ProfileRow): Promise<void>;
  logEngagement(row: EngagementLogRow): Promise<void>;
  removeLocalData(): Promise<void>;
}
