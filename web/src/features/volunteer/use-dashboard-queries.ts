// The dashboard's data, each fresh for the spec's time (section 9): applications 2 minutes, the
// figures and the new opportunities 5. A live APPLICATION notification refetches them at once
// (features/notifications/use-notification-feed).
import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo } from 'react';
import type { VolunteerApplicationSort, VolunteerApplicationStatus } from '../../gql/graphql';
import { MyVolunteerApplicationsDocument, MyVolunteerApplicationStatsDocument, RecentOpportunitiesDocument } from './volunteer.generated';
import { useFreshnessPolicy } from '../../lib/freshness';
import { usePagedConnection } from '../../lib/use-paged-connection';
import {
  APPLICATIONS_FRESHNESS_PREFIX,
  APPLICATIONS_MAX_AGE_MS,
  NEW_OPPORTUNITIES,
  RECENT_OPPORTUNITIES_MAX_AGE_MS,
  STATS_MAX_AGE_MS,
} from './volunteer-limits';

export function useApplicationStats() {
  const fetchPolicy = useFreshnessPolicy(`${APPLICATIONS_FRESHNESS_PREFIX}Stats`, STATS_MAX_AGE_MS);
  const { data, error } = useQuery(MyVolunteerApplicationStatsDocument, { fetchPolicy, context: { silent: true } });
  useEffect(() => {
    if (error) console.error('Loading the application figures failed:', error);
  }, [error]);
  return { stats: data?.myVolunteerApplicationStats, error };
}

export function useRecentOpportunities() {
  const fetchPolicy = useFreshnessPolicy('recentOpportunities', RECENT_OPPORTUNITIES_MAX_AGE_MS);
  const { data, error, refetch } = useQuery(RecentOpportunitiesDocument, {
    variables: { first: NEW_OPPORTUNITIES },
    fetchPolicy,
    context: { silent: true },
  });
  useEffect(() => {
    if (error) console.error('Loading the new opportunities failed:', error);
  }, [error]);
  const opportunities = useMemo(() => data?.opportunities.edges.map((edge) => edge.node), [data]);
  const retry = useCallback(() => {
    refetch().catch(() => undefined);
  }, [refetch]);
  return { opportunities, error, retry };
}

const APPLICATIONS_LISTING = { listing: 'applications', items: 'applications' };

interface ApplicationsListArgs {
  status: VolunteerApplicationStatus | null;
  sort: VolunteerApplicationSort;
  /** Page size: 5 on the Overview, 20 on the Applications tab. */
  first: number;
}

/** One listing of the caller's applications; 'Load more' appends the next page. Mounted once per
 *  listing (the caller keys it by status and sort). */
export function useVolunteerApplications({ status, sort, first }: ApplicationsListArgs) {
  const fetchPolicy = useFreshnessPolicy(
    `${APPLICATIONS_FRESHNESS_PREFIX}s:${status ?? 'ALL'}:${sort}:${first}`,
    APPLICATIONS_MAX_AGE_MS,
  );
  const { data, error, refetch, fetchMore } = useQuery(MyVolunteerApplicationsDocument, {
    variables: { status, sort, first, after: null },
    fetchPolicy,
    context: { silent: true },
  });
  const { items, ...listing } = usePagedConnection({ error, refetch, fetchMore }, data?.myVolunteerApplications, APPLICATIONS_LISTING);
  return { applications: items, error, ...listing };
}
