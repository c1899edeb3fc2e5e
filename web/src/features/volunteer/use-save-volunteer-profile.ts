import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import type { SaveVolunteerProfileInput } from '../../gql/graphql';
import { MyVolunteerProfileDocument, SaveVolunteerProfileDocument } from './volunteer.generated';
import { requirePayload } from '../../lib/user-errors';

/** Saves the caller's volunteer profile (the first save creates it); the saved profile becomes the
 *  cached `me.volunteerProfile`. Rejects on failure or userErrors (UserErrors). */
export function useSaveVolunteerProfile() {
  const [mutate] = useMutation(SaveVolunteerProfileDocument, { context: { silent: true } });
  return useCallback(
    async (input: SaveVolunteerProfileInput) => {
      const { data } = await mutate({
        variables: { input },
        update: (cache, result) => {
          const profile = result.data?.saveVolunteerProfile.profile;
          if (!profile) return;
          cache.updateQuery({ query: MyVolunteerProfileDocument }, (cached) =>
            cached?.me ? { me: { ...cached.me, hasVolunteerProfile: true, volunteerProfile: profile } } : cached,
          );
        },
      });
      const { profile } = requirePayload(data?.saveVolunteerProfile);
      if (!profile) throw new Error('The server gave no profile.');
      return profile;
    },
    [mutate],
  );
}
