import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Modal } from '@/components/Modal';
import { formatCompactNumber, formatDateTime } from '@/lib/format';
import type { DeveloperApp } from '../api/types';
import { weeklyCallsForApp } from '../sample-portal';

/**
 * One app's figures. Sample apps (preview) draw the spec's weekly chart from their sample total; a
 * registered app shows its real 30-day totals (developer_app_usage) and no made-up curve.
 */
export function AppAnalyticsModal({
  app,
  preview,
  onClose,
}: {
  app: DeveloperApp | null;
  preview: boolean;
  onClose: () => void;
}) {
  const series = app && preview ? weeklyCallsForApp(app.apiCalls) : [];
  return (
    <Modal
      opened={app !== null}
      onClose={onClose}
      title={app ? `${app.name} analytics` : 'Analytics'}
      size="xl"
      centered
    >
      {app ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure label={preview ? 'API calls' : 'API calls (30 days)'} value={formatCompactNumber(app.apiCalls)} />
            <Figure label="Users" value={formatCompactNumber(app.users)} />
            <Figure label="Status" value={app.status} />
            <Figure label="Last used" value={app.lastUsed ? formatDateTime(app.lastUsed) : 'Never'} />
          </SimpleGrid>
          {app.apiCalls > 0 && !preview ? (
            <Text c="dimmed" ta="center" py="md">
              Totals for the last 30 days, counted from the calls {app.name} made with its users&apos; consent.
            </Text>
          ) : null}
          {app.apiCalls > 0 && preview ? (
            <AreaChart
              h={240}
              data={series}
              dataKey="day"
              series={[{ name: 'calls', label: 'API calls', color: 'grape.5' }]}
              valueFormatter={formatCompactNumber}
              curveType="monotone"
              role="img"
              aria-label={`${app.name} API calls over the last seven days`}
            />
          ) : null}
          {app.apiCalls === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              No API calls yet. Calls appear here once users authorize {app.name}.
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={4}>
        <Text fw={700} tt="capitalize">
          {value}
        </Text>
      </Group>
    </Stack>
  );
}
