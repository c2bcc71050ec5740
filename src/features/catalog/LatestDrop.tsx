import { Group, Paper, Text } from '@mantine/core';
import { IconMusic, IconPhoto, IconVideo } from '@tabler/icons-react';
import type { SampleArtist } from '@/sample/artists';
import { Artwork } from '@/components/Artwork';

const TYPE_ICON = { audio: IconMusic, video: IconVideo, image: IconPhoto } as const;

export function LatestDrop({ drop }: { drop: SampleArtist['latestDrop'] }) {
  const Icon = TYPE_ICON[drop.type];
  return (
    <Paper withBorder radius="md" p={6}>
      <Group gap="xs" wrap="nowrap">
        <Artwork src={drop.thumbnail} size={40} radius="sm" />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text size="xs" c="dimmed">
            Latest drop · {drop.timeAgo}
          </Text>
          <Text size="sm" fw={600} truncate>
            {drop.title}
          </Text>
        </div>
        <Icon size={16} aria-label={drop.type} role="img" style={{ flexShrink: 0 }} />
      </Group>
    </Paper>
  );
}
