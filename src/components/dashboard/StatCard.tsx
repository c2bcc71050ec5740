import { Badge, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTrendingDown, IconTrendingUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  value: string;
  /** Percent change; positive is good. */
  trend?: number;
  trendSuffix?: string;
  icon: ReactNode;
  color: string;
  hint?: string;
  /** For costs: a fall is good news (green). */
  lowerIsBetter?: boolean;
}

/** One headline figure with its icon and trend badge. */
export function StatCard({
  label,
  value,
  trend,
  trendSuffix = '',
  icon,
  color,
  hint,
  lowerIsBetter = false,
}: StatCardProps) {
  const up = (trend ?? 0) >= 0;
  const good = lowerIsBetter ? !up : up;
  return (
    <Card withBorder radius="lg" padding="md" data-testid="stat-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <ThemeIcon variant="light" color={color} radius="md" size={32} aria-hidden visibleFrom="xs">
            {icon}
          </ThemeIcon>
        </Group>
        <Text fz={{ base: 22, sm: 28 }} fw={800} lh={1.1} data-testid="stat-value">
          {value}
        </Text>
        <Group gap={6} wrap="wrap">
          {trend !== undefined ? (
            <Badge
              variant="light"
              color={good ? 'green' : 'red'}
              leftSection={up ? <IconTrendingUp size={12} /> : <IconTrendingDown size={12} />}
            >
              {up ? '+' : ''}
              {trend}%{trendSuffix}
            </Badge>
          ) : null}
          {hint ? (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
