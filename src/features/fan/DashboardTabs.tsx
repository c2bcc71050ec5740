import { Badge, Box, Button, Card, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconCompass, IconLayoutList, IconLibrary } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { countLabel } from '@/lib/plural';
import { Artwork } from '@/components/Artwork';
import { EmptyMessage } from './EmptyMessage';
import { SampleBadge } from './SampleBadge';
import type { ActivityItem, LibraryEntry, Recommendation } from './types';

/** Tab icons only where there is room for them. */
function TabIcon({ Icon }: { Icon: ComponentType<{ size?: number }> }) {
  return (
    <Box component="span" visibleFrom="sm" display="inline-flex" aria-hidden>
      <Icon size={16} />
    </Box>
  );
}

const ACTIVITY_LABEL: Record<ActivityItem['type'], string> = {
  new_drop: 'New drop',
  milestone: 'Milestone',
  live_event: 'Live',
  collaboration: 'Collab',
  other: 'Update',
};

function Feed({ activity }: { activity: ActivityItem[] }) {
  if (activity.length === 0) return <EmptyMessage>No recent activity</EmptyMessage>;
  return (
    <Stack gap="sm">
      {activity.map((item) => (
        <Group key={item.id} gap="sm" wrap="nowrap" align="flex-start">
          <Artwork src={item.thumbnail} size={56} radius="md" />
          <div style={{ flex: 1, minWidth: 0 }}>
            <Group gap={6}>
              <Badge size="xs" variant="light">
                {ACTIVITY_LABEL[item.type]}
              </Badge>
              {item.isNew ? (
                <Badge size="xs" color="pink">
                  NEW
                </Badge>
              ) : null}
              {item.sample ? <SampleBadge /> : null}
            </Group>
            <Text size="sm" fw={600} lineClamp={2}>
              {item.title}
            </Text>
            <Text size="xs" c="dimmed">
              {item.artist} · {item.timeAgo}
            </Text>
          </div>
        </Group>
      ))}
    </Stack>
  );
}

function Discover({ recommendations }: { recommendations: Recommendation[] }) {
  if (recommendations.length === 0) return <EmptyMessage>No recommendations available</EmptyMessage>;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {recommendations.map((rec) => (
          <Card key={rec.id} withBorder radius="md" padding="sm">
            <Group justify="flex-end" mb={4}>
              <SampleBadge />
            </Group>
            <Group gap="sm" wrap="nowrap">
              <Artwork src={rec.avatar} size={38} radius="50%" avatar />
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {rec.name}
                </Text>
                <Text size="xs" c="dimmed" tt="capitalize" truncate>
                  {rec.genre} · {countLabel(rec.subscribers, 'follower')}
                </Text>
              </div>
            </Group>
            <Text size="xs" c="dimmed" mt={6}>
              {rec.reason}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Button component={Link} to="/catalog" variant="light" fullWidth>
        Explore the catalog
      </Button>
    </Stack>
  );
}

function Library({ library }: { library: LibraryEntry[] }) {
  if (library.length === 0) return <EmptyMessage>No saved content yet</EmptyMessage>;
  return (
    <SimpleGrid cols={{ base: 2, sm: 2 }} spacing="sm">
      {library.map((entry) => (
        <Card key={entry.id} withBorder radius="md" padding="xs">
          <Card.Section>
            <Artwork src={entry.thumbnail} style={{ height: 90 }} />
          </Card.Section>
          <Text size="sm" fw={600} mt={6} lineClamp={1}>
            {entry.title}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {entry.artist} · {entry.savedAgo}
          </Text>
          <SampleBadge />
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** Tabs Your Feed / Discover / Your Library. */
export function DashboardTabs({
  activity,
  recommendations,
  library,
}: {
  activity: ActivityItem[];
  recommendations: Recommendation[];
  library: LibraryEntry[];
}) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Tabs defaultValue="feed" keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="feed" px="xs" leftSection={<TabIcon Icon={IconLayoutList} />}>
            Your Feed
          </Tabs.Tab>
          <Tabs.Tab value="discover" px="xs" leftSection={<TabIcon Icon={IconCompass} />}>
            Discover
          </Tabs.Tab>
          <Tabs.Tab value="library" px="xs" leftSection={<TabIcon Icon={IconLibrary} />}>
            Your Library
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="feed">
          <Feed activity={activity} />
        </Tabs.Panel>
        <Tabs.Panel value="discover">
          <Discover recommendations={recommendations} />
        </Tabs.Panel>
        <Tabs.Panel value="library">
          <Library library={library} />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
