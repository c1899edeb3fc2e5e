import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { MyClubDocument, SaveClubProfileDocument, type ClubProfileInput } from '../../gql/graphql';

/** Saves the profile; the saved club becomes the cached `myClub` (a first save creates it).
 *  Rejects on failure; the form decides what the user is told. */
export function useSaveClubProfile() {
  const [mutate, { loading }] = useMutation(SaveClubProfileDocument, { context: { silent: true } });
  const save = useCallback(
    async (input: ClubProfileInput) => {
      const { data } = await mutate({
        variables: { input },
        update: (cache, result) => {
          const club = result.data?.saveClubProfile;
          if (club) cache.writeQuery({ query: MyClubDocument, data: { myClub: club } });
        },
      });
      return data?.saveClubProfile;
    },
    [mutate],
  );
  return { save, saving: loading };
}
