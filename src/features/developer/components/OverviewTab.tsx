import type { ReactNode } from 'react';
import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconActivity, IconApps, IconCircleCheck, IconUsers } from '@tabler/icons-react';
import { SampleDataHeading, StatCard } from '@/components/dashboard';
import { SAMPLE_APPS } from '../api/sample-apps';
import { YourAppsCard } from './YourAppsCard';
import { formatCompactNumber } from '@/lib/format';
import { statusColor } from '../display-rules';
import { PORTAL_STATS, RECENT_API_ACTIVITY } from '../sample-portal';
import { METHOD_COLORS } from '../api-docs';

/**
 * Four stat cards and the recent API activity, on sample data. A signed-in
 * developer (`preview` false) first sees their own apps and their real API use, the sample under
 * the 'Sample data' heading.
 */
export function OverviewTab({
  appCount,
  preview,
  realUsage,
}: {
  appCount: number;
  preview: boolean;
  realUsage?: ReactNode;
}) {
  return (
    <Stack gap="lg">
      {preview ? null : (
        <>
          <YourAppsCard appCount={appCount} />
          {realUsage}
          <SampleDataHeading />
        </>
      )}
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <StatCard
          label="Total API Calls"
          value={formatCompactNumber(PORTAL_STATS.totalApiCalls)}
          icon={<IconActivity size={18} />}
          color="grape"
        />
        <StatCard
          label="Active Users"
          value={formatCompactNumber(PORTAL_STATS.activeUsers)}
          icon={<IconUsers size={18} />}
          color="blue"
        />
        <StatCard
          label="Applications"
          value={String(preview ? appCount : SAMPLE_APPS.length)}
          icon={<IconApps size={18} />}
          color="teal"
        />
        <StatCard
          label="Success Rate"
          value={`${PORTAL_STATS.successRate}%`}
          icon={<IconCircleCheck size={18} />}
          color="green"
        />
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="recent-activity-heading">
        <Stack gap="sm">
          <Text id="recent-activity-heading" fw={700} size="lg" component="h2" m={0}>
            Recent API Activity
          </Text>
          <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {RECENT_API_ACTIVITY.map((call) => (
              <Group
                key={call.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                py="xs"
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                data-testid="api-activity"
              >
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap">
                    <Badge size="xs" variant="outline" color={METHOD_COLORS[call.method]} w={44}>
                      {call.method}
                    </Badge>
                    <Text size="sm" ff="monospace" truncate>
                      {call.endpoint}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {call.app} · {call.latency} ms · {call.timeAgo}
                  </Text>
                </Stack>
                <Badge color={statusColor(call.status)} variant="light" data-status-color={statusColor(call.status)}>
                  {call.status}
                </Badge>
              </Group>
            ))}
          </Stack>
        </Stack>
      </Card>
    </Stack>
  );
}
