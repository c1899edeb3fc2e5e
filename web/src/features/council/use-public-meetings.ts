// The public meetings of one year (or all years) and the years that have any, fresh for 5 minutes.
import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { PublicCouncilMeetingYearsDocument, PublicCouncilMeetingsDocument } from '../../gql/graphql';
import { useFreshnessPolicy } from '../../lib/freshness';
import { notify } from '../../lib/toaster';
import { PUBLIC_MEETINGS_MAX_AGE_MS } from './council-limits';

export function usePublicMeetings(year: number | null) {
  const fetchPolicy = useFreshnessPolicy(`publicCouncilMeetings:${year ?? 'all'}`, PUBLIC_MEETINGS_MAX_AGE_MS);
  const { data, error } = useQuery(PublicCouncilMeetingsDocument, {
    variables: { year },
    fetchPolicy,
    context: { silent: true },
  });

  useEffect(() => {
    if (!error) return;
    console.error('Loading the council meetings failed:', error);
    notify({ id: 'council-meetings-error', title: 'Failed to fetch meetings', type: 'error' });
  }, [error]);

  return { meetings: data?.publicCouncilMeetings, error };
}

export function useMeetingYears(): number[] {
  const fetchPolicy = useFreshnessPolicy('councilMeetingYears', PUBLIC_MEETINGS_MAX_AGE_MS);
  const { data } = useQuery(PublicCouncilMeetingYearsDocument, { fetchPolicy, context: { silent: true } });
  return data?.councilMeetingYears ?? [];
}
