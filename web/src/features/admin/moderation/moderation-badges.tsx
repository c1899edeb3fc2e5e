import { Badge } from '@chakra-ui/react';
import type { ModerationActionType, ReportStatus, ReportTargetType } from '../../../gql/graphql';
import { ACTION_TYPES, REPORT_STATUSES, TARGET_TYPES } from './moderation-texts';

export function TargetTypeBadge({ type }: { type: ReportTargetType }) {
  return (
    <Badge colorPalette={TARGET_TYPES[type].palette} variant="outline">
      {TARGET_TYPES[type].label}
    </Badge>
  );
}

export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  return (
    <Badge colorPalette={REPORT_STATUSES[status].palette} variant="subtle">
      {REPORT_STATUSES[status].label}
    </Badge>
  );
}

export function ActionTypeBadge({ type }: { type: ModerationActionType }) {
  return (
    <Badge colorPalette={ACTION_TYPES[type].palette} variant="subtle">
      {ACTION_TYPES[type].label}
    </Badge>
  );
}
