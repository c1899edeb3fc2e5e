// The administration area's GraphQL: thin; rules, access and auditing live in the area's services
// (admin.service.ts and one admin-*.service.ts per sub-domain). Every operation is for platform
// administrators only.
import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { AdminOnly, RequiresScope, ReadScope } from '../../graphql/access.js';
import { mutate } from '../../graphql/payload.js';
import { PageArgs, connectionOfList, databaseId, toGlobalId } from '../../graphql/relay.js';
import { registerNodeType } from '../../graphql/node.resolver.js';
import { DateScalar } from '../../graphql/scalars.js';
import type { AdminActionRow, AdminBulkApprovalRow, ClubRow } from '../../db/schema/index.js';
import { Club, ClubConnection } from '../clubs/clubs.types.js';
import { Member } from '../users/users.types.js';
import type { AdminActivityRow } from './admin-reports.service.js';
import { ClubApplicationCounts, ClubApplicationsArgs } from './admin-applications.types.js';
import { ApproveClubApplicationInput, ApproveClubApplicationPayload, BulkApproval, BulkApprovalFailure, RejectClubApplicationInput, RejectClubApplicationPayload, StartBulkApprovalInput, StartBulkApprovalPayload } from './admin-approvals.types.js';
import { AdminAction, AdminActionConnection, AdminActionsArgs } from './admin-audit.types.js';
import { ExportAdminActionsInput, ExportAdminActionsPayload, ExportClubApplicationStatisticsInput, ExportClubApplicationStatisticsPayload, ExportClubApplicationsInput, ExportClubApplicationsPayload } from './admin-exports.types.js';
import { AdminActivityMetrics, AdminActivityMetricsConnection, ClubApplicationStatistics, PlatformStats } from './admin-reports.types.js';
import { SetClubVerifiedInput, SetClubVerifiedPayload } from './admin-verification.types.js';

const ADMIN = 'Platform administrators only.';

/** What an id that is not a global id of the expected type becomes: a value the service's UUID
 *  rule refuses ('Invalid club ID format'). Not the id as it was sent: a bare UUID would then pass
 *  that rule and be taken as a database id, though such an id names nothing (docs/API.md,
 *  'Identity'); the service itself takes database ids because REST passes them. */
const NOT_AN_ID = 'not-a-global-id';
const clubDbId = (id: string) => databaseId(id, 'Club') ?? NOT_AN_ID;
const memberDbId = (id: string | null | undefined) => (id == null ? id : (databaseId(id, 'Member') ?? NOT_AN_ID));

registerNodeType('AdminAction', 'read:admin', async (ctx, ids) => {
  const rows = new Map((await ctx.services.adminAudit.auditByIds(ctx.viewer, ids)).map((r) => [r.id, r]));
  return ids.map((id) => rows.get(id) ?? null);
});
registerNodeType('BulkApproval', 'read:admin', (ctx, ids) => Promise.all(ids.map((id) => (ctx.viewer?.isPlatformAdmin ? ctx.services.adminApprovals.bulkApproval(ctx.viewer, id) : null))));

@Resolver()
export class AdminResolver {
  @Authorized('platform_admin')
  @ReadScope('read:admin')
  @Query(() => PlatformStats, { description: `The platform's counters for the admin panel's header (clubs, volunteers, opportunities, pending actions). ${ADMIN}` })
  adminPlatformStats(@Ctx() ctx: Context) {
    return ctx.services.adminReports.platformStats(ctx.viewer);
  }

  @Authorized('platform_admin')
  @ReadScope('read:admin')
  @Query(() => ClubApplicationCounts, { description: `How many club applications are pending, approved and rejected, and in all. ${ADMIN}` })
  clubApplicationCounts(@Ctx() ctx: Context) {
    return ctx.services.adminApplications.applicationCounts(ctx.viewer);
  }

  @Authorized('platform_admin')
  @ReadScope('read:admin')
  @Query(() => ClubConnection, {
    description: `Club applications (clubs in any status) with filters, newest submission first unless \`sort\` says; 10 a page unless \`first\` or \`last\` says; \`offset\` jumps to a numbered page. ${ADMIN}`,
  })
  clubApplications(@Args(() => ClubApplicationsArgs) args: ClubApplicationsArgs, @Ctx() ctx: Context) {
    const { filter, sort, offset, ...page } = args;
    return ctx.services.adminApplications
      .applications(ctx.viewer, { ...filter }, sort ? { field: sort.field, direction: sort.direction } : null, { ...page, offset })
      .then((result) => {
        for (const row of result.nodes) ctx.loaders.club.prime(row.id, row);
        return result;
      });
  }

  @Authorized('platform_admin')
  @ReadScope('read:admin')
  @Query(() => Club, {
    nullable: true,
    description: `One club application for review, whatever its status; null when there is none. Each call is recorded in the audit trail as a view (at most 200 a minute per administrator). ${ADMIN}`,
  })
  clubApplication(@Arg('id', () => ID, { description: "The club's global id." }) id: string, @Ctx() ctx: Context) {
    const uuid = databaseId(id, 'Club');
    return uuid ? ctx.services.adminApplications.viewApplication(ctx.viewer, uuid, ctx.meta) : null;
  }

  @Authorized('platform_admin')
  @ReadScope('read:admin')
  @Query(() => AdminActionConnection, {
    description: `The audit trail of administrators' actions, newest first, 25 a page unless \`first\` or \`last\` says; \`offset\` jumps to a numbered page. With \`filter.clubId\`, one application's timeline. ${ADMIN}`,
  })
  adminActions(@Args(() => AdminActionsArgs) args: AdminActionsArgs, @Ctx() ctx: Context) {
    const { filter, offset, ...page } = args;
    const f = { ...filter };
    return ctx.services.adminAudit.auditLog(ctx.viewer, { ...f, adminId: memberDbId(f.adminId), clubId: f.clubId == null ? f.clubId : clubDbId(f.clubId) }, { ...page, offset });
  }

  @Authorized('platform_admin')
  @ReadScope('read:admin')
  @Query(() => AdminActivityMetricsConnection, { description: `Each administrator's activity over a period of days (UTC), most actions first, 50 a page. ${ADMIN}` })
  async adminActivity(
    @Arg('from', () => DateScalar, { nullable: true, description: 'From this day (UTC); null from the beginning.' }) from: string | null,
    @Arg('to', () => DateScalar, { nullable: true, description: 'To this day (UTC), inclusive; null to now.' }) to: string | null,
    @Arg('adminId', () => ID, { nullable: true, description: "Only this administrator (a Member's global id)." }) adminId: string | null,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: Context,
  ) {
    const rows = await ctx.services.adminReports.activity(ctx.viewer, { from, to, adminId: memberDbId(adminId) });
    return connectionOfList(rows, page, (r) => [r.adminId ?? r.adminEmail], 50, 'adminActivity');
  }

  @Authorized('platform_admin')
  @ReadScope('read:admin')
  @Query(() => ClubApplicationStatistics, { description: `The club application report over applications submitted in a period of days (UTC). ${ADMIN}` })
  clubApplicationStatistics(
    @Arg('from', () => DateScalar, { nullable: true, description: 'Submitted on or after this day; null from the beginning.' }) from: string | null,
    @Arg('to', () => DateScalar, { nullable: true, description: 'Submitted on or before this day; null to now.' }) to: string | null,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.adminReports.statistics(ctx.viewer, { from, to });
  }

  @Authorized('platform_admin')
  @ReadScope('read:admin')
  @Query(() => BulkApproval, { nullable: true, description: `A bulk approval the caller started, with its progress; null for any other id. ${ADMIN}` })
  bulkApproval(@Arg('id', () => ID, { description: "The bulk approval's global id." }) id: string, @Ctx() ctx: Context) {
    const uuid = databaseId(id, 'BulkApproval');
    return uuid ? ctx.services.adminApprovals.bulkApproval(ctx.viewer, uuid) : null;
  }

  @Authorized('platform_admin')
  @RequiresScope('admin')
  @Mutation(() => ApproveClubApplicationPayload, {
    description: `Approves a pending club application (optional notes under 1000 characters): the club enters the directory and may save meeting times at once; its owner is emailed and notified; the audit trail records it. Only pending applications: another is the user error 'Only pending applications can be approved or rejected. …'. At most 50 a minute per administrator. ${ADMIN}`,
  })
  approveClubApplication(@Arg('input', () => ApproveClubApplicationInput, { description: 'Which application, and notes.' }) input: ApproveClubApplicationInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.adminApprovals.approve(ctx.viewer, { clubId: clubDbId(input.clubId), adminNotes: input.adminNotes }, ctx.meta),
      (club) => {
        ctx.loaders.club.clear(club.id).prime(club.id, club);
        return { club };
      },
    );
  }

  @Authorized('platform_admin')
  @RequiresScope('admin')
  @Mutation(() => RejectClubApplicationPayload, {
    description: `Rejects a pending club application with a reason (required, under 1000 characters; stored as its admin notes): its owner is emailed the reason and notified; the audit trail records it. At most 30 a minute per administrator. ${ADMIN}`,
  })
  rejectClubApplication(@Arg('input', () => RejectClubApplicationInput, { description: 'Which application, and why.' }) input: RejectClubApplicationInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.adminApprovals.reject(ctx.viewer, { clubId: clubDbId(input.clubId), rejectionReason: input.rejectionReason }, ctx.meta),
      (club) => {
        ctx.loaders.club.clear(club.id).prime(club.id, club);
        return { club };
      },
    );
  }

  @Authorized('platform_admin')
  @RequiresScope('admin')
  @Mutation(() => StartBulkApprovalPayload, {
    description: `Starts approving 1 to 50 pending applications, each in its own transaction and audited as bulk_approve; answers at once with the bulk approval to poll for progress and results ('No applications selected for bulk approval', 'Cannot approve more than 50 applications at once'). At most 5 a minute per administrator. ${ADMIN}`,
  })
  startBulkApproval(@Arg('input', () => StartBulkApprovalInput, { description: 'Which applications, and notes for all.' }) input: StartBulkApprovalInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.adminApprovals.startBulkApproval(ctx.viewer, { clubIds: input.clubIds.map(clubDbId), adminNotes: input.adminNotes }, ctx.meta),
      (bulkApproval) => ({ bulkApproval }),
    );
  }

  @Authorized('platform_admin')
  @RequiresScope('admin')
  @Mutation(() => SetClubVerifiedPayload, { description: `Verifies an approved club (the directory shows its Verified badge at once), or withdraws its verification; audited. ${ADMIN}` })
  setClubVerified(@Arg('input', () => SetClubVerifiedInput, { description: 'Which club, and whether verified.' }) input: SetClubVerifiedInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.adminVerification.setVerified(ctx.viewer, { clubId: clubDbId(input.clubId), verified: input.verified }, ctx.meta),
      (club) => {
        ctx.loaders.club.clear(club.id).prime(club.id, club);
        return { club };
      },
    );
  }

  @Authorized('platform_admin')
  @RequiresScope('admin')
  @Mutation(() => ExportClubApplicationsPayload, { description: `Exports club applications (XLSX, CSV or JSON; with their history and notes unless told not to) to a short-lived signed download address; audited. ${ADMIN}` })
  exportClubApplications(@Arg('input', () => ExportClubApplicationsInput, { description: 'What to export, and how.' }) input: ExportClubApplicationsInput, @Ctx() ctx: Context) {
    return mutate(() => ctx.services.adminExports.applications(ctx.viewer, { ...input }, ctx.meta), (file) => ({ file }));
  }

  @Authorized('platform_admin')
  @RequiresScope('admin')
  @Mutation(() => ExportAdminActionsPayload, { description: `Exports the audit log (XLSX by default) to a short-lived signed download address; audited. ${ADMIN}` })
  exportAdminActions(@Arg('input', () => ExportAdminActionsInput, { description: 'What to export, and how.' }) input: ExportAdminActionsInput, @Ctx() ctx: Context) {
    return mutate(() => ctx.services.adminExports.auditLog(ctx.viewer, { ...input, adminId: memberDbId(input.adminId) }, ctx.meta), (file) => ({ file }));
  }

  @Authorized('platform_admin')
  @RequiresScope('admin')
  @Mutation(() => ExportClubApplicationStatisticsPayload, { description: `Exports the club application statistics of a period to a short-lived signed download address; audited. ${ADMIN}` })
  exportClubApplicationStatistics(
    @Arg('input', () => ExportClubApplicationStatisticsInput, { description: 'Which period, and how.' }) input: ExportClubApplicationStatisticsInput,
    @Ctx() ctx: Context,
  ) {
    return mutate(() => ctx.services.adminExports.statistics(ctx.viewer, { ...input }, ctx.meta), (file) => ({ file }));
  }
}

@Resolver(() => Club)
export class ClubReviewResolver {
  @AdminOnly()
  @ReadScope('read:admin')
  @FieldResolver(() => String, { nullable: true, description: `The administrators' notes on the application (a rejection's reason); null when none. ${ADMIN} Null for everyone else.` })
  adminNotes(@Root() club: ClubRow, @Ctx() ctx: Context): string | null {
    return ctx.viewer?.isPlatformAdmin ? club.adminNotes : null;
  }

  @FieldResolver(() => [String], { description: 'The sports the club plays (its category; empty before the profile is saved).' })
  sportTypes(@Root() club: ClubRow): string[] {
    return club.category ? [club.category] : [];
  }
}

@Resolver(() => AdminAction)
export class AdminActionResolver {
  @FieldResolver(() => Member, { nullable: true, description: 'The administrator who acted; null once the account is gone.' })
  admin(@Root() row: AdminActionRow, @Ctx() ctx: Context) {
    return row.adminId ? ctx.loaders.user.load(row.adminId) : null;
  }

  @FieldResolver(() => Club, { nullable: true, description: 'The club acted on; null for exports and once the club is gone.' })
  club(@Root() row: AdminActionRow, @Ctx() ctx: Context) {
    return row.targetId ? ctx.loaders.club.load(row.targetId) : null;
  }
}

@Resolver(() => AdminActivityMetrics)
export class AdminActivityResolver {
  @FieldResolver(() => Member, { nullable: true, description: 'The administrator; null once the account is gone.' })
  admin(@Root() row: AdminActivityRow, @Ctx() ctx: Context) {
    return row.adminId ? ctx.loaders.user.load(row.adminId) : null;
  }
}

@Resolver(() => BulkApproval)
export class BulkApprovalResolver {
  @FieldResolver(() => Int, { description: 'How many applications it has.' })
  total(@Root() row: AdminBulkApprovalRow): number {
    return row.clubIds.length;
  }

  @FieldResolver(() => [Club], { description: 'The clubs approved so far, in order.' })
  async succeeded(@Root() row: AdminBulkApprovalRow, @Ctx() ctx: Context) {
    const clubs = await ctx.loaders.club.loadMany(row.succeeded);
    return clubs.filter((c): c is ClubRow => c !== null && !(c instanceof Error));
  }

  @FieldResolver(() => [BulkApprovalFailure], { description: 'The applications that failed so far, in order, with why.' })
  async failures(@Root() row: AdminBulkApprovalRow, @Ctx() ctx: Context) {
    return Promise.all(
      row.failures.map(async (f) => ({
        reference: /^[0-9a-f-]{36}$/.test(f.clubId) ? toGlobalId('Club', f.clubId) : f.clubId,
        club: await ctx.loaders.club.load(f.clubId),
        clubName: f.clubName,
        message: f.message,
      })),
    );
  }
}
