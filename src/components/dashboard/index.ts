// Dashboard building blocks shared by the artist, brand and developer dashboards.
export { PeriodFilter } from './PeriodFilter';
export { SectionCard } from './SectionCard';
export { StatCard, type StatCardProps } from './StatCard';
export {
  ANALYTICS_PERIODS,
  DEFAULT_PERIOD,
  PERIOD_LABELS,
  isAnalyticsPeriod,
  type AnalyticsPeriod,
} from './analytics-period';
export { DashboardFrame, dashboardGap, type DashboardFrameProps } from './DashboardFrame';
export { LabeledValue } from './LabeledValue';
export { SampleDataHeading } from './SampleDataHeading';
export { OwnHeader, type OwnHeaderProps } from './OwnHeader';
