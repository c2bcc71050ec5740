import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useContext, useEffect, useReducer, useRef, useState } from 'react';
import { logEngagement } from '@sync/writes';
import { SyncContext } from '@/data/sync-context';
import { TRACK_PLAYED_EVENT } from '@/lib/fan-server-contract';
import { supabase } from '@/lib/supabase';
import { TrackPlayer } from '../offline-media/TrackPlayer';
import type { OfflineMedia } from '../offline-media/use-offline-media';
import type { LockerItem } from '../types';
import { UpgradeButton } from '@/features/payments';
import { KEPT_COPY_REMOVED, lockedReason, tierEndedText, upgradeLevel } from './real-drop';
import { INITIAL_TRACK_SOURCE, trackSourceReducer } from './track-source';
import { useMediaSession } from './use-media-session';
import { useTierEndReason } from './use-tier-end-reason';

/**
 * A real track in the locker: streams from a signed URL (HTTP Range, so seeking works before the
 * whole file is down), or plays the kept copy from the device; 'Keep for offline listening'
 * downloads the object once. Locked items show the Locked badge and nothing to play or keep; a
 * copy kept before the track locked (a paid tier ended) is deleted from the device when the
 * synced row says locked, and the card says why.
 */
export function RealLockerTrack({
  item,
  media,
  onNextTrack,
  onPreviousTrack,
}: {
  item: LockerItem & { real: NonNullable<LockerItem['real']> };
  media?: OfflineMedia;
  onNextTrack?: () => void;
  onPreviousTrack?: () => void;
}) {
  const { real } = item;
  const sync = useContext(SyncContext);
  const kept = media?.isKept(item.id) ?? false;
  const info = media?.tracks.find((t) => t.itemId === item.id);
  const blobFor = media?.blobFor;
  const [{ src, error }, dispatch] = useReducer(trackSourceReducer, INITIAL_TRACK_SOURCE);
  const [busy, setBusy] = useState(false);
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  const logged = useRef(false);
  const [keptRemoved, setKeptRemoved] = useState(false);
  const endedReason = useTierEndReason(real.artistId);
  const removeKept = media?.remove;
  useMediaSession(
    audio,
    { title: item.title, artist: item.artist, artwork: item.thumbnail },
    { onNext: onNextTrack, onPrevious: onPreviousTrack },
  );

  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    void (async () => {
      const blob = kept && blobFor && !real.locked ? await blobFor(item.id) : null; // locked: the copy goes
      if (!live) return;
      if (blob) {
        objectUrl = URL.createObjectURL(blob);
        dispatch({ type: 'source', url: objectUrl });
        return;
      }
      if (real.locked || !real.filePath) return;
      const { data, error: signError } = await supabase.storage.from('content').createSignedUrl(real.filePath, 3600);
      if (!live) return;
      if (signError) dispatch({ type: 'stream-failed' });
      else dispatch({ type: 'source', url: data.signedUrl });
    })();
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      dispatch({ type: 'cleared' });
    };
  }, [item.id, kept, blobFor, real.locked, real.filePath]);

  // The server says locked now (the row came by sync): a kept copy no longer plays here.
  useEffect(() => {
    if (!real.locked || !kept || !removeKept) return;
    void removeKept(item.id)
      .then(() => setKeptRemoved(true))
      .catch((cause: unknown) => console.error('kept copy not removed', cause));
  }, [real.locked, kept, removeKept, item.id]);

  async function keep() {
    if (!media || !real.filePath) return;
    setBusy(true);
    dispatch({ type: 'keep-started' });
    try {
      const { data, error: downloadError } = await supabase.storage.from('content').download(real.filePath);
      if (downloadError || !data) throw downloadError ?? new Error('no data');
      await media.keep(item, data);
    } catch {
      dispatch({ type: 'keep-failed' });
    } finally {
      setBusy(false);
    }
  }

  function onPlay() {
    if (logged.current || !sync?.db || !sync.userId) return;
    logged.current = true; // one play per mount: a pause/resume is the same listen
    void logEngagement(sync.db, {
      user_id: sync.userId,
      event_type: TRACK_PLAYED_EVENT,
      metadata: { content_id: real.contentId, artist_id: real.artistId },
    }).catch((cause: unknown) => console.error('play not logged', cause));
  }

  if (real.locked) {
    const level = upgradeLevel(real, new Date());
    const ended = level ? tierEndedText(endedReason) : null;
    return (
      <Stack gap={4}>
        <Group gap={6}>
          <Badge color="gray" variant="filled" leftSection={<IconLock size={12} aria-hidden />}>
            Locked
          </Badge>
          <Text size="xs" c="dimmed">
            {lockedReason(real, new Date())}
          </Text>
          {level ? <UpgradeButton artistId={real.artistId} level={level} /> : null}
        </Group>
        {ended || keptRemoved ? (
          <Text size="xs" role="status" data-testid="tier-ended">
            {[ended, keptRemoved ? KEPT_COPY_REMOVED : null].filter(Boolean).join(' ')}
          </Text>
        ) : null}
      </Stack>
    );
  }

  return (
    <TrackPlayer
      title={item.title}
      src={src}
      audioRef={setAudio}
      onPlay={onPlay}
      onPlaying={() => dispatch({ type: 'playing' })}
      keep={
        media
          ? {
              kept,
              bytes: info?.bytes,
              busy,
              onKeep: () => void keep(),
              onRemove: () => void media.remove(item.id),
            }
          : null
      }
      error={error}
      sourcePending={!src && !error && (kept || Boolean(real.filePath))}
    />
  );
}
