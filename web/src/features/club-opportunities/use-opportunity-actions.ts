// The owner's status change and delete of an opportunity. Each rejects on a failure or userErrors
// (UserErrors); the caller tells the user.
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { DeleteVolunteerPositionDocument, SetOpportunityStatusDocument, type OpportunityStatus } from '../../gql/graphql';
import { requirePayload } from '../../lib/user-errors';

const SILENT = { context: { silent: true } } as const;

export function useSetOpportunityStatus() {
  const [mutate] = useMutation(SetOpportunityStatusDocument, SILENT);
  return useCallback(
    async (id: string, status: OpportunityStatus) =>
      requirePayload((await mutate({ variables: { input: { id, status } } })).data?.setOpportunityStatus).position,
    [mutate],
  );
}

/** Deleting an opportunity deletes its position (and its applications with it). */
export function useDeleteOpportunity() {
  const [mutate, { loading }] = useMutation(DeleteVolunteerPositionDocument, SILENT);
  const remove = useCallback(
    async (id: string) => {
      const { data } = await mutate({
        variables: { input: { id } },
        update: (cache, result) => {
          const deleted = result.data?.deleteVolunteerPosition.deletedPositionId;
          if (!deleted) return;
          // Every list skips what the cache no longer holds.
          cache.evict({ id: cache.identify({ __typename: 'VolunteerPosition', id: deleted }) });
          cache.gc();
        },
      });
      requirePayload(data?.deleteVolunteerPosition);
    },
    [mutate],
  );
  return { remove, deleting: loading };
}
