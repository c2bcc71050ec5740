import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import type { LockerItem } from '../types';
import type { OfflineMediaDatabase, OfflineTrackInfo } from './offline-media-store';
import { OFFLINE_MEDIA_CHANNEL, OFFLINE_MEDIA_DB_NAME } from './offline-rules';
import { toneWav, toneWavInSlices } from './tone-wav';
import { useStoreValue } from '@/lib/use-store-value';

export interface OfflineMedia {
  tracks: OfflineTrackInfo[];
  keptBytes: number;
  estimate: { usage?: number; quota?: number } | null;
  isKept: (itemId: string) => boolean;
  /** Keeps `blob` (a real track's bytes) or, for a sample drop, its generated audio. */
  keep: (item: Pick<LockerItem, 'id' | 'title' | 'artist'>, blob?: Blob) => Promise<void>;
  remove: (itemId: string) => Promise<void>;
  /** The kept Blob (for playback), null when not kept. */
  blobFor: (itemId: string) => Promise<Blob | null>;
}

// The store (Dexie) is loaded, and its database opened, on first use: a device that never kept a
// track (every new device) neither downloads nor opens it while the dashboard loads.
let storeModule: Promise<typeof import('./offline-media-store')> | undefined;
const loadStore = () => (storeModule ??= import('./offline-media-store'));
let database: OfflineMediaDatabase | undefined;
async function openDb() {
  const store = await loadStore();
  return { store, db: (database ??= new store.OfflineMediaDatabase()) };
}

/**
 * False when this device certainly holds no kept track: the browser lists its databases and the
 * store's is not among them. (It is never deleted once created: removing tracks empties it.)
 */
async function mayHoldTracks(): Promise<boolean> {
  try {
    const databases = await indexedDB.databases?.();
    return !databases || databases.some((entry) => entry.name === OFFLINE_MEDIA_DB_NAME);
  } catch {
    return true;
  }
}

/** Tells this tab's and other tabs' dashboards that the store now exists (they watch it then). */
function announceKept() {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(OFFLINE_MEDIA_CHANNEL);
  channel.postMessage('kept');
  channel.close();
}

/** The drop's audio: the sample drops carry no file, so a deterministic tone stands in. */
export function sampleTrackBlob(itemId: string): Blob {
  return new Blob([toneWav(itemId)], { type: 'audio/wav' });
}

/** A later task: once the browser is idle (at most 1 s away), then plain macrotasks. */
function laterTask(idle: boolean): Promise<void> {
  return new Promise((resolve) => {
    if (idle && typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });
}

/**
 * `sampleTrackBlob` for the player: generated when the browser is idle, a slice per task, so the
 * Daily Locker's first paint and input never wait for it. Null when `cancelled()` turns true.
 */
export async function sampleTrackBlobWhenIdle(itemId: string, cancelled: () => boolean): Promise<Blob | null> {
  let first = true;
  const pause = () => {
    const wait = laterTask(first);
    first = false;
    return wait;
  };
  const wav = await toneWavInSlices(itemId, pause, cancelled);
  return wav ? new Blob([wav], { type: 'audio/wav' }) : null;
}

async function readEstimate(): Promise<{ usage?: number; quota?: number } | null> {
  try {
    return (await navigator.storage?.estimate?.()) ?? null;
  } catch {
    return null;
  }
}

const NO_TRACKS: OfflineTrackInfo[] = [];

/**
 * The owner's kept tracks as an external store (Dexie liveQuery: updates across tabs). On a device
 * without the database it stays empty, without loading Dexie, until a track is kept here or in
 * another tab (announced on a BroadcastChannel, which reaches this tab's other objects too).
 */
function tracksStore(ownerId: string) {
  let value: OfflineTrackInfo[] = NO_TRACKS;
  return {
    subscribe(onChange: () => void) {
      let live = true;
      let watching: { unsubscribe: () => void } | undefined;
      let channel: BroadcastChannel | undefined;
      const watch = async () => {
        channel?.close();
        channel = undefined;
        const { store, db } = await openDb();
        if (!live || watching) return;
        watching = store.watchTracks(db, ownerId).subscribe({
          next: (tracks) => {
            value = tracks;
            onChange();
          },
          error: (error: unknown) => console.error('offline media unavailable', error),
        });
      };
      void mayHoldTracks().then((may) => {
        if (!live) return;
        if (may || typeof BroadcastChannel === 'undefined') {
          void watch();
          return;
        }
        channel = new BroadcastChannel(OFFLINE_MEDIA_CHANNEL);
        channel.onmessage = () => void watch();
      });
      return () => {
        live = false;
        watching?.unsubscribe();
        channel?.close();
      };
    },
    get: () => value,
  };
}

/** The signed-in fan's offline tracks (live across tabs) and the device's storage estimate. */
export function useOfflineMedia(ownerId: string): OfflineMedia {
  const store = useMemo(() => tracksStore(ownerId), [ownerId]);
  const tracks = useStoreValue(store.subscribe, store.get);
  const [estimate, setEstimate] = useState<{ usage?: number; quota?: number } | null>(null);
  const keptBytes = tracks.reduce((sum, t) => sum + t.bytes, 0);

  useEffect(() => {
    let live = true;
    void readEstimate().then((value) => live && startTransition(() => setEstimate(value)));
    return () => {
      live = false;
    };
  }, [keptBytes]);

  const keep = useCallback(
    async (item: Pick<LockerItem, 'id' | 'title' | 'artist'>, blob?: Blob) => {
      const { store, db } = await openDb();
      await store.keepTrack(db, {
        ownerId,
        itemId: item.id,
        title: item.title,
        artist: item.artist,
        blob: blob ?? sampleTrackBlob(item.id),
      });
      announceKept();
      // Ask the browser not to evict kept media under storage pressure (best effort).
      void navigator.storage?.persist?.().catch(() => false);
    },
    [ownerId],
  );
  const remove = useCallback(
    async (itemId: string) => {
      const { store, db } = await openDb();
      await store.removeTrack(db, ownerId, itemId);
    },
    [ownerId],
  );
  const blobFor = useCallback(
    async (itemId: string) => {
      const { store, db } = await openDb();
      return store.trackBlob(db, ownerId, itemId);
    },
    [ownerId],
  );
  const kept = useMemo(() => new Set(tracks.map((t) => t.itemId)), [tracks]);
  const isKept = useCallback((itemId: string) => kept.has(itemId), [kept]);

  // One object per change, so memoized screens (the Daily Locker) skip unrelated re-renders.
  return useMemo(
    () => ({ tracks, keptBytes, estimate, isKept, keep, remove, blobFor }),
    [tracks, keptBytes, estimate, isKept, keep, remove, blobFor],
  );
}
