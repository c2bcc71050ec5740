import { Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Artwork } from '@/components/Artwork';
import { IconBroadcast, IconDisc, IconGift, IconTrendingUp } from '@tabler/icons-react';
import { formatCompactNumber, formatDateTime, formatShortCalendarDate } from '@/lib/format';
import { EmptyMessage } from './EmptyMessage';
import { SampleBadge } from './SampleBadge';
import type { TrendingEntry, UpcomingEvent } from './types';

const EVENT_ICON = { release: IconDisc, live: IconBroadcast, drop: IconGift } as const;

/**
 * Right panel: Trending Now (sample content only, badged "Sample") and Upcoming: the releases
 * followed artists announce (their own words and day), then sample events, each badged "Sample".
 */
export function SidePanel({ trending, upcoming }: { trending: TrendingEntry[]; upcoming: UpcomingEvent[] }) {
  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="fan-trending-title">
        <Group gap="xs" mb="sm">
          <Title order={2} size="h4" id="fan-trending-title">
            Trending Now
          </Title>
          {trending.length > 0 ? <SampleBadge /> : null}
        </Group>
        {trending.length === 0 ? (
          <EmptyMessage>No recommendations available</EmptyMessage>
        ) : (
          <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {trending.map((entry, rank) => (
              <Group key={entry.id} gap="sm" wrap="nowrap" component="li">
                <Text fw={800} c="dimmed" w={16}>
                  {rank + 1}
                </Text>
                <Artwork src={entry.avatar} size={38} radius="50%" avatar />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {entry.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {formatCompactNumber(entry.monthlyListeners)} monthly
                  </Text>
                </div>
                <Badge color="teal" variant="light" leftSection={<IconTrendingUp size={12} aria-hidden />}>
                  {entry.growth}%
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
      </Card>
      <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="fan-upcoming-title">
        <Group gap="xs" mb="sm">
          <Title order={2} size="h4" id="fan-upcoming-title">
            Upcoming
          </Title>
        </Group>
        {upcoming.length === 0 ? (
          <EmptyMessage>Nothing upcoming yet</EmptyMessage>
        ) : (
          <Stack gap="sm">
            {upcoming.map((event) => {
              const Icon = EVENT_ICON[event.kind];
              return (
                <Group key={event.id} gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" radius="md" size="lg">
                    <Icon size={18} />
                  </ThemeIcon>
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Text size="sm" fw={600} truncate>
                      {event.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {event.artist} ·{' '}
                      {event.startsAt.length === 10
                        ? formatShortCalendarDate(event.startsAt)
                        : formatDateTime(event.startsAt)}
                    </Text>
                  </div>
                  {event.sample ? <SampleBadge /> : null}
                </Group>
              );
            })}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
