import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudDownload, IconLock, IconTrash } from '@tabler/icons-react';
import { useContext, useEffect, useRef, useState } from 'react';
import { logEngagement } from '../../../../sync';
import { SyncContext } from '../../../data/sync-context';
import { TRACK_PLAYED_EVENT } from '../../../lib/fan-server-contract';
import { supabase } from '../../../lib/supabase';
import { formatBytes } from '../offline-media/offline-rules';
import type { OfflineMedia } from '../offline-media/use-offline-media';
import type { LockerItem } from '../types';
import { tierLabel } from './real-drop';
import { useMediaSession } from './use-media-session';

/**
 * A real track in the locker: streams from a signed URL (HTTP Range, so seeking works before the
 * whole file is down), or plays the kept copy from the device; 'Keep for offline listening'
 * downloads the object once. Locked items show the Locked badge and nothing to play or keep.
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
  const [src, setSrc] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const audioRef = useRef<HTMLAudioElement>(null);
  const logged = useRef(false);
  useMediaSession(
    audioRef,
    { title: item.title, artist: item.artist, artwork: item.thumbnail },
    { onNext: onNextTrack, onPrevious: onPreviousTrack },
    Boolean(src),
  );

  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    void (async () => {
      const blob = kept && blobFor ? await blobFor(item.id) : null;
      if (!live) return;
      if (blob) {
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
        return;
      }
      if (real.locked || !real.filePath) return;
      const { data, error: signError } = await supabase.storage.from('content').createSignedUrl(real.filePath, 3600);
      if (!live) return;
      if (signError) setError('This track cannot be streamed right now.');
      else setSrc(data.signedUrl);
    })();
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setSrc(null);
    };
  }, [item.id, kept, blobFor, real.locked, real.filePath]);

  async function keep() {
    if (!media || !real.filePath) return;
    setBusy(true);
    setError('');
    try {
      const { data, error: downloadError } = await supabase.storage.from('content').download(real.filePath);
      if (downloadError || !data) throw downloadError ?? new Error('no data');
      await media.keep(item, data);
    } catch {
      setError('Could not keep this track: check your connection and storage.');
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

  if (real.locked && !kept) {
    return (
      <Group gap={6}>
        <Badge color="gray" variant="filled" leftSection={<IconLock size={12} aria-hidden />}>
          Locked
        </Badge>
        <Text size="xs" c="dimmed">
          {tierLabel(real.tierRequired)} and up unlocks this track
        </Text>
      </Group>
    );
  }

  return (
    <Stack gap={4}>
      {src ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- music track; no captions exist for uploads
        <audio
          ref={audioRef}
          controls
          preload="metadata"
          src={src}
          onPlay={onPlay}
          style={{ width: '100%', height: 36 }}
          aria-label={`Play ${item.title}`}
        />
      ) : null}
      {media ? (
        <Group gap={6} justify="space-between">
          {kept ? (
            <>
              <Badge color="teal" variant="light" size="sm" leftSection={<IconCloudDownload size={12} aria-hidden />}>
                Kept offline{info ? ` · ${formatBytes(info.bytes)}` : ''}
              </Badge>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => void media.remove(item.id)}
              >
                Remove offline copy
              </Button>
            </>
          ) : (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconCloudDownload size={14} />}
              loading={busy}
              onClick={() => void keep()}
            >
              Keep for offline listening
            </Button>
          )}
        </Group>
      ) : null}
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
