// Suspend, ban, reinstate and the administrator role (issue 13 contract, section 1). Each write
// opts into the offline queue and refetches the lists and counters; it rejects on failure
// (UserErrors when the server refused, QueuedOfflineError when queued), the dialog tells the user.
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { AdminBanUserDocument, AdminReinstateUserDocument, AdminSetPlatformAdminDocument, AdminSuspendUserDocument } from './users.generated';
import { requirePayload } from '../../../lib/user-errors';
import { USER_OFFLINE_LABELS, USERS_REFETCH } from './users-texts';

const OPTIONS = { refetchQueries: USERS_REFETCH, awaitRefetchQueries: true } as const;

function queued(label: string) {
  return { silent: true, offlineQueue: { label } };
}

export function useUserActions() {
  const [suspendMutation] = useMutation(AdminSuspendUserDocument, OPTIONS);
  const [banMutation] = useMutation(AdminBanUserDocument, OPTIONS);
  const [reinstateMutation] = useMutation(AdminReinstateUserDocument, OPTIONS);
  const [adminMutation] = useMutation(AdminSetPlatformAdminDocument, OPTIONS);

  const suspend = useCallback(
    async (userId: string, reason: string, until: string | null) => {
      const { data } = await suspendMutation({ variables: { input: { userId, reason, until } }, context: queued(USER_OFFLINE_LABELS.suspend) });
      return requirePayload(data?.suspendUser).member;
    },
    [suspendMutation],
  );
  const ban = useCallback(
    async (userId: string, reason: string) => {
      const { data } = await banMutation({ variables: { input: { userId, reason } }, context: queued(USER_OFFLINE_LABELS.ban) });
      return requirePayload(data?.banUser).member;
    },
    [banMutation],
  );
  const reinstate = useCallback(
    async (userId: string, note: string | null) => {
      const { data } = await reinstateMutation({ variables: { input: { userId, note } }, context: queued(USER_OFFLINE_LABELS.reinstate) });
      return requirePayload(data?.reinstateUser).member;
    },
    [reinstateMutation],
  );
  const setPlatformAdmin = useCallback(
    async (userId: string, isPlatformAdmin: boolean) => {
      const { data } = await adminMutation({ variables: { input: { userId, isPlatformAdmin } }, context: queued(USER_OFFLINE_LABELS.admin) });
      return requirePayload(data?.setPlatformAdmin).member;
    },
    [adminMutation],
  );

  return { suspend, ban, reinstate, setPlatformAdmin };
}
