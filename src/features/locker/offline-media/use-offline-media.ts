import { liveQuery } from 'dexie';
import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import type { LockerItem } from '../types';
import {
  keepTrack,
  listTracks,
  OfflineMediaDatabase,
  removeTrack,
  trackBlob,
  type OfflineTrackInfo,
} from './offline-media-store';
import { toneWav, toneWavInSlices } from './tone-wav';
import { useStoreValue } from '../../../lib/use-store-value';

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

let database: OfflineMediaDatabase | null = null;
const openDb = () => (database ??= new OfflineMediaDatabase());

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

/** The owner's kept tracks as an external store (Dexie liveQuery: updates across tabs). */
function tracksStore(ownerId: string) {
  let value: OfflineTrackInfo[] = NO_TRACKS;
  const observable = liveQuery(() => listTracks(openDb(), ownerId));
  return {
    subscribe(onChange: () => void) {
      const sub = observable.subscribe({
        next: (tracks) => {
          value = tracks;
          onChange();
        },
        error: (error: unknown) => console.error('offline media unavailable', error),
      });
      return () => sub.unsubscribe();
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
      await keepTrack(openDb(), {
        ownerId,
        itemId: item.id,
        title: item.title,
        artist: item.artist,
        blob: blob ?? sampleTrackBlob(item.id),
      });
      // Ask the browser not to evict kept media under storage pressure (best effort).
      void navigator.storage?.persist?.().catch(() => false);
    },
    [ownerId],
  );
  const remove = useCallback((itemId: string) => removeTrack(openDb(), ownerId, itemId), [ownerId]);
  const blobFor = useCallback((itemId: string) => trackBlob(openDb(), ownerId, itemId), [ownerId]);
  const kept = useMemo(() => new Set(tracks.map((t) => t.itemId)), [tracks]);
  const isKept = useCallback((itemId: string) => kept.has(itemId), [kept]);

  // One object per change, so memoized screens (the Daily Locker) skip unrelated re-renders.
  return useMemo(
    () => ({ tracks, keptBytes, estimate, isKept, keep, remove, blobFor }),
    [tracks, keptBytes, estimate, isKept, keep, remove, blobFor],
  );
}
