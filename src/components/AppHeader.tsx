import { Anchor, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { NetworkStatus } from './NetworkStatus';

/** The app-wide header: brand link home, connection state, sync state slot, colour scheme. */
export function AppHeader({ status }: { status?: ReactNode }) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Bucket home">
        <Group gap={8} wrap="nowrap">
          <img src="/favicon.svg" width={28} height={28} alt="" />
          <Text fw={800} size="lg">
            Bucket
          </Text>
        </Group>
      </Anchor>
      <Group gap="xs" wrap="nowrap">
        {status}
        <NetworkStatus />
        <ColorSchemeToggle />
      </Group>
    </Group>
  );
}
