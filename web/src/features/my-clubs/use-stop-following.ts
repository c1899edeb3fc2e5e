import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { requirePayload } from '../../lib/user-errors';
import { UnfollowClubDocument } from '../clubs/club-follow.generated';

/** Unfollows a club; throws UserErrors when refused. The cached club is marked unfollowed even when
 *  the answer carries no club (one the member may no longer see), so My clubs drops its row. */
export function useStopFollowing() {
  const [unfollow] = useMutation(UnfollowClubDocument, { context: { silent: true } });
  return useCallback(
    async (clubId: string) => {
      const { data } = await unfollow({
        variables: { input: { clubId } },
        update: (cache, { data: answer }) => {
          if (!answer || answer.unfollowClub.userErrors.length > 0) return;
          cache.modify({ id: cache.identify({ __typename: 'Club', id: clubId }), fields: { followedByMe: () => false } });
        },
      });
      return requirePayload(data?.unfollowClub);
    },
    [unfollow],
  );
}
