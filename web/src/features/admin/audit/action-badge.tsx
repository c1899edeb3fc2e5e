import { Badge } from '@chakra-ui/react';
import type { AdminActionType } from '../../../gql/graphql';
import { ACTION_TYPES } from '../action-types';

export function ActionBadge({ actionType }: { actionType: AdminActionType }) {
  const { action, palette } = ACTION_TYPES[actionType];
  return (
    <Badge colorPalette={palette} variant="subtle" flexShrink="0">
      {action}
    </Badge>
  );
}
