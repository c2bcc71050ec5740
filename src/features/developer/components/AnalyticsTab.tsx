import type { ReactNode } from 'react';
import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Badge, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatCompactNumber } from '@/lib/format';
import { CALLS_BY_ENDPOINT, DAILY_API_CALLS } from '../sample-portal';

export function AnalyticsTab({ realUsage }: { realUsage?: ReactNode }) {
  return (
    <Stack gap="lg">
      {realUsage}
      <Badge variant="light" color="gray" w="fit-content">
        Sample data
      </Badge>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <Text fw={700} size="lg" component="h2" m={0}>
              API calls, last 7 days
            </Text>
            <AreaChart
              h={260}
              data={DAILY_API_CALLS}
              dataKey="day"
              series={[
                { name: 'calls', label: 'Calls', color: 'grape.5' },
                { name: 'errors', label: 'Errors', color: 'red.5' },
              ]}
              valueFormatter={formatCompactNumber}
              curveType="monotone"
              withLegend
              role="img"
              aria-label="API calls and errors over the last seven days"
            />
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <Text fw={700} size="lg" component="h2" m={0}>
              Calls by endpoint
            </Text>
            <BarChart
              h={260}
              data={CALLS_BY_ENDPOINT}
              dataKey="endpoint"
              orientation="vertical"
              yAxisProps={{ width: 150 }}
              series={[{ name: 'calls', label: 'Calls', color: 'grape.6' }]}
              valueFormatter={formatCompactNumber}
              gridAxis="x"
              role="img"
              aria-label="API calls by endpoint"
            />
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
