import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudDownload, IconTrash } from '@tabler/icons-react';
import type { RefObject } from 'react';
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
 * The player block shared by sample and real locker tracks: the audio element (once a source
 * exists), 'Kept offline · size' with 'Remove offline copy' or 'Keep for offline listening', and
 * the last error as an alert.
 */
export function TrackPlayer({
  title,
  src,
  audioRef,
  onPlay,
  keep,
  error,
}: {
  title: string;
  src: string | null;
  audioRef: RefObject<HTMLAudioElement | null>;
  onPlay?: () => void;
  keep: KeepControls | null;
  error: string;
}) {
  return (
    <Stack gap={4}>
      {src ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- music tracks; no captions exist for them
        <audio
          ref={audioRef}
          controls
          preload="metadata"
          src={src}
          onPlay={onPlay}
          style={{ width: '100%', height: 36 }}
          aria-label={`Play ${title}`}
        />
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
