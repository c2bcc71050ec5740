import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import { formatCompactNumber, formatDateTime } from '../../../lib/format';
import type { DeveloperApp } from '../api/types';
import { weeklyCallsForApp } from '../sample-portal';

export function AppAnalyticsModal({ app, onClose }: { app: DeveloperApp | null; onClose: () => void }) {
  const series = app ? weeklyCallsForApp(app.apiCalls) : [];
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
            <Figure label="API calls" value={formatCompactNumber(app.apiCalls)} />
            <Figure label="Users" value={formatCompactNumber(app.users)} />
            <Figure label="Status" value={app.status} />
            <Figure label="Last used" value={app.lastUsed ? formatDateTime(app.lastUsed) : 'Never'} />
          </SimpleGrid>
          {app.apiCalls > 0 ? (
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
          ) : (
            <Text c="dimmed" ta="center" py="xl">
              No API calls yet. Calls appear here once users authorize {app.name}.
            </Text>
          )}
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
