// The Analytics tab's query: fresh for 5 minutes (administration spec, section 9, like the reports).
import { useQuery } from '@apollo/client/react';
import { AdminAnalyticsDocument } from './analytics.generated';
import { useFreshnessPolicy } from '../../../lib/freshness';
import { useLoggedError } from '../use-logged-error';
import { useMinLoading } from '../use-min-loading';

const ANALYTICS_MAX_AGE_MS = 5 * 60_000;

export function useAnalytics(weeks: number) {
  const fetchPolicy = useFreshnessPolicy(`adminAnalytics:${weeks}`, ANALYTICS_MAX_AGE_MS);
  const result = useQuery(AdminAnalyticsDocument, { variables: { weeks }, fetchPolicy, context: { silent: true } });
  useLoggedError(result.error, 'Loading the platform analytics failed:');
  const analytics = (result.data ?? result.previousData)?.adminAnalytics;
  // The skeleton only while nothing is shown yet (another period keeps the last figures), and
  // then for at least 500 ms (section 9).
  const showSkeleton = useMinLoading(result.loading && !analytics);
  return { analytics, showSkeleton, loading: result.loading, error: result.error, refetch: result.refetch };
}
