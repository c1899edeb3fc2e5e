import { useMutation } from '@apollo/client/react';
import { useCallback, useRef } from 'react';
import { ApplyToOpportunityDocument, MyVolunteerApplicationsDocument, MyVolunteerApplicationStatsDocument } from './volunteer.generated';
import { expireFreshness } from '../../lib/freshness';
import { isQueuedOffline } from '../../lib/offline-queue';
import { requirePayload } from '../../lib/user-errors';
import { APPLICATIONS_FRESHNESS_PREFIX } from './volunteer-limits';

/** Applies to an opportunity. One idempotency key per attempt, kept while the same message is
 *  sent again with the same shifts (a retry after a lost answer gets the first application, not a second one).
 *  Rejects on failure or userErrors (UserErrors); the form decides what the user is told.
 *  Offline it is queued (lib/offline-queue) with its key: QueuedOfflineError, the attempt is over. */
export function useApply(positionId: string) {
  const [mutate, { loading }] = useMutation(ApplyToOpportunityDocument, {
    context: { silent: true },
    // The dashboard's lists and figures change with a new application.
    refetchQueries: [MyVolunteerApplicationsDocument, MyVolunteerApplicationStatsDocument],
  });
  const attempt = useRef<{ message: string; key: string } | null>(null);

  const apply = useCallback(
    async (message: string, shiftIds: string[] = []) => {
      const sent = `${message}\n${shiftIds.join(',')}`;
      if (attempt.current?.message !== sent) attempt.current = { message: sent, key: crypto.randomUUID() };
      const { data } = await mutate({
        variables: { input: { positionId, message, idempotencyKey: attempt.current.key, ...(shiftIds.length ? { shiftIds } : {}) } },
        context: { silent: true, offlineQueue: { label: 'submit application' } },
      }).catch((error: unknown) => {
        if (isQueuedOffline(error)) attempt.current = null;
        throw error;
      });
      const { application } = requirePayload(data?.applyToOpportunity);
      if (!application) throw new Error('The server gave no application.');
      attempt.current = null;
      expireFreshness(APPLICATIONS_FRESHNESS_PREFIX);
      return application;
    },
    [mutate, positionId],
  );
  return { apply, applying: loading };
}
