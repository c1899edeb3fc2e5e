// The page's queries with their freshness (spec section 9) and failure toasts (section 8).
import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { CouncilAdminCheckDocument, CouncilAdminMeetingStatsDocument, CouncilAdminMeetingsDocument, type MeetingStatus } from '../../gql/graphql';
import { useFreshnessPolicy } from '../../lib/freshness';
import { notifyError } from '../../lib/toaster';
import { ADMIN_CHECK_MAX_AGE_MS, ALL_MEETINGS_MAX_AGE_MS, MEETING_TOASTS, STATS_MAX_AGE_MS } from './council-admin-texts';

/** Whether the signed-in user may manage meetings; undefined while checking. */
export function useIsCouncilAdmin(userId: string | undefined): boolean | undefined {
  const fetchPolicy = useFreshnessPolicy(`isCouncilAdmin:${userId ?? ''}`, ADMIN_CHECK_MAX_AGE_MS);
  const { data, error } = useQuery(CouncilAdminCheckDocument, { fetchPolicy, skip: !userId, context: { silent: true } });
  useEffect(() => {
    if (error) console.error('Checking the council administrator role failed:', error);
  }, [error]);
  if (!userId) return false;
  if (data) return data.isCouncilAdmin;
  return error ? false : undefined;
}

export function useMeetingStats() {
  const fetchPolicy = useFreshnessPolicy('councilMeetingStats', STATS_MAX_AGE_MS);
  const { data, error, loading } = useQuery(CouncilAdminMeetingStatsDocument, { fetchPolicy, context: { silent: true } });
  useEffect(() => {
    if (!error) return;
    console.error('Loading the meeting stats failed:', error);
    notifyError(MEETING_TOASTS.fetchStatsFailed);
  }, [error]);
  return { stats: data?.councilMeetingStats, loading };
}

export function useAdminMeetings(status: MeetingStatus | undefined) {
  const fetchPolicy = useFreshnessPolicy(`councilMeetings:${status ?? 'all'}`, ALL_MEETINGS_MAX_AGE_MS);
  const { data, error, loading } = useQuery(CouncilAdminMeetingsDocument, {
    variables: { status },
    fetchPolicy,
    context: { silent: true },
  });
  useEffect(() => {
    if (!error) return;
    console.error('Loading the meetings failed:', error);
    notifyError(MEETING_TOASTS.fetchMeetingsFailed);
  }, [error]);
  return { meetings: data?.councilMeetings, loading, error };
}
