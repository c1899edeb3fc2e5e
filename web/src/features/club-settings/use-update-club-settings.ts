import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import type { ClubSettingsValues } from './club-settings-values';
import { UpdateClubSettingsDocument } from './club-settings.generated';
import { getAuthState, updateSessionUser } from '../../lib/session';
import { requirePayload } from '../../lib/user-errors';

/** Saves the settings. The owner's name is the account's name, so the stored session (the user
 *  menu's name) follows it. Rejects on failure or userErrors (UserErrors). */
export function useUpdateClubSettings() {
  const [mutate] = useMutation(UpdateClubSettingsDocument, { context: { silent: true } });
  return useCallback(
    async (input: ClubSettingsValues) => {
      const { data } = await mutate({ variables: { input } });
      const { club } = requirePayload(data?.updateClubSettings);
      if (!club) throw new Error('The server gave no club.');
      const ownerName = club.owner?.fullName ?? null;
      const user = getAuthState().session?.user;
      if (user && ownerName && user.full_name !== ownerName) updateSessionUser({ ...user, full_name: ownerName });
      return { club, ownerName };
    },
    [mutate],
  );
}
