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

/** 'Active', 'Filled' or 'Cancelled'; 'Full' for a position filled because its places are taken
 *  (`full`: it has places and none is left; issue 30). */
export function OpportunityStatusBadge({ status, full = false }: { status: OpportunityStatus; full?: boolean }) {
  return (
    <Badge colorPalette={PALETTES[status]} variant="subtle">
      {status === 'FILLED' && full ? 'Full' : OPPORTUNITY_STATUS_LABELS[status]}
    </Badge>
  );
}
