import { Container, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PERIOD_LABELS, type AnalyticsPeriod } from './analytics-period';
import { PeriodFilter } from './PeriodFilter';
import { SampleDataHeading } from './SampleDataHeading';

export interface DashboardFrameProps {
  testId: string;
  /** The demo's roomy variant: narrower page, wider gaps. */
  spacious: boolean;
  header: ReactNode;
  period: AnalyticsPeriod;
  onPeriodChange(period: AnalyticsPeriod): void;
  children: ReactNode;
  /**
   * The signed-in user's own figures. When given, they come first and the analytics that follow
   * sit under the 'Sample data' heading (sample figures never pass for the user's own).
   */
  own?: ReactNode;
}

/** Spacing between a dashboard's sections. */
export function dashboardGap(spacious: boolean): 'xl' | 'lg' {
  return spacious ? 'xl' : 'lg';
}

/** An analytics dashboard's page: container, identity header, the period bar, then its sections. */
export function DashboardFrame({
  testId,
  spacious,
  header,
  period,
  onPeriodChange,
  children,
  own,
}: DashboardFrameProps) {
  return (
    <Container size={spacious ? 'lg' : 'xl'} py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap={dashboardGap(spacious)} data-testid={testId}>
        {header}
        {own}
        {own ? <SampleDataHeading /> : null}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            Showing {PERIOD_LABELS[period].toLowerCase()}
          </Text>
          <PeriodFilter value={period} onChange={onPeriodChange} />
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
