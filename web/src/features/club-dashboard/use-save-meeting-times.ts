import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import type { MeetingTime } from '../../../../server/src/modules/clubs/clubs.rules';
import { SaveMeetingTimesDocument } from '../../gql/graphql';

/** Replaces the club's meeting times and puts the saved ones on the cached club.
 *  Rejects on failure; the editor decides what the user is told. */
export function useSaveMeetingTimes(clubId: string) {
  const [mutate] = useMutation(SaveMeetingTimesDocument, { context: { silent: true } });
  return useCallback(
    async (times: MeetingTime[]) => {
      const { data } = await mutate({
        variables: { times },
        update: (cache, result) => {
          const saved = result.data?.saveMeetingTimes;
          if (!saved) return;
          cache.modify({
            id: cache.identify({ __typename: 'ClubProfile', id: clubId }),
            fields: { meetingTimes: () => saved },
          });
        },
      });
      return data?.saveMeetingTimes ?? [];
    },
    [clubId, mutate],
  );
}
