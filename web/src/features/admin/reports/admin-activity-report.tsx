import { Button, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { ACTIVITY_PERIODS, formatProcessingTime, type ReportPeriod } from '@clubroom/rules/admin';
import { PageSpinner } from '../../../components/page-spinner';
import { AdminExportAuditLogDocument } from '../admin-reports.generated';
import { formatDateTime } from '../../../lib/format';
import { meanProcessingHours, topPerformer } from './activity-summary';
import { LoadFailed } from './load-failed';
import { PeriodSelect } from './period-select';
import { RecentActivity } from './recent-activity';
import { ReportSection } from './report-section';
import { CHART_COLORS, DEFAULT_PERIOD, REPORT_EMPTY } from './report-texts';
import { StatCard } from '../stat-card';
import { useAdminActivity, usePeriodRange } from './use-reports';
import { useExport } from './use-export';

/** Reports › Admin Activity (administration spec, section 2): per-administrator metrics of a
 *  period, the top performer, the mean processing time, the recent actions, and the export. */
export function AdminActivityReport() {
  const [period, setPeriod] = useState<ReportPeriod>(DEFAULT_PERIOD);
  const { from, to } = usePeriodRange(period, false);
  const { metrics, loading, error, refetch } = useAdminActivity(from);
  const { exporting, run } = useExport();
  const [exportAuditLog] = useMutation(AdminExportAuditLogDocument, { context: { silent: true } });

  const top = metrics ? topPerformer(metrics) : null;
  const totalActions = metrics?.reduce((sum, m) => sum + m.totalActions, 0) ?? 0;

  return (
    <Stack gap="6">
      <HStack justify="space-between" align="flex-end" flexWrap="wrap" gap="4">
        <PeriodSelect label="Activity period" periods={ACTIVITY_PERIODS} value={period} onChange={setPeriod} />
        <Button
          variant="outline"
          loading={exporting === 'activity'}
          loadingText="Exporting..."
          onClick={() =>
            void run('activity', async () => {
              const { data } = await exportAuditLog({ variables: { input: { format: 'XLSX', from, to } } });
              return data?.exportAdminActions;
            })
          }
        >
          <LuDownload aria-hidden /> Export Activity Report
        </Button>
      </HStack>
      {error && !loading && <LoadFailed what="the admin activity" onRetry={() => void refetch().catch(() => undefined)} />}
      {!metrics && loading && <PageSpinner />}
      {metrics && (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" aria-busy={loading}>
            <StatCard label="Top Performer" value={top?.adminName ?? 'N/A'} help={top ? `${top.totalActions} ${top.totalActions === 1 ? 'action' : 'actions'}` : undefined} />
            <StatCard label="Avg Processing Time" value={formatProcessingTime(meanProcessingHours(metrics))} help="Mean of the administrators' averages" />
            <StatCard label="Active Admins" value={metrics.length} />
            <StatCard label="Total Actions" value={totalActions} />
          </SimpleGrid>
          <ReportSection
            title="Admin Performance"
            empty={REPORT_EMPTY.activity}
            rows={metrics}
            rowKey={(row) => row.adminEmail}
            stackTable
            columns={[
              { header: 'Administrator', cell: (row) => row.adminName },
              { header: 'Email', cell: (row) => row.adminEmail },
              { header: 'Total Actions', cell: (row) => row.totalActions, numeric: true },
              { header: 'Approvals', cell: (row) => row.approvalsCount, numeric: true },
              { header: 'Rejections', cell: (row) => row.rejectionsCount, numeric: true },
              { header: 'Bulk Operations', cell: (row) => row.bulkOperationsCount, numeric: true },
              { header: 'Last Activity', cell: (row) => (row.lastActivityAt ? formatDateTime(row.lastActivityAt) : 'N/A') },
              { header: 'Avg Processing Time', cell: (row) => formatProcessingTime(row.averageProcessingTimeHours) },
            ]}
            chart={{
              label: `Bar chart of each administrator's approvals, rejections and bulk operations: ${metrics
                .map((m) => `${m.adminName}, ${m.approvalsCount} approvals, ${m.rejectionsCount} rejections, ${m.bulkOperationsCount} bulk operations`)
                .join('; ')}`,
              data: metrics.map((m) => ({ admin: m.adminName, approvals: m.approvalsCount, rejections: m.rejectionsCount, bulk: m.bulkOperationsCount, total: m.totalActions })),
              categoryKey: 'admin',
              categoryTitle: 'Administrator',
              valueTitle: 'Actions',
              series: [
                { key: 'total', name: 'Total actions', color: CHART_COLORS.total },
                { key: 'approvals', name: 'Approvals', color: CHART_COLORS.approved },
                { key: 'rejections', name: 'Rejections', color: CHART_COLORS.rejected },
                { key: 'bulk', name: 'Bulk operations', color: CHART_COLORS.bulk },
              ],
              // Across: an administrator's name may be long, and each is shown whole.
              layout: 'vertical',
            }}
          />
        </>
      )}
      <RecentActivity from={from} />
    </Stack>
  );
}
