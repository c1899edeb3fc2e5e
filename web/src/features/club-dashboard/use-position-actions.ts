// One hook per position mutation. Each rejects on failure or userErrors (UserErrors); the caller
// tells the user.
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import type { ClubDashboard_PositionFragment, CreateVolunteerPositionInput } from '../../gql/graphql';
import { CreateVolunteerPositionDocument, DeleteVolunteerPositionDocument, SetVolunteerPositionLiveDocument, UpdateVolunteerPositionDocument } from './club-dashboard.generated';
import { requirePayload } from '../../lib/user-errors';
import { prependPosition, removePosition } from './position-cache';

const SILENT = { context: { silent: true } } as const;

export function useCreatePosition() {
  const [mutate] = useMutation(CreateVolunteerPositionDocument, SILENT);
  return useCallback(
    async (input: CreateVolunteerPositionInput) => {
      const { data } = await mutate({
        variables: { input },
        update: (cache, result) => {
          const created = result.data?.createVolunteerPosition.position;
          if (created) prependPosition(cache, created.club.id, created);
        },
      });
      return requirePayload(data?.createVolunteerPosition).position;
    },
    [mutate],
  );
}

export function useUpdatePosition() {
  const [mutate] = useMutation(UpdateVolunteerPositionDocument, SILENT);
  return useCallback(
    async (id: string, input: CreateVolunteerPositionInput) =>
      requirePayload((await mutate({ variables: { input: { id, ...input } } })).data?.updateVolunteerPosition).position,
    [mutate],
  );
}

export function useDeletePosition() {
  const [mutate, { loading }] = useMutation(DeleteVolunteerPositionDocument, SILENT);
  const remove = useCallback(
    async (id: string) => {
      const { data } = await mutate({
        variables: { input: { id } },
        update: (cache, result) => {
          const deleted = result.data?.deleteVolunteerPosition.deletedPositionId;
          if (deleted) removePosition(cache, deleted);
        },
      });
      requirePayload(data?.deleteVolunteerPosition);
    },
    [mutate],
  );
  return { remove, deleting: loading };
}

/** The switch moves at once; a failure puts it back. */
export function useSetPositionLive() {
  const [mutate] = useMutation(SetVolunteerPositionLiveDocument, SILENT);
  return useCallback(
    async (position: ClubDashboard_PositionFragment, isLive: boolean) => {
      const { data } = await mutate({
        variables: { input: { id: position.id, isLive } },
        // The cached position carries its __typename, so the optimistic copy is normalized.
        optimisticResponse: { setVolunteerPositionLive: { __typename: 'SetVolunteerPositionLivePayload', position: { ...position, isLive }, userErrors: [] } },
      });
      requirePayload(data?.setVolunteerPositionLive);
    },
    [mutate],
  );
}
