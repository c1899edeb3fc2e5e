// The public meetings of one year (or all years) and the years that have any, fresh for 5 minutes.
// Each tab is shown whole: after the first page of both, the remaining pages of each are fetched
// (the cache appends them, see lib/apollo-cache.ts).
import { usePageQuery } from '../../lib/page-query';
import { useCallback, useEffect } from 'react';
import type { PublicMeetingCard_MeetingFragment } from '../../gql/graphql';
import { PublicCouncilMeetingYearsDocument, PublicCouncilMeetingsDocument, PublicPastMeetingsPageDocument, PublicUpcomingMeetingsPageDocument } from './council.generated';
import { useFreshnessPolicy } from '../../lib/freshness';
import { notify } from '../../lib/toaster';
import { useRemainingPages } from '../../lib/use-remaining-pages';
import { PUBLIC_MEETINGS_MAX_AGE_MS } from './council-limits';

export interface PublicMeetingList {
  meetings: PublicMeetingCard_MeetingFragment[];
  /** Over all pages. */
  total: number;
}

export function usePublicMeetings(year: number | null) {
  const fetchPolicy = useFreshnessPolicy(`publicCouncilMeetings:${year ?? 'all'}`, PUBLIC_MEETINGS_MAX_AGE_MS);
  const { data, error, fetchMore } = usePageQuery(PublicCouncilMeetingsDocument, {
    variables: { year },
    fetchPolicy,
    context: { silent: true },
  });
  const lists = data?.publicCouncilMeetings;
  const upcomingAfter = useCallback(
    (after: string) => fetchMore({ query: PublicUpcomingMeetingsPageDocument, variables: { year, after }, context: { silent: true } }),
    [fetchMore, year],
  );
  const pastAfter = useCallback(
    (after: string) => fetchMore({ query: PublicPastMeetingsPageDocument, variables: { year, after }, context: { silent: true } }),
    [fetchMore, year],
  );
  useRemainingPages(lists?.upcoming.pageInfo, upcomingAfter);
  useRemainingPages(lists?.past.pageInfo, pastAfter);

  useEffect(() => {
    if (!error) return;
    console.error('Loading the council meetings failed:', error);
    notify({ id: 'council-meetings-error', title: 'Failed to fetch meetings', type: 'error' });
  }, [error]);

  const listOf = (connection: NonNullable<typeof lists>['upcoming']): PublicMeetingList => ({
    meetings: connection.edges.map((edge) => edge.node),
    total: connection.totalCount,
  });
  return { meetings: lists ? { upcoming: listOf(lists.upcoming), past: listOf(lists.past) } : undefined, error };
}

export function useMeetingYears(): number[] {
  const fetchPolicy = useFreshnessPolicy('councilMeetingYears', PUBLIC_MEETINGS_MAX_AGE_MS);
  const { data } = usePageQuery(PublicCouncilMeetingYearsDocument, { fetchPolicy, context: { silent: true } });
  return data?.councilMeetingYears ?? [];
}
