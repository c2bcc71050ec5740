import { Text } from '@mantine/core';
import { startTransition, useEffect, useState } from 'react';
import { useMediaSession } from '../real-drops/use-media-session';
import type { LockerItem } from '../types';
import { canKeepOffline } from './offline-rules';
import { TrackPlayer } from './TrackPlayer';
import { sampleTrackBlobWhenIdle, type OfflineMedia } from './use-offline-media';

/**
 * A music drop's player with 'Keep offline' / 'Remove offline copy'. A kept track plays from its
 * stored Blob (object URL: seeking works offline); otherwise from the drop's (generated) audio.
 */
export function LockerTrack({
  item,
  fanTier,
  minutesLeft,
  media,
}: {
  item: LockerItem;
  fanTier: number;
  minutesLeft: number;
  media: OfflineMedia;
}) {
  const kept = media.isKept(item.id);
  const unlocked = canKeepOffline(item, fanTier, minutesLeft);
  const [src, setSrc] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const info = media.tracks.find((t) => t.itemId === item.id);
  const { blobFor } = media;
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  useMediaSession(audio, { title: item.title, artist: item.artist, artwork: item.thumbnail }, {});

  useEffect(() => {
    let url: string | null = null;
    let live = true;
    void (async () => {
      const blob = kept
        ? await blobFor(item.id)
        : unlocked
          ? await sampleTrackBlobWhenIdle(item.id, () => !live)
          : null;
      if (!live || !blob) return;
      url = URL.createObjectURL(blob);
      startTransition(() => setSrc(url));
    })();
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
      setSrc(null);
    };
  }, [item.id, kept, unlocked, blobFor]);

  async function run(action: () => Promise<void>, failure: string) {
    setBusy(true);
    setError('');
    try {
      await action();
    } catch {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  if (!unlocked && !kept) {
    return (
      <Text size="xs" c="dimmed">
        {minutesLeft <= 0 ? 'This drop has expired' : `Tier ${item.fanTierRequired}+ unlocks this track`}
      </Text>
    );
  }

  return (
    <TrackPlayer
      title={item.title}
      src={src}
      audioRef={setAudio}
      keep={{
        kept,
        bytes: info?.bytes,
        busy,
        onKeep: () => void run(() => media.keep(item), 'Not enough storage to keep this track'),
        onRemove: () => void run(() => media.remove(item.id), 'Could not remove the offline copy'),
      }}
      error={error}
    />
  );
}
