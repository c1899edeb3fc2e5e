// How an audit entry's action type is shown: a label, an icon and a colour (Overview's Recent
// Activity and an application's timeline).
import type { IconType } from 'react-icons';
import { LuBadgeCheck, LuBadgeX, LuCheck, LuCheckCheck, LuDownload, LuEye, LuX, LuCircleX } from 'react-icons/lu';
import type { AdminActionType } from '../../gql/graphql';

export const ACTION_TYPES: Record<AdminActionType, { label: string; icon: IconType; palette: string }> = {
  APPROVE: { label: 'Approved', icon: LuCheck, palette: 'green' },
  REJECT: { label: 'Rejected', icon: LuX, palette: 'red' },
  VIEW: { label: 'Viewed', icon: LuEye, palette: 'gray' },
  EXPORT: { label: 'Exported', icon: LuDownload, palette: 'purple' },
  BULK_APPROVE: { label: 'Bulk approved', icon: LuCheckCheck, palette: 'green' },
  BULK_REJECT: { label: 'Bulk rejected', icon: LuCircleX, palette: 'red' },
  VERIFY: { label: 'Verified', icon: LuBadgeCheck, palette: 'teal' },
  UNVERIFY: { label: 'Verification withdrawn', icon: LuBadgeX, palette: 'orange' },
};
