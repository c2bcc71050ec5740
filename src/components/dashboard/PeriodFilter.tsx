import { SegmentedControl } from '@mantine/core';
import { ANALYTICS_PERIODS, isAnalyticsPeriod, PERIOD_LABELS, type AnalyticsPeriod } from './analytics-period';

/** 7d / 30d / 90d switch; changing it only re-selects sample figures (no network call). */
export function PeriodFilter({
  value,
  onChange,
}: {
  value: AnalyticsPeriod;
  onChange: (period: AnalyticsPeriod) => void;
}) {
  return (
    <SegmentedControl
      aria-label="Analytics period"
      value={value}
      onChange={(next) => {
        if (isAnalyticsPeriod(next)) onChange(next);
      }}
      data={ANALYTICS_PERIODS.map((period) => ({ value: period, label: period }))}
      title={PERIOD_LABELS[value]}
      radius="xl"
      data-testid="period-filter"
    />
  );
}
