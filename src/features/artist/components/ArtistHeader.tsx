import { Avatar, Badge, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCrown, IconRosetteDiscountCheckFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ArtistAnalytics } from '../sample-analytics';

/** Artist identity line: avatar, name with verified mark, tier, and the page's actions. */
export function ArtistHeader({ artist, actions }: { artist: ArtistAnalytics['artist']; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="md">
      <Group gap="md" wrap="nowrap">
        <Avatar src={artist.avatar} alt="" size={64} radius="xl" />
        <Stack gap={4}>
          <Group gap={6} wrap="nowrap">
            <Title order={1} size="h2">
              {artist.name}
            </Title>
            {artist.verified ? (
              <Tooltip label="Verified artist" withArrow>
                <IconRosetteDiscountCheckFilled
                  size={24}
                  color="var(--mantine-color-blue-4)"
                  aria-label="Verified artist"
                  role="img"
                />
              </Tooltip>
            ) : null}
          </Group>
          <Group gap={6}>
            <Badge color="yellow" variant="light" leftSection={<IconCrown size={12} />}>
              {artist.tier}
            </Badge>
            <Text size="sm" c="dimmed">
              Artist Dashboard
            </Text>
          </Group>
        </Stack>
      </Group>
      {actions ? (
        <Group gap="sm" wrap="wrap">
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}
