import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import type { MeetingTime } from '@clubroom/rules/clubs-texts';
import { SaveMeetingTimesDocument } from './club-dashboard.generated';
import { requirePayload } from '../../lib/user-errors';

/** Replaces the club's meeting times; the answered club (its id and times) updates the cached one.
 *  Rejects on failure or userErrors (UserErrors); the editor decides what the user is told. */
export function useSaveMeetingTimes() {
  const [mutate] = useMutation(SaveMeetingTimesDocument, { context: { silent: true } });
  return useCallback(
    async (times: MeetingTime[]) => {
      const { data } = await mutate({ variables: { input: { times } } });
      return requirePayload(data?.saveMeetingTimes).club?.meetingTimes ?? [];
    },
    [mutate],
  );
}
