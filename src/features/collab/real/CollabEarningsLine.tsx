import { Group, Text } from '@mantine/core';
import { money, useCollabEarningsTotal } from './delivery-api';

/** 'Brand collaborations' on the artist's Earnings card: the ledger's total (codes claimed, flat fees). */
export function CollabEarningsLine() {
  const { state } = useCollabEarningsTotal();
  return (
    <Group justify="space-between" data-testid="collab-earnings-line">
      <Text size="sm">Brand collaborations</Text>
      <Text size="sm" fw={700}>
        {state.status === 'ready'
          ? `${money(state.data.totalCents)} · ${state.data.codeClaims} codes claimed`
          : state.status === 'error'
            ? 'Could not load'
            : '…'}
      </Text>
    </Group>
  );
}
