// One hook per position mutation. Each rejects on failure; the caller tells the user.
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import {
  CreateVolunteerPositionDocument,
  DeleteVolunteerPositionDocument,
  SetVolunteerPositionLiveDocument,
  UpdateVolunteerPositionDocument,
  type ClubDashboard_PositionFragment,
  type VolunteerPositionInput,
} from '../../gql/graphql';
import { prependPosition, removePosition } from './position-cache';

const SILENT = { context: { silent: true } } as const;

export function useCreatePosition() {
  const [mutate] = useMutation(CreateVolunteerPositionDocument, SILENT);
  return useCallback(
    async (input: VolunteerPositionInput) => {
      const { data } = await mutate({
        variables: { input },
        update: (cache, result) => {
          const created = result.data?.createVolunteerPosition;
          if (created) prependPosition(cache, created);
        },
      });
      return data?.createVolunteerPosition;
    },
    [mutate],
  );
}

export function useUpdatePosition() {
  const [mutate] = useMutation(UpdateVolunteerPositionDocument, SILENT);
  return useCallback(
    async (id: string, input: VolunteerPositionInput) => (await mutate({ variables: { id, input } })).data?.updateVolunteerPosition,
    [mutate],
  );
}

export function useDeletePosition() {
  const [mutate, { loading }] = useMutation(DeleteVolunteerPositionDocument, SILENT);
  const remove = useCallback(
    async (id: string) => {
      await mutate({
        variables: { id },
        update: (cache, result) => {
          if (result.data?.deleteVolunteerPosition) removePosition(cache, result.data.deleteVolunteerPosition);
        },
      });
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
      await mutate({
        variables: { id: position.id, isLive },
        // The cached position carries its __typename, so the optimistic copy is normalized.
        optimisticResponse: { setVolunteerPositionLive: { ...position, isLive } },
      });
    },
    [mutate],
  );
}
