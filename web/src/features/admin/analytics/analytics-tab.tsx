import { HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { SelectField } from '../../../components/select-field';
import { LoadFailed } from '../reports/load-failed';
import { ReportSection } from '../reports/report-section';
import { AnalyticsSkeleton } from './analytics-skeleton';
import {
  ANALYTICS_COLORS,
  ANALYTICS_EMPTY,
  ANALYTICS_WEEK_OPTIONS,
  DEFAULT_ANALYTICS_WEEKS,
  hasEngagement,
  monthLabel,
  weekLabel,
  weekName,
  type AnalyticsWeeks,
} from './analytics-texts';
import { AnalyticsTotals } from './analytics-totals';
import { PlatformActivity } from './platform-activity';
import { useAnalytics } from './use-analytics';
import { VerificationRate } from './verification-rate';

/** The admin panel's Analytics tab (issue 13): the platform's totals, engagement per week,
 *  popular sports, the verification rate, recent activity and volunteer hours per month, all from the database; each chart
 *  with its table. */
export function AnalyticsTab() {
  const [weeks, setWeeks] = useState<AnalyticsWeeks>(DEFAULT_ANALYTICS_WEEKS);
  const { analytics: a, showSkeleton, loading, error, refetch } = useAnalytics(weeks);

  const engagement = a && hasEngagement(a.engagement) ? a.engagement.map((week) => ({ ...week, label: weekLabel(week.weekStart) })) : [];
  const sports = a?.popularSports ?? [];
  const hours = a && a.volunteerHours.some((m) => m.hours > 0) ? a.volunteerHours.map((m) => ({ ...m, label: monthLabel(m.month) })) : [];

  return (
    <Stack gap="6">
      <HStack justify="space-between" align="flex-end" flexWrap="wrap" gap="4">
        <SelectField label="Period" value={weeks} options={ANALYTICS_WEEK_OPTIONS} onChange={setWeeks} maxW="xs" />
      </HStack>
      {error && !loading && <LoadFailed what="the platform analytics" onRetry={() => void refetch().catch(() => undefined)} />}
      {showSkeleton && !error && <AnalyticsSkeleton />}
      {a && !showSkeleton && (
        <>
          <AnalyticsTotals totals={a.totals} busy={loading} />
          <ReportSection
            title="Engagement"
            empty={ANALYTICS_EMPTY.trend}
            rows={engagement}
            rowKey={(row) => row.weekStart}
            stackTable
            columns={[
              { header: 'Week', cell: (row) => weekName(row.weekStart) },
              { header: 'Messages', cell: (row) => row.messages, numeric: true },
              { header: 'Applications', cell: (row) => row.applications, numeric: true },
              { header: 'Sign-ups', cell: (row) => row.signUps, numeric: true },
            ]}
            chart={{
              label: `Bar chart of messages, applications and sign-ups per week over the last ${weeks} weeks: ${engagement
                .map((w) => `${w.label}, ${w.messages} messages, ${w.applications} applications, ${w.signUps} sign-ups`)
                .join('; ')}`,
              data: engagement,
              categoryKey: 'label',
              categoryTitle: 'Week starting',
              valueTitle: 'Count',
              series: [
                { key: 'messages', name: 'Messages', color: ANALYTICS_COLORS.messages },
                { key: 'applications', name: 'Applications', color: ANALYTICS_COLORS.applications },
                { key: 'signUps', name: 'Sign-ups', color: ANALYTICS_COLORS.signUps },
              ],
            }}
          />
          <ReportSection
            title="Volunteer Hours"
            empty={ANALYTICS_EMPTY.trend}
            rows={hours}
            rowKey={(row) => row.month}
            columns={[
              { header: 'Month', cell: (row) => row.label },
              { header: 'Approved hours', cell: (row) => row.hours, numeric: true },
            ]}
            chart={{
              label: `Bar chart of approved volunteer hours per month over the last ${hours.length} months: ${hours.map((m) => `${m.label}, ${m.hours} hours`).join('; ')}`,
              data: hours,
              categoryKey: 'label',
              categoryTitle: 'Month',
              valueTitle: 'Hours',
              series: [{ key: 'hours', name: 'Approved hours', color: ANALYTICS_COLORS.hours }],
            }}
          />
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
            <VerificationRate rate={a.verificationRate} verified={a.totals.verifiedClubs} approved={a.totals.approvedClubs} />
            <PlatformActivity entries={a.recentActivity} />
          </SimpleGrid>
          <ReportSection
            title="Popular Sports"
            empty={ANALYTICS_EMPTY.data}
            rows={sports}
            rowKey={(row) => row.sport}
            columns={[
              { header: 'Sport', cell: (row) => row.sport },
              { header: 'Clubs', cell: (row) => row.clubs, numeric: true },
              { header: 'Opportunities', cell: (row) => row.opportunities, numeric: true },
            ]}
            chart={{
              label: `Bar chart of the most popular sports by approved clubs and opportunities: ${sports
                .map((s) => `${s.sport}, ${s.clubs} clubs, ${s.opportunities} opportunities`)
                .join('; ')}`,
              data: sports,
              categoryKey: 'sport',
              categoryTitle: 'Sport',
              valueTitle: 'Count',
              series: [
                { key: 'clubs', name: 'Clubs', color: ANALYTICS_COLORS.clubs },
                { key: 'opportunities', name: 'Opportunities', color: ANALYTICS_COLORS.opportunities },
              ],
              layout: 'vertical',
            }}
          />
        </>
      )}
    </Stack>
  );
}
