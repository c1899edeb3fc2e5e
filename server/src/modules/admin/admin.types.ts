// The administration area's types: the applications list's filter and sort, the audit trail, the
// counters, reports and exports, and the payloads of the review actions. A club application is the
// Club itself (one name per concept); its admin-only fields are declared in admin.resolver.ts.
import { ArgsType, Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Node, PageArgs, connectionOf } from '../../graphql/relay.js';
import { Payload } from '../../graphql/payload.js';
import { DateScalar } from '../../graphql/scalars.js';
import { Club } from '../clubs/clubs.types.js';
import { VOLUNTEER_DEFINITION } from '../volunteers/volunteer-count.rules.js';
import { ADMIN_NOTES_MAX, BULK_APPROVAL_MAX, REJECTION_REASON_MAX, TOP_LOCATIONS, TOP_REJECTION_REASONS } from './admin.rules.js';

export enum ApplicationStatusFilterEnum {
  ALL = 'all',
  PENDING = 'pending',
  APPROVED = 'approved',
  REJECTED = 'rejected',
}
registerEnumType(ApplicationStatusFilterEnum, {
  name: 'ClubApplicationStatusFilter',
  description: 'Which applications a list shows by status.',
  valuesConfig: {
    ALL: { description: 'Every application, whatever its status.' },
    PENDING: { description: 'Waiting for review.' },
    APPROVED: { description: 'Approved.' },
    REJECTED: { description: 'Rejected.' },
  },
});

export enum ApplicationSearchFieldEnum {
  NAME = 'name',
  EMAIL = 'email',
  DESCRIPTION = 'description',
}
registerEnumType(ApplicationSearchFieldEnum, {
  name: 'ClubApplicationSearchField',
  description: 'A field the applications search looks in.',
  valuesConfig: {
    NAME: { description: "The club's name." },
    EMAIL: { description: 'The contact email.' },
    DESCRIPTION: { description: "The club's description." },
  },
});

export enum ApplicationSortFieldEnum {
  NAME = 'name',
  CREATED_AT = 'created_at',
  APPLICATION_STATUS = 'application_status',
  LOCATION = 'location',
}
registerEnumType(ApplicationSortFieldEnum, {
  name: 'ClubApplicationSortField',
  description: 'What the applications list is ordered by (ties by id).',
  valuesConfig: {
    NAME: { description: 'The club name, whatever the letter case.' },
    CREATED_AT: { description: 'When the application was submitted.' },
    APPLICATION_STATUS: { description: 'The status (approved, pending, rejected alphabetically), then submission time.' },
    LOCATION: { description: 'The town or city, whatever the letter case (none first).' },
  },
});

export enum SortDirectionEnum {
  ASC = 'asc',
  DESC = 'desc',
}
registerEnumType(SortDirectionEnum, {
  name: 'SortDirection',
  description: 'Ascending or descending.',
  valuesConfig: { ASC: { description: 'Smallest first (A to Z, oldest first).' }, DESC: { description: 'Largest first (Z to A, newest first).' } },
});

@InputType({ description: 'Which club applications to list. Every field is optional; absent fields do not filter.' })
export class ClubApplicationFilterInput {
  @Field(() => ApplicationStatusFilterEnum, { nullable: true, description: 'By status; ALL or null for every status.' })
  status?: ApplicationStatusFilterEnum | null;

  @Field(() => String, { nullable: true, description: 'Text to find (at most 100 characters, case-insensitive) in the chosen `searchFields`; blank for no search.' })
  search?: string | null;

  @Field(() => [ApplicationSearchFieldEnum], { nullable: true, description: 'Where `search` looks; null or empty for name, email and description.' })
  searchFields?: ApplicationSearchFieldEnum[] | null;

  @Field(() => DateScalar, { nullable: true, description: 'Submitted on or after this day (UTC).' })
  submittedFrom?: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'Submitted on or before this day (UTC).' })
  submittedTo?: string | null;

  @Field(() => String, { nullable: true, description: 'Text the town or city contains (case-insensitive, at most 100 characters).' })
  location?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Only verified (true) or not yet verified (false) clubs; null for both. The Clubs tab lists approved clubs by this.' })
  verified?: boolean | null;
}

@InputType({ description: 'The order of the applications list.' })
export class ClubApplicationSortInput {
  @Field(() => ApplicationSortFieldEnum, { description: 'The key.' })
  field!: ApplicationSortFieldEnum;

  @Field(() => SortDirectionEnum, { description: 'The direction.' })
  direction!: SortDirectionEnum;
}

@ArgsType()
export class ClubApplicationsArgs extends PageArgs {
  @Field(() => ClubApplicationFilterInput, { nullable: true, description: 'What to list; null for every application.' })
  filter?: ClubApplicationFilterInput | null;

  @Field(() => ClubApplicationSortInput, { nullable: true, description: 'The order; null for newest submission first.' })
  sort?: ClubApplicationSortInput | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Skip this many items from the start (0 to 100,000), for jumping to page N of a numbered pager (`offset: (N - 1) * first`); not with `after`, `before` or `last`. Cursors from the page continue from there.',
  })
  offset?: number | null;
}

@ObjectType({ description: 'How many club applications are in each status.' })
export class ClubApplicationCounts {
  @Field(() => Int, { description: 'Waiting for review.' })
  pending!: number;

  @Field(() => Int, { description: 'Approved (active clubs).' })
  approved!: number;

  @Field(() => Int, { description: 'Rejected (declined applications).' })
  rejected!: number;

  @Field(() => Int, { description: 'Every application, all time.' })
  total!: number;
}

@ObjectType({ description: "The platform's counters for the admin panel's header." })
export class PlatformStats {
  @Field(() => Int, { description: 'Approved clubs (not removed by a moderator).' })
  totalClubs!: number;

  @Field(() => Int, { description: 'Approved clubs that are verified (not removed by a moderator).' })
  verifiedClubs!: number;

  @Field(() => Int, { description: VOLUNTEER_DEFINITION })
  totalVolunteers!: number;

  @Field(() => Int, { description: 'Live, active volunteer positions of approved clubs (neither removed by a moderator).' })
  totalOpportunities!: number;

  @Field(() => Int, { description: 'Club applications, all time.' })
  totalApplications!: number;

  @Field(() => Int, { description: 'Accounts whose status is active.' })
  activeUsers!: number;

  @Field(() => Int, { description: 'Club applications waiting for review.' })
  pendingApplications!: number;

  @Field(() => Int, { description: 'Approved clubs not yet verified (not removed by a moderator).' })
  pendingVerifications!: number;
}

export enum AdminActionTypeEnum {
  APPROVE = 'approve',
  REJECT = 'reject',
  VIEW = 'view',
  EXPORT = 'export',
  BULK_APPROVE = 'bulk_approve',
  BULK_REJECT = 'bulk_reject',
  VERIFY = 'verify',
  UNVERIFY = 'unverify',
  SUSPEND = 'suspend',
  BAN = 'ban',
  REINSTATE = 'reinstate',
  GRANT_ADMIN = 'grant_admin',
  REVOKE_ADMIN = 'revoke_admin',
  REVIEW_REPORT = 'review_report',
  WARN = 'warn',
  REMOVE_CONTENT = 'remove_content',
  RESTORE_CONTENT = 'restore_content',
  DISMISS_REPORT = 'dismiss_report',
}
registerEnumType(AdminActionTypeEnum, {
  name: 'AdminActionType',
  description: 'What a platform administrator did.',
  valuesConfig: {
    APPROVE: { description: 'Approved a club application.' },
    REJECT: { description: 'Rejected a club application.' },
    VIEW: { description: "Opened a club application's detail." },
    EXPORT: { description: 'Exported applications, the audit log or statistics.' },
    BULK_APPROVE: { description: 'Approved one application as part of a bulk approval.' },
    BULK_REJECT: { description: 'Rejected one application as part of a bulk rejection.' },
    VERIFY: { description: 'Verified a club.' },
    UNVERIFY: { description: "Withdrew a club's verification." },
    SUSPEND: { description: 'Suspended an account (or changed a suspension).' },
    BAN: { description: 'Banned an account.' },
    REINSTATE: { description: 'Reinstated a suspended or banned account (adminName Clubroom: a suspension ended by itself).' },
    GRANT_ADMIN: { description: 'Granted the platform administrator role.' },
    REVOKE_ADMIN: { description: 'Revoked the platform administrator role.' },
    REVIEW_REPORT: { description: 'Marked a content report as reviewed.' },
    WARN: { description: 'Sent a warning about a reported item to its owner.' },
    REMOVE_CONTENT: { description: 'Removed a reported item.' },
    RESTORE_CONTENT: { description: 'Restored a removed item.' },
    DISMISS_REPORT: { description: 'Dismissed a content report.' },
  },
});

@ObjectType({ implements: Node, description: "One entry of the administrators' audit trail, written by the server with the change it describes. Platform administrators only." })
export class AdminAction extends Node {
  @Field(() => AdminActionTypeEnum, { description: 'What was done.' })
  actionType!: AdminActionTypeEnum;

  @Field(() => String, { description: "What kind of thing it was done to: 'club_application', 'club', 'export', 'user' or 'report'." })
  targetType!: string;

  @Field(() => String, { description: 'The name of what it was done to when it was done (a club name, or the export file).' })
  targetName!: string;

  @Field(() => String, { description: "What happened, in words (e.g. 'Application rejected: {reason}')." })
  details!: string;

  @Field(() => String, { description: "The administrator's name when they acted." })
  adminName!: string;

  @Field(() => String, { description: "The administrator's email when they acted." })
  adminEmail!: string;

  @Field(() => String, { nullable: true, description: 'The IP address the action came from; null when unknown.' })
  ipAddress!: string | null;

  @Field(() => Date, { description: 'When it was done.' })
  createdAt!: Date;
}

@ObjectType({ description: 'A page of the audit trail.' })
export class AdminActionConnection extends connectionOf(AdminAction, 'AdminAction', { totalCount: 'How many entries match the filter, over all pages.' }) {}

@InputType({ description: 'Which audit entries to list; absent fields do not filter.' })
export class AdminActionFilterInput {
  @Field(() => AdminActionTypeEnum, { nullable: true, description: 'Only this action type; null for all.' })
  actionType?: AdminActionTypeEnum | null;

  @Field(() => DateScalar, { nullable: true, description: 'On or after this day (UTC).' })
  from?: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'On or before this day (UTC).' })
  to?: string | null;

  @Field(() => ID, { nullable: true, description: "Only this administrator's actions (a Member's global id)." })
  adminId?: string | null;

  @Field(() => ID, { nullable: true, description: "Only actions on this club (a Club's global id): an application's timeline." })
  clubId?: string | null;

  @Field(() => String, { nullable: true, description: "Text to find (case-insensitive, at most 100 characters) in the target's name, the details, or the administrator's name or email." })
  search?: string | null;
}

@ArgsType()
export class AdminActionsArgs extends PageArgs {
  @Field(() => AdminActionFilterInput, { nullable: true, description: 'What to list; null for every entry.' })
  filter?: AdminActionFilterInput | null;

  @Field(() => Int, { nullable: true, description: 'Skip this many entries from the start (0 to 100,000), for a numbered pager; not with `after`, `before` or `last`.' })
  offset?: number | null;
}

@ObjectType({ description: "One administrator's activity over a period." })
export class AdminActivityMetrics {
  @Field(() => String, { description: "The administrator's name (as of their latest action)." })
  adminName!: string;

  @Field(() => String, { description: "The administrator's email (as of their latest action)." })
  adminEmail!: string;

  @Field(() => Int, { description: 'Every audited action in the period.' })
  totalActions!: number;

  @Field(() => Int, { description: 'Applications approved one by one.' })
  approvalsCount!: number;

  @Field(() => Int, { description: 'Applications rejected.' })
  rejectionsCount!: number;

  @Field(() => Int, { description: 'Applications approved or rejected within bulk operations.' })
  bulkOperationsCount!: number;

  @Field(() => Date, { nullable: true, description: 'Their latest action in the period.' })
  lastActivityAt!: Date | null;

  @Field(() => Float, { nullable: true, description: 'Mean hours from submission to their decision over the applications they decided in the period; null when none.' })
  averageProcessingTimeHours!: number | null;
}

@ObjectType({ description: 'A page of per-administrator activity.' })
export class AdminActivityMetricsConnection extends connectionOf(AdminActivityMetrics, 'AdminActivityMetrics', { totalCount: 'How many administrators acted in the period.' }) {}

@ObjectType({ description: 'How often one rejection reason was given.' })
export class RejectionReasonCount {
  @Field(() => String, { description: 'The reason, as written.' })
  reason!: string;

  @Field(() => Int, { description: 'How many rejections gave it.' })
  count!: number;
}

@ObjectType({ description: 'Applications submitted in one calendar month, by status now.' })
export class ApplicationsByMonth {
  @Field(() => String, { description: "The month, 'YYYY-MM' (UTC)." })
  month!: string;

  @Field(() => Int, { description: 'Submitted that month.' })
  total!: number;

  @Field(() => Int, { description: 'Of those, approved.' })
  approved!: number;

  @Field(() => Int, { description: 'Of those, pending.' })
  pending!: number;

  @Field(() => Int, { description: 'Of those, rejected.' })
  rejected!: number;
}

@ObjectType({ description: 'Applications from one town or city.' })
export class ApplicationsByLocation {
  @Field(() => String, { description: 'The town or city.' })
  location!: string;

  @Field(() => Int, { description: 'How many applications.' })
  count!: number;
}

@ObjectType({ description: 'The club application report over a period of submission dates.' })
export class ClubApplicationStatistics {
  @Field(() => Int, { description: 'Applications submitted in the period.' })
  totalApplications!: number;

  @Field(() => Int, { description: 'Of those, approved.' })
  approvedApplications!: number;

  @Field(() => Int, { description: 'Of those, pending.' })
  pendingApplications!: number;

  @Field(() => Int, { description: 'Of those, rejected.' })
  rejectedApplications!: number;

  @Field(() => Float, { description: 'Approved over decided (approved + rejected), 0 to 1; 0 when none is decided.' })
  approvalRate!: number;

  @Field(() => Float, { nullable: true, description: 'Mean hours from submission to decision over the decided ones; null when none.' })
  averageProcessingTimeHours!: number | null;

  @Field(() => [RejectionReasonCount], { description: `The ${TOP_REJECTION_REASONS} most given rejection reasons, most given first.` })
  topRejectionReasons!: RejectionReasonCount[];

  @Field(() => [ApplicationsByMonth], { description: 'Per month with submissions, oldest first (at most one per month of the period, and at most 120).' })
  applicationsByMonth!: ApplicationsByMonth[];

  @Field(() => [ApplicationsByLocation], { description: `The ${TOP_LOCATIONS} towns or cities with the most applications, most first.` })
  applicationsByLocation!: ApplicationsByLocation[];
}

export enum BulkApprovalStatusEnum {
  RUNNING = 'running',
  COMPLETED = 'completed',
}
registerEnumType(BulkApprovalStatusEnum, {
  name: 'BulkApprovalStatus',
  description: 'Where a bulk approval stands.',
  valuesConfig: { RUNNING: { description: 'The server is working through the applications.' }, COMPLETED: { description: 'Every application has been processed.' } },
});

@ObjectType({ description: 'One application a bulk approval could not approve.' })
export class BulkApprovalFailure {
  @Field(() => String, { description: 'The id the caller sent for it, as sent.' })
  reference!: string;

  @Field(() => Club, { nullable: true, description: 'The club, when the id names one.' })
  club!: unknown;

  @Field(() => String, { nullable: true, description: "The club's name, when the id names one." })
  clubName!: string | null;

  @Field(() => String, { description: 'Why it failed.' })
  message!: string;
}

@ObjectType({ implements: Node, description: `A bulk approval of up to ${BULK_APPROVAL_MAX} applications, each approved in its own transaction. Poll it (\`node(id:)\` or \`bulkApproval(id:)\`) for progress. Seen by the administrator who started it.` })
export class BulkApproval extends Node {
  @Field(() => BulkApprovalStatusEnum, { description: 'Running or completed.' })
  status!: BulkApprovalStatusEnum;

  @Field(() => Int, { description: 'How many applications it has.' })
  total!: number;

  @Field(() => Int, { description: 'How many have been processed so far (approved or failed).' })
  processed!: number;

  @Field(() => [Club], { description: 'The clubs approved so far, in order.' })
  succeeded!: unknown[];

  @Field(() => [BulkApprovalFailure], { description: 'The applications that failed so far, in order, with why.' })
  failures!: BulkApprovalFailure[];

  @Field(() => Date, { description: 'When it started.' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it finished; null while running.' })
  finishedAt!: Date | null;
}

export enum ExportFormatEnum {
  XLSX = 'xlsx',
  CSV = 'csv',
  JSON = 'json',
}
registerEnumType(ExportFormatEnum, {
  name: 'ExportFormat',
  description: 'The file format of an export.',
  valuesConfig: {
    XLSX: { description: 'An Excel workbook (.xlsx).' },
    CSV: { description: 'Comma-separated values (RFC 4180), UTF-8.' },
    JSON: { description: 'A JSON document.' },
  },
});

@ObjectType({ description: 'A file ready to download: fetch `downloadUrl` (no credentials needed) before `expiresAt`.' })
export class ExportFile {
  @Field(() => String, { description: 'A signed, short-lived address of the file (relative to the server).' })
  downloadUrl!: string;

  @Field(() => String, { description: 'The name to save it under.' })
  filename!: string;

  @Field(() => Date, { description: 'When the address stops working.' })
  expiresAt!: Date;
}

// ---- mutations ---------------------------------------------------------------------------------

@InputType({ description: 'Approve one pending club application.' })
export class ApproveClubApplicationInput {
  @Field(() => ID, { description: "The club's global id." })
  clubId!: string;

  @Field(() => String, { nullable: true, description: `Notes for the record (trimmed; under ${ADMIN_NOTES_MAX} characters); blank for none.` })
  adminNotes?: string | null;
}

@ObjectType({ description: 'The result of approveClubApplication.' })
export class ApproveClubApplicationPayload extends Payload {
  @Field(() => Club, { nullable: true, description: 'The club, now approved.' })
  club!: unknown;
}

@InputType({ description: 'Reject one pending club application.' })
export class RejectClubApplicationInput {
  @Field(() => ID, { description: "The club's global id." })
  clubId!: string;

  @Field(() => String, { description: `Why (required; under ${REJECTION_REASON_MAX} characters). The applicant is told it by email.` })
  rejectionReason!: string;
}

@ObjectType({ description: 'The result of rejectClubApplication.' })
export class RejectClubApplicationPayload extends Payload {
  @Field(() => Club, { nullable: true, description: 'The club, now rejected.' })
  club!: unknown;
}

@InputType({ description: `Approve up to ${BULK_APPROVAL_MAX} pending applications.` })
export class StartBulkApprovalInput {
  @Field(() => [ID], { description: `The clubs' global ids: 1 to ${BULK_APPROVAL_MAX} (ids that are not club ids are dropped).` })
  clubIds!: string[];

  @Field(() => String, { nullable: true, description: `Notes for every one of them (under ${ADMIN_NOTES_MAX} characters); blank for none.` })
  adminNotes?: string | null;
}

@ObjectType({ description: 'The result of startBulkApproval.' })
export class StartBulkApprovalPayload extends Payload {
  @Field(() => BulkApproval, { nullable: true, description: 'The bulk approval, started: poll it for progress.' })
  bulkApproval!: unknown;
}

@InputType({ description: "Verify an approved club, or withdraw its verification." })
export class SetClubVerifiedInput {
  @Field(() => ID, { description: "The club's global id." })
  clubId!: string;

  @Field(() => Boolean, { description: 'true to verify, false to unverify.' })
  verified!: boolean;
}

@ObjectType({ description: 'The result of setClubVerified.' })
export class SetClubVerifiedPayload extends Payload {
  @Field(() => Club, { nullable: true, description: 'The club with its new verification.' })
  club!: unknown;
}

@InputType({ description: 'Export club applications.' })
export class ExportClubApplicationsInput {
  @Field(() => ExportFormatEnum, { nullable: true, description: 'The format; null for XLSX.' })
  format?: ExportFormatEnum | null;

  @Field(() => DateScalar, { nullable: true, description: 'Submitted on or after this day (UTC).' })
  from?: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'Submitted on or before this day (UTC).' })
  to?: string | null;

  @Field(() => ApplicationStatusFilterEnum, { nullable: true, description: 'Only this status; null for ALL.' })
  status?: ApplicationStatusFilterEnum | null;

  @Field(() => Boolean, { nullable: true, description: "Include each application's review history (default true)." })
  includeHistory?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Include the admin notes (default true).' })
  includeAdminNotes?: boolean | null;
}

@InputType({ description: 'Export the audit log.' })
export class ExportAdminActionsInput {
  @Field(() => ExportFormatEnum, { nullable: true, description: 'The format; null for XLSX.' })
  format?: ExportFormatEnum | null;

  @Field(() => DateScalar, { nullable: true, description: 'On or after this day (UTC).' })
  from?: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'On or before this day (UTC).' })
  to?: string | null;

  @Field(() => ID, { nullable: true, description: "Only this administrator's actions (a Member's global id)." })
  adminId?: string | null;

  @Field(() => AdminActionTypeEnum, { nullable: true, description: 'Only this action type.' })
  actionType?: AdminActionTypeEnum | null;

  @Field(() => String, { nullable: true, description: "Only entries whose target, details, or administrator's name or email contain this text (case-insensitive, at most 100 characters), as `adminActions(filter: { search })`." })
  search?: string | null;
}

@InputType({ description: 'Export the club application statistics.' })
export class ExportClubApplicationStatisticsInput {
  @Field(() => ExportFormatEnum, { nullable: true, description: 'The format; null for XLSX.' })
  format?: ExportFormatEnum | null;

  @Field(() => DateScalar, { nullable: true, description: 'Submitted on or after this day (UTC).' })
  from?: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'Submitted on or before this day (UTC).' })
  to?: string | null;
}

@ObjectType({ description: 'The result of exportClubApplications.' })
export class ExportClubApplicationsPayload extends Payload {
  @Field(() => ExportFile, { nullable: true, description: 'The file to download.' })
  file!: ExportFile | null;
}

@ObjectType({ description: 'The result of exportAdminActions.' })
export class ExportAdminActionsPayload extends Payload {
  @Field(() => ExportFile, { nullable: true, description: 'The file to download.' })
  file!: ExportFile | null;
}

@ObjectType({ description: 'The result of exportClubApplicationStatistics.' })
export class ExportClubApplicationStatisticsPayload extends Payload {
  @Field(() => ExportFile, { nullable: true, description: 'The file to download.' })
  file!: ExportFile | null;
}

