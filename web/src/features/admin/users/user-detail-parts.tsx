// The detail dialog's sections: status, club, volunteer profile and activity.
import { Badge, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import type { AdminUsers_DetailFragment } from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { RelativeTime } from '../../../components/relative-time';
import { StatusBadge } from '../approvals/application-status';
import { LabelledValue } from '../club-fields';
import { UserStatusBadge } from './user-badges';

const NONE = (text: string) => (
  <Text as="span" color="fg.muted">
    {text}
  </Text>
);

function When({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

/** Status, why and until when. */
export function StatusValue({ user }: { user: AdminUsers_DetailFragment }) {
  return (
    <Stack gap="1">
      <HStack gap="2" flexWrap="wrap">
        <UserStatusBadge status={user.status} />
        {user.status !== 'ACTIVE' && user.statusChangedAt && (
          <Text as="span" fontSize="sm" color="fg.muted">
            since <When value={user.statusChangedAt} />
          </Text>
        )}
      </HStack>
      {user.status !== 'ACTIVE' && user.statusReason && <Text wordBreak="break-word">Reason: {user.statusReason}</Text>}
      {user.status === 'SUSPENDED' && (
        <Text fontSize="sm">{user.suspendedUntil ? <>Until <When value={user.suspendedUntil} /></> : 'Until reinstated'}</Text>
      )}
    </Stack>
  );
}

export function ClubValue({ club }: { club: AdminUsers_DetailFragment['club'] }) {
  if (!club) return NONE('No club');
  return (
    <HStack gap="2" flexWrap="wrap">
      <Text as="span" wordBreak="break-word">
        {club.name}
      </Text>
      <StatusBadge status={club.applicationStatus} />
      {club.verified && (
        <Badge colorPalette="green" variant="subtle">
          Verified
        </Badge>
      )}
    </HStack>
  );
}

export function ProfileValue({ profile }: { profile: AdminUsers_DetailFragment['volunteerProfile'] }) {
  if (!profile) return NONE('No volunteer profile');
  return (
    <Stack gap="1" fontSize="sm">
      <Text>Location: {profile.location ?? 'Not provided'}</Text>
      <Text wordBreak="break-word">Skills: {profile.skills.length > 0 ? profile.skills.join(', ') : 'None listed'}</Text>
      <Text wordBreak="break-word">Availability: {profile.availability.length > 0 ? profile.availability.join(', ') : 'Not provided'}</Text>
      {profile.bio && (
        <Text wordBreak="break-word" lineClamp={3}>
          {profile.bio}
        </Text>
      )}
    </Stack>
  );
}

/** The activity counts (platform administrators only). */
export function ActivityList({ activity }: { activity: AdminUsers_DetailFragment['activity'] }) {
  if (!activity) return NONE('Not available');
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="1.5">
      <LabelledValue label="Messages sent">{activity.messagesSent}</LabelledValue>
      <LabelledValue label="Messages received">{activity.messagesReceived}</LabelledValue>
      <LabelledValue label="Applications">{activity.applications}</LabelledValue>
      <LabelledValue label="Reports made">{activity.reportsMade}</LabelledValue>
      <LabelledValue label="Reports against">{activity.reportsAgainst}</LabelledValue>
      <LabelledValue label="Blocked by">{activity.blockedBy === 1 ? '1 member' : `${activity.blockedBy} members`}</LabelledValue>
      <LabelledValue label="Active sessions">{activity.activeSessions}</LabelledValue>
      <LabelledValue label="Last active">{activity.lastActiveAt ? <RelativeTime value={activity.lastActiveAt} /> : 'Never'}</LabelledValue>
    </DataList.Root>
  );
}
