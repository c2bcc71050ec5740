import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconDiscountCheckFilled, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { pluralNoun } from '@/lib/plural';
import { formatCompactNumber } from '@/lib/format';
import type { SampleArtist } from '@/sample/artists';

export function ArtistName({ artist }: { artist: SampleArtist }) {
  return (
    <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
      <Text fw={700} size="lg" truncate>
        {artist.name}
      </Text>
      {artist.isVerified ? <VerifiedTick /> : null}
    </Group>
  );
}

/**
 * The verified tick; its 'Verified artist' tooltip mounts on the first hover. A Mantine Tooltip
 * per card (floating-ui hooks, a portal node, state set on mount) was a good part of each card's
 * render cost, for a tooltip that only a pointer can open.
 */
function VerifiedTick() {
  const [hovered, setHovered] = useState<boolean | null>(null);
  const tick = (
    <IconDiscountCheckFilled
      size={18}
      color="var(--mantine-color-blue-filled)"
      aria-label="Verified"
      role="img"
      style={{ flexShrink: 0 }}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
    />
  );
  if (hovered === null) return tick;
  return (
    <Tooltip label="Verified artist" withArrow opened={hovered}>
      {tick}
    </Tooltip>
  );
}

export function TrustScore({ score }: { score: number }) {
  const color = score >= 90 ? 'teal' : score >= 80 ? 'lime' : 'yellow';
  return (
    <Badge color={color} variant="light" leftSection={<IconShieldCheck size={12} aria-hidden />}>
      Trust {score}
    </Badge>
  );
}

export function ArtistCounts({ artist }: { artist: SampleArtist }) {
  return (
    <Group gap="md">
      <Text size="sm">
        <Text span fw={700}>
          {formatCompactNumber(artist.subscribers)}
        </Text>{' '}
        <Text span c="dimmed">
          {pluralNoun(artist.subscribers, 'follower')}
        </Text>
      </Text>
      <Text size="sm">
        <Text span fw={700}>
          {formatCompactNumber(artist.monthlyListeners)}
        </Text>{' '}
        <Text span c="dimmed">
          monthly
        </Text>
      </Text>
    </Group>
  );
}

export function ArtistTags({ tags }: { tags: string[] }) {
  return (
    <Group gap={4}>
      {tags.slice(0, 3).map((tag) => (
        <Badge key={tag} variant="outline" color="gray" size="sm" tt="none">
          #{tag}
        </Badge>
      ))}
    </Group>
  );
}
