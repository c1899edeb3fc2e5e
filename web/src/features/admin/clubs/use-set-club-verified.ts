// Verifies a club or withdraws its verification. Rejects on failure (UserErrors when the server
// refused, see lib/user-errors; QueuedOfflineError when queued offline); the caller tells the user.
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { AdminSetClubVerifiedDocument } from '../admin-reports.generated';
import { requirePayload } from '../../../lib/user-errors';
import { VERIFICATION_REFETCH } from './clubs-texts';

export function useSetClubVerified() {
  const [mutate, { loading }] = useMutation(AdminSetClubVerifiedDocument, {
    context: { silent: true },
    refetchQueries: VERIFICATION_REFETCH,
    awaitRefetchQueries: true,
    update: (cache) => {
      // The directory's cached pages would show the old badge.
      cache.evict({ id: 'ROOT_QUERY', fieldName: 'clubs' });
    },
  });
  const setVerified = useCallback(
    async (clubId: string, verified: boolean) => {
      const { data } = await mutate({
        variables: { input: { clubId, verified } },
        context: { silent: true, offlineQueue: { label: verified ? 'verify club' : 'unverify club' } },
      });
      return requirePayload(data?.setClubVerified).club;
    },
    [mutate],
  );
  return { setVerified, saving: loading };
}
