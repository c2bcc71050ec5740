import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudDownload, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { formatBytes } from './offline-rules';

/** The keep-offline controls of a track; absent when the device cannot keep tracks. */
export interface KeepControls {
  kept: boolean;
  /** Bytes of the kept copy, when known. */
  bytes?: number;
  busy: boolean;
  onKeep: () => void;
  onRemove: () => void;
}

/**
 * The player block shared by sample and real locker tracks: the player (once a source exists),
 * 'Kept offline · size' with 'Remove offline copy' or 'Keep for offline listening', and the last
 * error as an alert.
 *
 * The player is a Play button until the listener asks for it, then the <audio> element with its
 * controls, playing and focused. Chromium builds an element's native controls on the main thread
 * when it is inserted (a shadow tree styled with a dozen SVG icons, each a document of its own):
 * two frames of 30–45 ms on a phone, while the Daily Locker's first screen is still settling.
 */
export function TrackPlayer({
  title,
  src,
  audioRef,
  onPlay,
  onPlaying,
  keep,
  error,
  sourcePending = false,
}: {
  title: string;
  src: string | null;
  /**
   * The source is on its way (a signed URL, the kept copy, the sample's bytes): the Play button
   * shows loading in its place meanwhile, so the card does not grow under the fan when it comes.
   */
  sourcePending?: boolean;
  /** Receives the <audio> element while it is mounted (the Media Session wiring). */
  audioRef: (element: HTMLAudioElement | null) => void;
  onPlay?: () => void;
  /** Playback really started (media data is flowing): a stale error can go. */
  onPlaying?: () => void;
  keep: KeepControls | null;
  error: string;
}) {
  const [open, setOpen] = useState(false);
  const startOnMount = useRef(false);
  // The element the Play button asked for starts playing (the click allows it) and takes the focus
  // the button had; a later one (another source for the same track) waits for the listener.
  const attach = useCallback(
    (element: HTMLAudioElement | null) => {
      audioRef(element);
      if (!element || !startOnMount.current) return;
      startOnMount.current = false;
      element.focus();
      void element.play().catch(() => undefined);
    },
    [audioRef],
  );
  return (
    <Stack gap={4}>
      {src ? (
        open ? (
          // eslint-disable-next-line jsx-a11y/media-has-caption -- music tracks; no captions exist for them
          <audio
            ref={attach}
            controls
            preload="metadata"
            src={src}
            onPlay={onPlay}
            onPlaying={onPlaying}
            style={{ width: '100%', height: 36 }}
            aria-label={`Play ${title}`}
          />
        ) : (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlayerPlay size={14} aria-hidden />}
            aria-label={`Play ${title}`}
            onClick={() => {
              startOnMount.current = true;
              setOpen(true);
            }}
            style={{ alignSelf: 'flex-start' }}
          >
            Play
          </Button>
        )
      ) : sourcePending ? (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlayerPlay size={14} aria-hidden />}
          aria-label={`Play ${title}`}
          loading
          style={{ alignSelf: 'flex-start' }}
        >
          Play
        </Button>
      ) : null}
      {keep ? (
        <Group gap={6} justify="space-between">
          {keep.kept ? (
            <>
              <Badge color="teal" variant="light" size="sm" leftSection={<IconCloudDownload size={12} aria-hidden />}>
                Kept offline{keep.bytes !== undefined ? ` · ${formatBytes(keep.bytes)}` : ''}
              </Badge>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                loading={keep.busy}
                onClick={keep.onRemove}
              >
                Remove offline copy
              </Button>
            </>
          ) : (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconCloudDownload size={14} />}
              loading={keep.busy}
              onClick={keep.onKeep}
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
