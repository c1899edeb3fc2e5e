// The authorization matrix's table for API tokens (docs/API.md 'API tokens'): what a token needs
// besides its owner's rights, for the operations of issue 13. authorization-matrix.test.ts runs each
// with the owner's token holding exactly these scopes (it must answer as the owner's session does),
// with every scope but one of them (FORBIDDEN 'This API token lacks the … scope.'), and, for the
// administrators' operations, with a member's token holding every scope (FORBIDDEN: a token never
// has more than its owner's rights).
import type { ReadScope } from '../../server/src/lib/shared/api-scopes.js';
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

/**
 * Issue 31 §2: the read scope each root query and subscription field needs of an API token (the
 * fine scope, or the whole `read`); `any` for node and nodes (any read scope: each Node type then
 * names its own, NODE_READ_SCOPES in node-expectations.ts), `session` for a field no token runs.
 * Keyed as GRAPHQL in expectations.ts (a subscription named like a query: `<name>_subscription`).
 * authorization-matrix.test.ts runs each with a token holding each fine read scope alone (a member's,
 * and the administrator's with `admin` besides): refused before it runs (403, 'This API token lacks
 * the <scope> scope.') exactly when the scope is not the one listed; a field missing here fails it.
 */
export const ROOT_READ_SCOPES: Record<string, ReadScope | 'any' | 'session'> = {
  // read:public
  certificateVerification: 'read:public',
  checkKinds: 'read:public',
  club: 'read:public',
  clubRemoved: 'read:public',
  clubSports: 'read:public',
  clubs: 'read:public',
  councilMeeting: 'read:public',
  councilMeetingStats: 'read:public',
  councilMeetingYears: 'read:public',
  councilMeetings: 'read:public',
  member: 'read:public',
  opportunities: 'read:public',
  opportunity: 'read:public',
  opportunitySkills: 'read:public',
  placeOfferLink: 'read:public',
  publicCouncilMeetings: 'read:public',
  pushPublicKey: 'read:public',
  sessionAnswerLink: 'read:public',
  sessionChanged: 'read:public',
  sportCategories: 'read:public',
  unsubscribeLink: 'read:public',
  // read:profile
  me: 'read:profile',
  myCalendarFeed: 'read:profile',
  myDataExports: 'read:profile',
  myFollowedClubs: 'read:profile',
  notificationSettings: 'read:profile',
  notificationSettingsChanged: 'read:profile',
  pushDevices: 'read:profile',
  sessionRevoked: 'read:profile',
  // read:messages
  blockedMembers: 'read:messages',
  conversation: 'read:messages',
  conversationCounts: 'read:messages',
  conversations: 'read:messages',
  inbox: 'read:messages',
  messageDeleted: 'read:messages',
  messageRead: 'read:messages',
  messageReceived: 'read:messages',
  messageRecipients: 'read:messages',
  notificationAdded: 'read:messages',
  notifications: 'read:messages',
  sentMessages: 'read:messages',
  unreadMessageCount: 'read:messages',
  unreadMessageCount_subscription: 'read:messages',
  unreadNotificationCount: 'read:messages',
  unreadNotificationCount_subscription: 'read:messages',
  // read:volunteering
  applicantChecks: 'read:volunteering',
  clubShiftsAwaitingAttendance: 'read:volunteering',
  clubVolunteerHours: 'read:volunteering',
  clubVolunteerHoursSummary: 'read:volunteering',
  myCertificateClubs: 'read:volunteering',
  myHoursPositions: 'read:volunteering',
  myShiftSwaps: 'read:volunteering',
  myVolunteerApplicationStats: 'read:volunteering',
  myVolunteerApplications: 'read:volunteering',
  myVolunteerCertificates: 'read:volunteering',
  myVolunteerChecks: 'read:volunteering',
  myVolunteerHours: 'read:volunteering',
  myVolunteerHoursSummary: 'read:volunteering',
  volunteerApplication: 'read:volunteering',
  volunteers: 'read:volunteering',
  // read:club
  clubSessionsChanged: 'read:club',
  // read:admin
  adminActions: 'read:admin',
  adminActivity: 'read:admin',
  adminAnalytics: 'read:admin',
  adminCheckKinds: 'read:admin',
  adminPlatformStats: 'read:admin',
  adminUserStats: 'read:admin',
  adminUsers: 'read:admin',
  bulkApproval: 'read:admin',
  clubApplication: 'read:admin',
  clubApplicationCounts: 'read:admin',
  clubApplicationStatistics: 'read:admin',
  clubApplications: 'read:admin',
  contentReport: 'read:admin',
  contentReports: 'read:admin',
  councilAdmins: 'read:admin',
  moderationActions: 'read:admin',
  moderationStats: 'read:admin',
  moderationStatsChanged: 'read:admin',
  node: 'any',
  nodes: 'any',
  apiTokens: 'session',
  webhookEndpoints: 'read:profile',
  webhookEventKinds: 'read:public',
};
