import { Alert, Card, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '@/lib/format';
import type { DeveloperApp } from '../api/types';
import type { AppUsageState } from '../api/use-app-usage';

/** The developer's own apps' real MediaID API use (from useAppUsage: counts only, never a user). */
export function RealUsageCard({
  apps,
  preview,
  usage,
  error,
}: { apps: DeveloperApp[]; preview: boolean } & AppUsageState) {
  if (preview) return null;
  const name = (clientId: string) => apps.find((a) => a.clientId === clientId)?.name ?? clientId;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="real-usage-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="real-usage-heading">
          Your apps&apos; real API use (last 30 days)
        </Title>
        {error ? (
          <Alert color="red" variant="light" title="Usage could not be loaded">
            {error}
          </Alert>
        ) : null}
        {usage === null && !error ? <Loader size="sm" aria-label="Loading usage" /> : null}
        {usage?.length === 0 ? (
          <Text size="sm" c="dimmed">
            No registered applications yet.
          </Text>
        ) : null}
        {usage && usage.length > 0 ? (
          <Stack gap={0} style={{ overflowX: 'auto' }}>
            <Table aria-label="Real API use per application" miw={480}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Application</Table.Th>
                  <Table.Th>API calls</Table.Th>
                  <Table.Th>Connected users</Table.Th>
                  <Table.Th>Last call</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {usage.map((u) => (
                  <Table.Tr key={u.client_id} data-testid="real-usage-row">
                    <Table.Td>{name(u.client_id)}</Table.Td>
                    <Table.Td>{u.api_calls_30d}</Table.Td>
                    <Table.Td>{u.connected_users}</Table.Td>
                    <Table.Td>{u.last_call_at ? formatDateTime(u.last_call_at) : 'Never'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
