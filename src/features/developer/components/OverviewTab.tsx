import type { ReactNode } from 'react';
import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconActivity, IconApps, IconCircleCheck, IconUsers } from '@tabler/icons-react';
import { StatCard } from '../../../components/dashboard';
import { formatCompactNumber } from '../../../lib/format';
import { statusColor } from '../display-rules';
import { PORTAL_STATS, RECENT_API_ACTIVITY } from '../sample-portal';
import { METHOD_COLORS } from '../api-docs';

export function OverviewTab({ appCount, realUsage }: { appCount: number; realUsage?: ReactNode }) {
  return (
    <Stack gap="lg">
      {realUsage}
      <Badge variant="light" color="gray" w="fit-content">
        Sample data
      </Badge>
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
        <StatCard label="Applications" value={String(appCount)} icon={<IconApps size={18} />} color="teal" />
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
