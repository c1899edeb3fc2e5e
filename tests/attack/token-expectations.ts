// The authorization matrix's table for API tokens (docs/API.md 'API tokens'): what a token needs
// besides its owner's rights, for the operations of issue 13. authorization-matrix.test.ts runs each
// with the owner's token holding exactly these scopes (it must answer as the owner's session does),
// with every scope but one of them (FORBIDDEN 'This API token lacks the … scope.'), and, for the
// administrators' operations, with a member's token holding every scope (FORBIDDEN: a token never
// has more than its owner's rights).
import type { Role } from './support.js';

export interface TokenEntry {
  /** Whose token: the caller the operation is for. */
  owner: Role;
  /** The ApiScope enum values the token needs. */
  scopes: string[];
}

const ADMIN_READ_TOKEN: TokenEntry = { owner: 'platformAdmin', scopes: ['READ', 'ADMIN'] };
const ADMIN_WRITE_TOKEN: TokenEntry = { owner: 'platformAdmin', scopes: ['ADMIN'] };

export const TOKENS: Record<string, TokenEntry> = {
  adminUsers: ADMIN_READ_TOKEN,
  adminUserStats: ADMIN_READ_TOKEN,
  contentReports: ADMIN_READ_TOKEN,
  contentReport: ADMIN_READ_TOKEN,
  moderationActions: ADMIN_READ_TOKEN,
  moderationStats: ADMIN_READ_TOKEN,
  adminAnalytics: ADMIN_READ_TOKEN,
  moderationStatsChanged: ADMIN_READ_TOKEN,
  suspendUser: ADMIN_WRITE_TOKEN,
  banUser: ADMIN_WRITE_TOKEN,
  reinstateUser: ADMIN_WRITE_TOKEN,
  setPlatformAdmin: ADMIN_WRITE_TOKEN,
  markReportReviewed: ADMIN_WRITE_TOKEN,
  takeModerationAction: ADMIN_WRITE_TOKEN,
  restoreContent: ADMIN_WRITE_TOKEN,
  reportContent: { owner: 'member', scopes: ['REPORTS_WRITE'] },
  // Safeguarding checks (issue 30 §5).
  adminCheckKinds: ADMIN_READ_TOKEN,
  createCheckKind: ADMIN_WRITE_TOKEN,
  updateCheckKind: ADMIN_WRITE_TOKEN,
  setCheckKindRetired: ADMIN_WRITE_TOKEN,
  changeVolunteerCheck: { owner: 'member', scopes: ['VOLUNTEER_WRITE'] },
  deleteVolunteerCheck: { owner: 'member', scopes: ['VOLUNTEER_WRITE'] },
  verifyVolunteerCheck: { owner: 'clubOwner', scopes: ['CLUB_WRITE'] },
  // Webhooks (issue 31).
  createWebhookEndpoint: { owner: 'member', scopes: ['WEBHOOKS_WRITE'] },
};

/** The scope's name in messages ('reports:write') from its enum value ('REPORTS_WRITE'). */
export const scopeName = (enumValue: string) => enumValue.toLowerCase().replace('_', ':');
