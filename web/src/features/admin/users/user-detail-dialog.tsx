import { Button, DataList, Dialog, HStack, Stack, Text } from '@chakra-ui/react';
import { DialogFrame } from '../../../components/dialog-frame';
import { RoleBadge } from '../../../components/role-badge';
import type { AdminUsers_DetailFragment } from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { useAuth } from '../../../lib/use-auth';
import { LabelledValue } from '../club-fields';
import { LoadFailed } from '../reports/load-failed';
import { DetailSkeleton } from './users-skeletons';
import type { UserAction } from './user-action-dialogs';
import { ActivityList, ClubValue, ProfileValue, StatusValue } from './user-detail-parts';
import { useUserDetail } from './use-user-detail';
import { useMinLoading } from '../use-min-loading';

interface UserDetailDialogProps {
  /** The account shown (its global id); none closes the dialog. */
  userId?: string;
  onClose: () => void;
  onAction: (user: AdminUsers_DetailFragment, action: UserAction) => void;
}

/** One account for an administrator (issue 13): role, status, club, volunteer profile, activity,
 *  and the actions its status allows. No actions on one's own account. */
export function UserDetailDialog({ userId, onClose, onAction }: UserDetailDialogProps) {
  const { session } = useAuth();
  const { user, loading, error, refetch } = useUserDetail(userId);
  const skeleton = useMinLoading(loading && !user);
  const self = !!user && user.id === session?.user.node_id;

  return (
    <DialogFrame open={!!userId} onClose={onClose} title="User Details" size="lg" scrollBehavior="inside">
      <Dialog.Body>
        {skeleton && <DetailSkeleton />}
        {!skeleton && !user && error && <LoadFailed what="the user" onRetry={() => void refetch().catch(() => undefined)} />}
        {!skeleton && user && (
          <DataList.Root orientation="horizontal" size="sm" gap="3">
            <LabelledValue label="Name" wordBreak="break-word">
              {user.fullName ?? user.name}
            </LabelledValue>
            <LabelledValue label="Email" wordBreak="break-all">
              {user.email}
            </LabelledValue>
            <LabelledValue label="Role">{user.role && <RoleBadge role={user.role} />}</LabelledValue>
            <LabelledValue label="Status">
              <StatusValue user={user} />
            </LabelledValue>
            <LabelledValue label="Club">
              <ClubValue club={user.club} />
            </LabelledValue>
            <LabelledValue label="Volunteer profile">
              <ProfileValue profile={user.volunteerProfile} />
            </LabelledValue>
            <LabelledValue label="Activity">
              <ActivityList activity={user.activity} />
            </LabelledValue>
            <LabelledValue label="Joined">
              <time dateTime={user.createdAt}>{formatDateTime(user.createdAt)}</time>
            </LabelledValue>
          </DataList.Root>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Stack gap="3" w="full">
          {self && (
            <Text fontSize="sm" color="fg.muted">
              This is your own account: its status and role cannot be changed here.
            </Text>
          )}
          <HStack gap="2" flexWrap="wrap" justify="flex-end">
            {user && !self && <UserActions user={user} onAction={(action) => onAction(user, action)} />}
            <Dialog.ActionTrigger asChild>
              <Button variant="outline">Close</Button>
            </Dialog.ActionTrigger>
          </HStack>
        </Stack>
      </Dialog.Footer>
    </DialogFrame>
  );
}

/** What the account's status and role allow. */
function UserActions({ user, onAction }: { user: AdminUsers_DetailFragment; onAction: (action: UserAction) => void }) {
  const admin = user.role === 'PLATFORM_ADMIN';
  return (
    <>
      {user.status === 'ACTIVE' && (
        <Button size="sm" colorPalette="orange" variant="outline" onClick={() => onAction('suspend')}>
          Suspend
        </Button>
      )}
      {user.status !== 'BANNED' && (
        <Button size="sm" colorPalette="red" variant="outline" onClick={() => onAction('ban')}>
          Ban
        </Button>
      )}
      {user.status !== 'ACTIVE' && (
        <Button size="sm" colorPalette="teal" onClick={() => onAction('reinstate')}>
          Reinstate
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={() => onAction(admin ? 'revokeAdmin' : 'grantAdmin')}>
        {admin ? 'Remove Administrator' : 'Make Administrator'}
      </Button>
    </>
  );
}
