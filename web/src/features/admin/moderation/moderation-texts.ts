// The Moderation tab's labels, texts and limits (administration spec, section 2: report types,
// statuses and action types; issue 13's contract, section 2).
import type { ModerationActionType, ReportStatus, ReportTargetType } from '../../../gql/graphql';

export const MODERATION_PAGE_SIZE = 20;

export const TARGET_TYPES: Record<ReportTargetType, { label: string; palette: string; noun: string }> = {
  OPPORTUNITY: { label: 'Opportunity', palette: 'blue', noun: 'opportunity' },
  PROFILE: { label: 'Profile', palette: 'purple', noun: 'profile' },
  MESSAGE: { label: 'Message', palette: 'cyan', noun: 'message' },
  CLUB: { label: 'Club', palette: 'teal', noun: 'club' },
  ANNOUNCEMENT: { label: 'Announcement', palette: 'orange', noun: 'announcement' },
};

export const REPORT_STATUSES: Record<ReportStatus, { label: string; palette: string }> = {
  PENDING: { label: 'Pending', palette: 'orange' },
  REVIEWED: { label: 'Reviewed', palette: 'blue' },
  RESOLVED: { label: 'Resolved', palette: 'green' },
  DISMISSED: { label: 'Dismissed', palette: 'gray' },
};

export const ACTION_TYPES: Record<ModerationActionType, { label: string; palette: string }> = {
  WARNING: { label: 'Warning', palette: 'yellow' },
  CONTENT_REMOVAL: { label: 'Content Removal', palette: 'red' },
  ACCOUNT_SUSPENSION: { label: 'Account Suspension', palette: 'orange' },
  DISMISSAL: { label: 'Dismissal', palette: 'gray' },
  CONTENT_RESTORATION: { label: 'Content Restoration', palette: 'green' },
};

export const MODERATION_EMPTY = {
  reports: 'No reports',
  pending: 'No pending reports',
  actions: 'No moderation actions yet',
} as const;

export const MODERATION_TOASTS = {
  WARNING: 'Warning sent',
  CONTENT_REMOVAL: 'Content removed',
  ACCOUNT_SUSPENSION: 'Account suspended',
  DISMISSAL: 'Report dismissed',
  reviewed: 'Report marked as reviewed',
  restored: 'Content restored',
} as const;

export const MODERATION_OFFLINE_LABELS = {
  action: 'moderation action',
  restore: 'restore content',
  reviewed: 'mark report reviewed',
} as const;

/** Refetched after a decision and when the counters change (only the mounted ones ask again). */
export const MODERATION_REFETCH = ['ModerationReports', 'ModerationReport', 'ModerationActions', 'ModerationStats'];
