import { Badge } from '@chakra-ui/react';
import type { UserStatus } from '../../../gql/graphql';
import { USER_STATUS } from './users-texts';

/** Active, Suspended or Banned; an account whose status the API withholds shows nothing. */
export function UserStatusBadge({ status }: { status: UserStatus | null | undefined }) {
  if (!status) return null;
  const { label, palette } = USER_STATUS[status];
  return (
    <Badge colorPalette={palette} variant="subtle">
      {label}
    </Badge>
  );
}
