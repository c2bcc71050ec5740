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
          <BucketLogo />
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

/**
 * public/favicon.svg, inline: as an <img>, an SVG file is a document of its own that Chromium
 * builds on the main thread while the page loads (≈ 5 ms here, four times that on a phone).
 */
function BucketLogo() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width={28} height={28} aria-hidden="true">
      <rect width="512" height="512" rx="112" fill="#1c1a2e" />
      <path d="M136 188h240l-26 196a40 40 0 0 1-40 34H202a40 40 0 0 1-40-34z" fill="#fab005" />
      <path d="M120 160h272a14 14 0 0 1 0 28H120a14 14 0 0 1 0-28z" fill="#ffd43b" />
      <circle cx="256" cy="292" r="44" fill="#1c1a2e" />
      <circle cx="256" cy="292" r="14" fill="#fab005" />
    </svg>
  );
}
