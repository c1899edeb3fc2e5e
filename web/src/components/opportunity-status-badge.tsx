import { Badge } from '@chakra-ui/react';
import type { OpportunityStatus } from '../gql/graphql';

/** An opportunity's status as its owner and volunteers read it. */
export const OPPORTUNITY_STATUS_LABELS: Record<OpportunityStatus, string> = {
  ACTIVE: 'Active',
  FILLED: 'Filled',
  CANCELLED: 'Cancelled',
};

const PALETTES: Record<OpportunityStatus, string> = {
  ACTIVE: 'green',
  FILLED: 'blue',
  CANCELLED: 'red',
};

/** 'Active', 'Filled' or 'Cancelled'. */
export function OpportunityStatusBadge({ status }: { status: OpportunityStatus }) {
  return (
    <Badge colorPalette={PALETTES[status]} variant="subtle">
      {OPPORTUNITY_STATUS_LABELS[status]}
    </Badge>
  );
}
