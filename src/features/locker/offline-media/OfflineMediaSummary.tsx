import { ActionIcon, Card, Group, Stack, Text } from '@mantine/core';
import { IconCloudDownload, IconTrash } from '@tabler/icons-react';
import { formatBytes, storageSummary } from './offline-rules';
import type { OfflineMedia } from './use-offline-media';

/** Offline listening: the kept tracks, the bytes they hold and the device storage in use. */
export function OfflineMediaSummary({ media }: { media: OfflineMedia }) {
  const { kept, device } = storageSummary({
    trackCount: media.tracks.length,
    keptBytes: media.keptBytes,
    estimate: media.estimate,
  });
  return (
    <Card withBorder radius="lg" padding="sm" component="section" aria-label="Offline listening">
      <Stack gap={6}>
        <Group gap={6}>
          <IconCloudDownload size={16} aria-hidden />
          <Text size="sm" fw={600}>
            Offline listening
          </Text>
        </Group>
        <Text size="sm" data-testid="offline-media-kept">
          {kept}
        </Text>
        {media.tracks.map((track) => (
          <Group key={track.id} gap="xs" wrap="nowrap" justify="space-between">
            <Text size="xs" truncate style={{ flex: 1, minWidth: 0 }}>
              {track.title} · {track.artist}
            </Text>
            <Text size="xs" c="dimmed">
              {formatBytes(track.bytes)}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={`Remove offline copy of ${track.title}`}
              onClick={() => void media.remove(track.itemId)}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        ))}
        {device ? (
          <Text size="xs" c="dimmed" data-testid="offline-media-device">
            {device}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
