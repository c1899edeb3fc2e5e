// The Reports tab's queries (administration spec, sections 7 and 9: statistics and performance 5
// minutes fresh, the activity log 2 minutes).
import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { periodRange, type ReportPeriod } from '@clubroom/rules/admin';
import { AdminActivityReportDocument, AdminApplicationStatisticsDocument, AdminRecentActivityDocument } from '../admin-reports.generated';
import { useFreshnessPolicy } from '../../../lib/freshness';
import { useLoggedError } from '../use-logged-error';

const STATS_MAX_AGE_MS = 5 * 60_000;
const ACTIVITY_LOG_MAX_AGE_MS = 2 * 60_000;

/** The days of a period, worked out once per period choice. */
export function usePeriodRange(period: ReportPeriod, forReports: boolean) {
  return useMemo(() => periodRange(period, new Date(), forReports), [period, forReports]);
}

export function useApplicationStatistics(from: string, to: string | null) {
  const fetchPolicy = useFreshnessPolicy(`adminStatistics:${from}:${to ?? ''}`, STATS_MAX_AGE_MS);
  const result = useQuery(AdminApplicationStatisticsDocument, { variables: { from, to }, fetchPolicy, context: { silent: true } });
  useLoggedError(result.error, 'Loading the application statistics failed:');
  return { statistics: (result.data ?? result.previousData)?.clubApplicationStatistics, loading: result.loading, error: result.error, refetch: result.refetch };
}

export function useAdminActivity(from: string) {
  const fetchPolicy = useFreshnessPolicy(`adminActivity:${from}`, STATS_MAX_AGE_MS);
  const result = useQuery(AdminActivityReportDocument, { variables: { from, to: null }, fetchPolicy, context: { silent: true } });
  useLoggedError(result.error, 'Loading the admin activity failed:');
  return { metrics: (result.data ?? result.previousData)?.adminActivity.nodes, loading: result.loading, error: result.error, refetch: result.refetch };
}

export function useRecentActivity(from: string) {
  const fetchPolicy = useFreshnessPolicy(`adminRecentActivity:${from}`, ACTIVITY_LOG_MAX_AGE_MS);
  const result = useQuery(AdminRecentActivityDocument, { variables: { from }, fetchPolicy, context: { silent: true } });
  useLoggedError(result.error, 'Loading the recent admin activity failed:');
  return { entries: (result.data ?? result.previousData)?.adminActions.nodes, loading: result.loading, error: result.error, refetch: result.refetch };
}
