import { Badge, Icon } from '@chakra-ui/react';
import { LuCircleCheck, LuCircleX, LuClock } from 'react-icons/lu';
import type { ClubApplicationStatus } from '../../../gql/graphql';

export const STATUS_LABELS: Record<ClubApplicationStatus, string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

// The spec's badge styles: approved 'default' (the primary colour), rejected 'destructive' (red),
// pending 'secondary' (neutral).
const BADGE: Record<ClubApplicationStatus, { palette: string; variant: 'solid' | 'subtle' }> = {
  APPROVED: { palette: 'teal', variant: 'solid' },
  REJECTED: { palette: 'red', variant: 'solid' },
  PENDING: { palette: 'gray', variant: 'subtle' },
};

export function StatusBadge({ status }: { status: ClubApplicationStatus }) {
  return (
    <Badge colorPalette={BADGE[status].palette} variant={BADGE[status].variant}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

const ICONS = {
  PENDING: { icon: LuClock, color: 'fg.warning' },
  APPROVED: { icon: LuCircleCheck, color: 'fg.success' },
  REJECTED: { icon: LuCircleX, color: 'fg.error' },
} as const;

/** The status as an icon beside a name (its text is in the badge next to it). */
export function StatusIcon({ status }: { status: ClubApplicationStatus }) {
  const { icon: StatusGlyph, color } = ICONS[status];
  return (
    <Icon color={color} boxSize="5" flexShrink="0" aria-hidden="true">
      <StatusGlyph />
    </Icon>
  );
}
