// The meeting writes. Each rejects on failure (UserErrors when the server refused the input, see
// lib/user-errors); the caller tells the user. After a write the list and the counters are
// fetched again; the cached stats are dropped too, so a tab showing them later does not answer
// from an old copy.
import type { ApolloCache } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import type { CreateCouncilMeetingInput } from '../../gql/graphql';
import { CreateCouncilMeetingDocument, DeleteCouncilMeetingDocument, UpdateCouncilMeetingDocument } from './council-admin.generated';
import { requirePayload } from '../../lib/user-errors';
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
    async (id: string | undefined, input: CreateCouncilMeetingInput) => {
      if (id) requirePayload((await update({ variables: { input: { id, ...input } } })).data?.updateCouncilMeeting);
      else requirePayload((await create({ variables: { input } })).data?.createCouncilMeeting);
    },
    [create, update],
  );
}

export function useDeleteMeeting() {
  const [mutate, { loading }] = useMutation(DeleteCouncilMeetingDocument, WRITE);
  const remove = useCallback(
    async (id: string) => {
      const { data } = await mutate({
        variables: { input: { id } },
        update: (cache, result) => {
          WRITE.update(cache);
          if (!result.data?.deleteCouncilMeeting.deletedMeetingId) return;
          cache.evict({ id: cache.identify({ __typename: 'CouncilMeeting', id }) });
          cache.gc();
        },
      });
      requirePayload(data?.deleteCouncilMeeting);
    },
    [mutate],
  );
  return { remove, deleting: loading };
}
