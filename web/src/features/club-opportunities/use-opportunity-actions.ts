// The owner's status change of an opportunity (deleting one is the dashboard's useDeletePosition).
// It rejects on a failure or userErrors (UserErrors); the caller tells the user.
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import type { OpportunityStatus } from '../../gql/graphql';
import { SetOpportunityStatusDocument } from './club-opportunities.generated';
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
