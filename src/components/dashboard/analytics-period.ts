/** Analytics periods (7d, 30d, 90d; default 30d). Choosing one makes no network call. */
export const ANALYTICS_PERIODS = ['7d', '30d', '90d'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_PERIOD: AnalyticsPeriod = '30d';

export const PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
};

export function isAnalyticsPeriod(value: unknown): value is AnalyticsPeriod {
  return typeof value === 'string' && (ANALYTICS_PERIODS as readonly string[]).includes(value);
}
