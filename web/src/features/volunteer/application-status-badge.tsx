import { Badge } from '@chakra-ui/react';
import type { VolunteerApplicationStatus } from '../../gql/graphql';
import { APPLICATION_STATUS_COLORS, APPLICATION_STATUS_LABELS } from './volunteer-format';

export function ApplicationStatusBadge({ status, size = 'md' }: { status: VolunteerApplicationStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge colorPalette={APPLICATION_STATUS_COLORS[status]} variant="subtle" size={size}>
      {APPLICATION_STATUS_LABELS[status]}
    </Badge>
  );
}
