/**
 * Tracks kept for offline listening: a small Dexie database of Blobs, kept apart from the
 * replicated RxDB database (pulls would wipe attachments — ARCHITECTURE known traps) and played
 * from object URLs, on which seeking works without the network or the service worker.
 * Invariants: one row per owner and drop (`owner|item`); every read goes through the owner index,
 * so another user of the device never sees or plays these tracks; Dexie is rxdb's pinned 4.4.2.
 */
import Dexie, { liveQuery, type EntityTable, type Observable } from 'dexie';
import { OFFLINE_MEDIA_DB_NAME } from './offline-rules';

export interface OfflineTrack {
  /** `ownerId|itemId`. */
  id: string;
  ownerId: string;
  itemId: string;
  title: string;
  artist: string;
  mimeType: string;
  bytes: number;
  savedAt: string;
  blob: Blob;
}

export type OfflineTrackInfo = Omit<OfflineTrack, 'blob'>;

export class OfflineMediaDatabase extends Dexie {
  tracks!: EntityTable<OfflineTrack, 'id'>;

  constructor(name: string = OFFLINE_MEDIA_DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores({ tracks: 'id, ownerId' });
  }
}

export function offlineTrackId(ownerId: string, itemId: string): string {
  return `${ownerId}|${itemId}`;
}

export async function keepTrack(
  db: OfflineMediaDatabase,
  input: Omit<OfflineTrack, 'id' | 'bytes' | 'savedAt' | 'mimeType'> & { mimeType?: string },
): Promise<OfflineTrackInfo> {
  const track: OfflineTrack = {
    ...input,
    id: offlineTrackId(input.ownerId, input.itemId),
    mimeType: input.mimeType ?? (input.blob.type || 'audio/wav'),
    bytes: input.blob.size,
    savedAt: new Date().toISOString(),
  };
  await db.tracks.put(track);
  const { blob: _blob, ...info } = track;
  return info;
}

export async function removeTrack(db: OfflineMediaDatabase, ownerId: string, itemId: string): Promise<void> {
  await db.tracks.delete(offlineTrackId(ownerId, itemId));
}

/** The owner's kept tracks without their Blobs (cheap to list). */
export async function listTracks(db: OfflineMediaDatabase, ownerId: string): Promise<OfflineTrackInfo[]> {
  const rows = await db.tracks.where('ownerId').equals(ownerId).toArray();
  return rows.map(({ blob: _blob, ...info }) => info).sort((a, b) => a.savedAt.localeCompare(b.savedAt));
}

/**
 * `listTracks`, live: it emits again after every write to the database, from any tab.
 * @public used through the dynamically imported module (use-offline-media.ts), which knip does not follow
 */
export function watchTracks(db: OfflineMediaDatabase, ownerId: string): Observable<OfflineTrackInfo[]> {
  return liveQuery(() => listTracks(db, ownerId));
}

export async function trackBlob(db: OfflineMediaDatabase, ownerId: string, itemId: string): Promise<Blob | null> {
  const row = await db.tracks.get(offlineTrackId(ownerId, itemId));
  return row && row.ownerId === ownerId ? row.blob : null;
}
