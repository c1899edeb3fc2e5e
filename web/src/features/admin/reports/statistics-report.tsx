import { HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import {
  REPORT_PERIODS,
  approvalRatePercent,
  formatProcessingTime,
  type ReportPeriod,
} from '@clubroom/rules/admin';
import { PageSpinner } from '../../../components/page-spinner';
import { ExportButtons } from './export-buttons';
import { LoadFailed } from './load-failed';
import { PeriodSelect } from './period-select';
import { ReportSection } from './report-section';
import { CHART_COLORS, DEFAULT_PERIOD, REPORT_EMPTY, monthLabel } from './report-texts';
import { StatCard } from '../stat-card';
import { useApplicationStatistics, usePeriodRange } from './use-reports';

/** Reports › Statistics & Reports (administration spec, section 2): the club application report
 *  of a period, its charts with their tables, and the exports. */
export function StatisticsReport() {
  const [period, setPeriod] = useState<ReportPeriod>(DEFAULT_PERIOD);
  const { from, to } = usePeriodRange(period, true);
  const { statistics: s, loading, error, refetch } = useApplicationStatistics(from, to);

  const months = (s?.applicationsByMonth ?? []).map((m) => ({ ...m, label: monthLabel(m.month) }));

  return (
    <Stack gap="6">
      <HStack justify="space-between" align="flex-end" flexWrap="wrap" gap="4">
        <PeriodSelect label="Report period" periods={REPORT_PERIODS} value={period} onChange={setPeriod} />
      </HStack>
      {error && !loading && <LoadFailed what="the application statistics" onRetry={() => void refetch().catch(() => undefined)} />}
      {!s && loading && <PageSpinner />}
      {s && (
        <>
          <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="4" aria-busy={loading}>
            <StatCard label="Total Applications" value={s.totalApplications} />
            <StatCard label="Approved" value={s.approvedApplications} />
            <StatCard label="Pending" value={s.pendingApplications} />
            <StatCard label="Rejected" value={s.rejectedApplications} />
            <StatCard label="Approval Rate" value={approvalRatePercent(s.approvalRate)} help="Approved of decided" />
            <StatCard label="Avg Processing Time" value={formatProcessingTime(s.averageProcessingTimeHours)} help="Submission to decision" />
          </SimpleGrid>
          <ReportSection
            title="Top Rejection Reasons"
            empty={REPORT_EMPTY.rejections}
            rows={s.topRejectionReasons}
            rowKey={(row) => row.reason}
            columns={[
              { header: 'Reason', cell: (row) => row.reason },
              { header: 'Rejections', cell: (row) => row.count, numeric: true },
            ]}
            chart={{
              label: `Bar chart of the top rejection reasons: ${s.topRejectionReasons.map((r) => `${r.reason}, ${r.count}`).join('; ')}`,
              data: s.topRejectionReasons,
              categoryKey: 'reason',
              categoryTitle: 'Rejection reason',
              valueTitle: 'Rejections',
              series: [{ key: 'count', name: 'Rejections', color: CHART_COLORS.rejected }],
              layout: 'vertical',
            }}
          />
          <ReportSection
            title="Applications by Month"
            empty={REPORT_EMPTY.trend}
            rows={months}
            rowKey={(row) => row.month}
            columns={[
              { header: 'Month', cell: (row) => row.label },
              { header: 'Total', cell: (row) => row.total, numeric: true },
              { header: 'Approved', cell: (row) => row.approved, numeric: true },
              { header: 'Pending', cell: (row) => row.pending, numeric: true },
              { header: 'Rejected', cell: (row) => row.rejected, numeric: true },
            ]}
            chart={{
              label: `Stacked bar chart of applications by month and status: ${months.map((m) => `${m.label}, ${m.total}`).join('; ')}`,
              data: months,
              categoryKey: 'label',
              categoryTitle: 'Month',
              valueTitle: 'Applications',
              series: [
                { key: 'approved', name: 'Approved', color: CHART_COLORS.approved },
                { key: 'pending', name: 'Pending', color: CHART_COLORS.pending },
                { key: 'rejected', name: 'Rejected', color: CHART_COLORS.rejected },
              ],
              stacked: true,
            }}
          />
          <ReportSection
            title="Applications by Location"
            empty={REPORT_EMPTY.locations}
            rows={s.applicationsByLocation}
            rowKey={(row) => row.location}
            columns={[
              { header: 'Location', cell: (row) => row.location },
              { header: 'Applications', cell: (row) => row.count, numeric: true },
            ]}
            chart={{
              label: `Bar chart of applications by location: ${s.applicationsByLocation.map((l) => `${l.location}, ${l.count}`).join('; ')}`,
              data: s.applicationsByLocation,
              categoryKey: 'location',
              categoryTitle: 'Location',
              valueTitle: 'Applications',
              series: [{ key: 'count', name: 'Applications', color: CHART_COLORS.total }],
              layout: 'vertical',
            }}
          />
        </>
      )}
      <ExportButtons from={from} to={to} />
    </Stack>
  );
}
