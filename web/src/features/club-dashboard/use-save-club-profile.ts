import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import type { SaveClubProfileInput } from '../../gql/graphql';
import { MyClubDocument, SaveClubProfileDocument } from './club-dashboard.generated';
import { requirePayload } from '../../lib/user-errors';

/** Saves the profile; the saved club becomes the cached `me.club` (a first save creates it).
 *  Rejects on failure or userErrors (UserErrors); the form decides what the user is told. */
export function useSaveClubProfile() {
  const [mutate, { loading }] = useMutation(SaveClubProfileDocument, { context: { silent: true } });
  const save = useCallback(
    async (input: SaveClubProfileInput) => {
      const { data } = await mutate({
        variables: { input },
        update: (cache, result) => {
          const club = result.data?.saveClubProfile.club;
          if (club) cache.updateQuery({ query: MyClubDocument }, (cached) => (cached?.me ? { me: { ...cached.me, club } } : cached));
        },
      });
      const { club } = requirePayload(data?.saveClubProfile);
      if (!club) throw new Error('The server gave no club.');
      return club;
    },
    [mutate],
  );
  return { save, saving: loading };
}
