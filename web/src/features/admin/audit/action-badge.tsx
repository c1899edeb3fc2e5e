import { Badge } from '@chakra-ui/react';
import type { AdminActionType } from '../../../gql/graphql';
import { ACTION_COLORS, ACTION_LABELS } from './action-types';

export function ActionBadge({ actionType }: { actionType: AdminActionType }) {
  return (
    <Badge colorPalette={ACTION_COLORS[actionType]} variant="subtle" flexShrink="0">
      {ACTION_LABELS[actionType]}
    </Badge>
  );
}
