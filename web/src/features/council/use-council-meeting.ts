// One published meeting for its page, fresh for 5 minutes like the list.
import { usePageQuery } from '../../lib/page-query';
import { useCallback, useEffect } from 'react';
import { CouncilMeetingPageDocument } from './council.generated';
import { useFreshnessPolicy } from '../../lib/freshness';
import { PUBLIC_MEETINGS_MAX_AGE_MS } from './council-limits';

export function useCouncilMeeting(id: string) {
  const fetchPolicy = useFreshnessPolicy(`councilMeeting:${id}`, PUBLIC_MEETINGS_MAX_AGE_MS);
  const { data, error, refetch } = usePageQuery(CouncilMeetingPageDocument, { variables: { id }, fetchPolicy, context: { silent: true } });
  useEffect(() => {
    if (error) console.error('Loading the meeting failed:', error);
  }, [error]);
  const retry = useCallback(() => {
    refetch().catch(() => undefined);
  }, [refetch]);
  const found = data?.councilMeeting;
  // The page is the public one: a meeting that is not public (which a council administrator may
  // read) is not found here either, as it is for everyone else.
  const meeting = found?.isPublic ? found : undefined;
  return { meeting, notFound: data !== undefined && !meeting, error, retry };
}
