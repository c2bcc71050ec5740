import { Alert, Badge, Loader, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatDateTime } from '@/lib/format';
import { listDeliveries, type WebhookDelivery } from '../api/webhooks';

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; rows: WebhookDelivery[] };

/** The app's recent deliveries from the outbox: event, when, attempts, last HTTP status, outcome. */
export function WebhookDeliveries({ clientId, refresh }: { clientId: string; refresh: number }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    listDeliveries(clientId).then(
      (rows) => live && setState({ kind: 'ready', rows }),
      (error: unknown) =>
        live && setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [clientId, refresh]);

  if (state.kind === 'loading') return <Loader size="sm" aria-label="Loading deliveries" />;
  if (state.kind === 'error') {
    return (
      <Alert color="red" variant="light" title="Deliveries could not be loaded">
        {state.message}
      </Alert>
    );
  }
  if (state.rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No deliveries yet. Bucket sends one when a connected user changes preferences or revokes your app.
      </Text>
    );
  }
  return (
    <Stack gap={0} style={{ overflowX: 'auto' }}>
      <Table striped highlightOnHover aria-label="Webhook deliveries" miw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Last status</Table.Th>
            <Table.Th>Outcome</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {state.rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.event_type}</Table.Td>
              <Table.Td>{formatDateTime(row.created_at)}</Table.Td>
              <Table.Td>{row.attempts}</Table.Td>
              <Table.Td>{row.last_status ?? '—'}</Table.Td>
              <Table.Td>
                {row.delivered_at ? (
                  <Badge color="green">Delivered</Badge>
                ) : row.gave_up_at ? (
                  <Badge color="red">Given up</Badge>
                ) : (
                  <Badge color="gray">Pending</Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
