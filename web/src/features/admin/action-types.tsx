// The audit trail's action types (administration spec, sections 2 and 3: the spec's six, then the
// verification actions the API also records) and how each is shown: the Audit tab's filter and
// badges name the action ('Approve'), an application's timeline and Overview's Recent Activity
// tell what happened ('Approved'), with one icon and colour each.
import type { IconType } from 'react-icons';
import { LuBadgeCheck, LuBadgeX, LuCheck, LuCheckCheck, LuDownload, LuEye, LuX, LuCircleX } from 'react-icons/lu';
import type { AdminActionType } from '../../gql/graphql';

export const ACTION_TYPES: Record<AdminActionType, { action: string; label: string; icon: IconType; palette: string }> = {
  APPROVE: { action: 'Approve', label: 'Approved', icon: LuCheck, palette: 'green' },
  REJECT: { action: 'Reject', label: 'Rejected', icon: LuX, palette: 'red' },
  VIEW: { action: 'View', label: 'Viewed', icon: LuEye, palette: 'gray' },
  EXPORT: { action: 'Export', label: 'Exported', icon: LuDownload, palette: 'blue' },
  BULK_APPROVE: { action: 'Bulk approve', label: 'Bulk approved', icon: LuCheckCheck, palette: 'teal' },
  BULK_REJECT: { action: 'Bulk reject', label: 'Bulk rejected', icon: LuCircleX, palette: 'orange' },
  VERIFY: { action: 'Verify', label: 'Verified', icon: LuBadgeCheck, palette: 'purple' },
  UNVERIFY: { action: 'Unverify', label: 'Verification withdrawn', icon: LuBadgeX, palette: 'yellow' },
};

/** In the order the Audit tab's filter lists them. */
export const ACTION_TYPE_LIST = Object.keys(ACTION_TYPES) as AdminActionType[];
