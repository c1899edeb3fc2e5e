// The audit trail's action types (administration spec, sections 2 and 3): the spec's six, then
// the verification actions the API also records.
import type { AdminActionType } from '../../../gql/graphql';

export const ACTION_TYPES: AdminActionType[] = ['APPROVE', 'REJECT', 'VIEW', 'EXPORT', 'BULK_APPROVE', 'BULK_REJECT', 'VERIFY', 'UNVERIFY'];

export const ACTION_LABELS: Record<AdminActionType, string> = {
  APPROVE: 'Approve',
  REJECT: 'Reject',
  VIEW: 'View',
  EXPORT: 'Export',
  BULK_APPROVE: 'Bulk approve',
  BULK_REJECT: 'Bulk reject',
  VERIFY: 'Verify',
  UNVERIFY: 'Unverify',
};

export const ACTION_COLORS: Record<AdminActionType, string> = {
  APPROVE: 'green',
  REJECT: 'red',
  VIEW: 'gray',
  EXPORT: 'blue',
  BULK_APPROVE: 'teal',
  BULK_REJECT: 'orange',
  VERIFY: 'purple',
  UNVERIFY: 'yellow',
};

export const isActionType = (value: string): value is AdminActionType => (ACTION_TYPES as string[]).includes(value);
