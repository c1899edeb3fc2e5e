// The meeting writes. Each rejects on failure; the caller tells the user. After a write the list
// and the counters are fetched again; the cached stats are dropped too, so a tab showing them
// later does not answer from an old copy.
import type { ApolloCache } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import {
  CreateCouncilMeetingDocument,
  DeleteCouncilMeetingDocument,
  UpdateCouncilMeetingDocument,
  type CouncilMeetingInput,
} from '../../gql/graphql';
import { MEETING_REFETCH } from './council-admin-texts';

const WRITE = {
  context: { silent: true },
  refetchQueries: MEETING_REFETCH,
  awaitRefetchQueries: true,
  update: (cache: ApolloCache) => {
    cache.evict({ id: 'ROOT_QUERY', fieldName: 'councilMeetingStats' });
  },
} as const;

export function useSaveMeeting() {
  const [create] = useMutation(CreateCouncilMeetingDocument, WRITE);
  const [update] = useMutation(UpdateCouncilMeetingDocument, WRITE);
  return useCallback(
    async (id: string | undefined, input: CouncilMeetingInput) => {
      if (id) await update({ variables: { id, input } });
      else await create({ variables: { input } });
    },
    [create, update],
  );
}

export function useDeleteMeeting() {
  const [mutate, { loading }] = useMutation(DeleteCouncilMeetingDocument, WRITE);
  const remove = useCallback(
    async (id: string) => {
      await mutate({
        variables: { id },
        update: (cache) => {
          WRITE.update(cache);
          cache.evict({ id: cache.identify({ __typename: 'CouncilMeeting', id }) });
          cache.gc();
        },
      });
    },
    [mutate],
  );
  return { remove, deleting: loading };
}
