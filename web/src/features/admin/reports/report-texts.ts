// Texts of the Reports tab (administration spec, sections 2, 8 and 9).
import type { ReportPeriod } from '@clubroom/rules/admin';
import type { ExportFormat } from '../../../gql/graphql.js';
import { chartColor } from '../../../lib/chart-palette.js';

export const PERIOD_LABELS: Record<ReportPeriod, string> = {
  'last-7-days': 'Last 7 days',
  'current-month': 'Current month',
  'last-30-days': 'Last 30 days',
  'last-3-months': 'Last 3 months',
  'last-month': 'Last month',
};

export const DEFAULT_PERIOD: ReportPeriod = 'current-month';

export const REPORT_EMPTY = {
  rejections: 'No rejection data available',
  trend: 'No trend data available',
  locations: 'No location data available',
  activity: 'No admin activity data available',
  recent: 'No recent activity',
} as const;

export const EXPORT_FORMATS: { value: ExportFormat; label: string }[] = [
  { value: 'XLSX', label: 'Excel (.xlsx)' },
  { value: 'CSV', label: 'CSV (.csv)' },
  { value: 'JSON', label: 'JSON (.json)' },
];

/** 'Mar 2025' for '2025-03'. */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}

/** Chart colours (lib/chart-palette.ts: Okabe–Ito, a shade per colour mode): no two series of
 *  one chart alike, for colour-blind readers too. */
export const CHART_COLORS = {
  total: chartColor('blue'),
  approved: chartColor('green'),
  pending: chartColor('blue'),
  rejected: chartColor('orange'),
  bulk: chartColor('purple'),
} as const;
