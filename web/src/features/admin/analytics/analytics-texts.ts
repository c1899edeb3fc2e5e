// Texts and pure helpers of the admin panel's Analytics tab (administration spec, sections 2 and 8;
// issue 13 contract, section 4).
import { ANALYTICS_WEEKS_DEFAULT } from '@clubroom/rules/analytics';
import type { PlatformActivityKind } from '../../../gql/graphql.js';
import { chartColor } from '../../../lib/chart-palette.js';

/** The periods the tab offers, in weeks. */
export const ANALYTICS_WEEK_CHOICES = [4, 12, 26, 52] as const;
export type AnalyticsWeeks = (typeof ANALYTICS_WEEK_CHOICES)[number];
export const DEFAULT_ANALYTICS_WEEKS: AnalyticsWeeks = ANALYTICS_WEEKS_DEFAULT as AnalyticsWeeks;

export const ANALYTICS_WEEK_OPTIONS = ANALYTICS_WEEK_CHOICES.map((weeks) => ({ value: weeks, label: `Last ${weeks} weeks` }));

export const ANALYTICS_EMPTY = {
  trend: 'No trend data available',
  data: 'No data available',
  recent: 'No recent activity',
} as const;

export const ACTIVITY_KIND_LABELS: Record<PlatformActivityKind, string> = {
  SIGN_UP: 'Sign-up',
  CLUB_REGISTERED: 'Club registered',
  OPPORTUNITY_POSTED: 'Opportunity posted',
  APPLICATION: 'Application',
  REPORT: 'Report',
};

export const ACTIVITY_KIND_PALETTES: Record<PlatformActivityKind, string> = {
  SIGN_UP: 'blue',
  CLUB_REGISTERED: 'teal',
  OPPORTUNITY_POSTED: 'purple',
  APPLICATION: 'green',
  REPORT: 'orange',
};

/** The rate (0..1) as a whole-number percentage, within 0..100. */
export function verificationPercent(rate: number): number {
  if (!Number.isFinite(rate)) return 0;
  return Math.min(100, Math.max(0, Math.round(rate * 100)));
}

/** 'Nov 23' for the week starting on '2026-11-23' (a calendar date, read in UTC). */
export function weekLabel(weekStart: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(weekStart);
  if (!match) return weekStart;
  const day = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(day);
}

/** 'Week of Nov 23, 2026' (the table's full name of a week). */
export function weekName(weekStart: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(weekStart);
  if (!match) return weekStart;
  return `Week of ${weekLabel(weekStart)}, ${match[1]}`;
}

interface EngagementFigures {
  messages: number;
  applications: number;
  signUps: number;
}

/** True when some week had something: a period of zeros is 'No trend data available'. */
export function hasEngagement(weeks: readonly EngagementFigures[]): boolean {
  return weeks.some((week) => week.messages > 0 || week.applications > 0 || week.signUps > 0);
}

/** '3 of 5 approved clubs are verified' (the rate card's note). */
export function verifiedOfApproved(verified: number, approved: number): string {
  return `${verified} of ${approved} approved ${approved === 1 ? 'club is' : 'clubs are'} verified`;
}

/** Chart colours (lib/chart-palette.ts: Okabe–Ito, a shade per colour mode): no two series of
 *  one chart alike, for colour-blind readers too. */
export const ANALYTICS_COLORS = {
  messages: chartColor('blue'),
  applications: chartColor('orange'),
  signUps: chartColor('green'),
  clubs: chartColor('blue'),
  opportunities: chartColor('orange'),
  hours: chartColor('green'),
} as const;

/** 'Nov 2026' for the month '2026-11'. */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}
