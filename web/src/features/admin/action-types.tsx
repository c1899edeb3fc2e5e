// The audit trail's action types (administration spec, sections 2 and 3: the spec's six, then the
// verification actions the API also records) and how each is shown: the Audit tab's filter and
// badges name the action ('Approve'), an application's timeline and Overview's Recent Activity
// tell what happened ('Approved'), with one icon and colour each.
import type { IconType } from 'react-icons';
import {
  LuBadgeCheck,
  LuBadgeX,
  LuBan,
  LuCheck,
  LuCheckCheck,
  LuCircleX,
  LuDownload,
  LuEye,
  LuFlag,
  LuFlagOff,
  LuShieldMinus,
  LuShieldPlus,
  LuTrash2,
  LuTriangleAlert,
  LuUndo2,
  LuUserCheck,
  LuUserX,
  LuX,
} from 'react-icons/lu';
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
  // The Users and Moderation tabs' actions (issue 13).
  SUSPEND: { action: 'Suspend', label: 'Suspended', icon: LuUserX, palette: 'orange' },
  BAN: { action: 'Ban', label: 'Banned', icon: LuBan, palette: 'red' },
  REINSTATE: { action: 'Reinstate', label: 'Reinstated', icon: LuUserCheck, palette: 'green' },
  GRANT_ADMIN: { action: 'Grant administrator', label: 'Administrator role granted', icon: LuShieldPlus, palette: 'purple' },
  REVOKE_ADMIN: { action: 'Revoke administrator', label: 'Administrator role revoked', icon: LuShieldMinus, palette: 'yellow' },
  REVIEW_REPORT: { action: 'Review report', label: 'Report reviewed', icon: LuFlag, palette: 'blue' },
  WARN: { action: 'Warn', label: 'Warning sent', icon: LuTriangleAlert, palette: 'yellow' },
  REMOVE_CONTENT: { action: 'Remove content', label: 'Content removed', icon: LuTrash2, palette: 'red' },
  RESTORE_CONTENT: { action: 'Restore content', label: 'Content restored', icon: LuUndo2, palette: 'green' },
  DISMISS_REPORT: { action: 'Dismiss report', label: 'Report dismissed', icon: LuFlagOff, palette: 'gray' },
  DELETE_ACCOUNT: { action: 'Delete account', label: 'Account deleted', icon: LuUserX, palette: 'gray' },
};

/** In the order the Audit tab's filter lists them. */
export const ACTION_TYPE_LIST = Object.keys(ACTION_TYPES) as AdminActionType[];
