// Moderation's GraphQL: thin; rules, access and auditing live in moderation.service.ts and
// moderation.decisions.ts. Reporting is for every signed-in member; the rest for platform
// administrators only.
import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { AdminOnly, RequiresScope, ReadScope } from '../../graphql/access.js';
import { mutate } from '../../graphql/payload.js';
import { databaseId, PageArgs, toGlobalId } from '../../graphql/relay.js';
import { registerNodeType } from '../../graphql/node.resolver.js';
import type { ContentReportRow, ModerationActionRow } from '../../db/schema/index.js';
import { Member } from '../users/users.types.js';
import { MODERATION_PAGE_DEFAULT, REPORTS_PER_HOUR } from './moderation.rules.js';
import { reporterVisibility } from './moderation.loaders.js';
import { TARGET_NODE_TYPE } from './moderation.targets.js';
import type { ModerationStatsRow } from './moderation.service.js';
import {
  ACTIONS_TEXT,
  ADMIN_ONLY,
  ContentReport,
  ContentReportConnection,
  ContentReportsArgs,
  MarkReportReviewedInput,
  MarkReportReviewedPayload,
  ModerationAction,
  ModerationActionConnection,
  ModerationStats,
  ReportContentInput,
  ReportContentPayload,
  RestoreContentInput,
  RestoreContentPayload,
  TakeModerationActionInput,
  TakeModerationActionPayload,
} from './moderation.types.js';

const ADMIN = 'Platform administrators only.';

registerNodeType('ContentReport', 'read:admin', async (ctx, ids) => {
  const rows = new Map((await ctx.services.moderation.reportsByIds(ctx.viewer, ids)).map((r) => [r.id, r]));
  return ids.map((id) => rows.get(id) ?? null);
});
registerNodeType('ModerationAction', 'read:admin', async (ctx, ids) => {
  const rows = new Map((await ctx.services.moderation.actionsByIds(ctx.viewer, ids)).map((r) => [r.id, r]));
  return ids.map((id) => rows.get(id) ?? null);
});

const targetKey = (row: Pick<ContentReportRow, 'targetType' | 'targetId'>) => `${row.targetType}:${row.targetId}`;

@Resolver()
export class ModerationResolver {
  @Authorized('platform_admin')
  @ReadScope('read:admin')
  @Query(() => ContentReportConnection, { description: `Content reports, newest first, ${MODERATION_PAGE_DEFAULT} a page unless \`first\` or \`last\` says; optionally of one status and one kind of item. ${ADMIN}` })
  contentReports(@Args(() => ContentReportsArgs) args: ContentReportsArgs, @Ctx() ctx: Context) {
    return ctx.services.moderation.reports(ctx.viewer, { ...args });
  }

  @Authorized('platform_admin')
  @ReadScope('read:admin')
  @Query(() => ContentReport, { nullable: true, description: `One content report; null when there is none. ${ADMIN}` })
  async contentReport(@Arg('id', () => ID, { description: "The report's global id." }) id: string, @Ctx() ctx: Context) {
    const uuid = databaseId(id, 'ContentReport');
    return uuid ? ((await ctx.services.moderation.reportsByIds(ctx.viewer, [uuid]))[0] ?? null) : null;
  }

  @Authorized('platform_admin')
  @ReadScope('read:admin')
  @Query(() => ModerationActionConnection, { description: `Moderation actions, newest first, ${MODERATION_PAGE_DEFAULT} a page unless \`first\` or \`last\` says. ${ADMIN}` })
  moderationActions(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: Context) {
    return ctx.services.moderation.actions(ctx.viewer, { ...page });
  }

  @Authorized('platform_admin')
  @ReadScope('read:admin')
  @Query(() => ModerationStats, { description: `The Moderation tab's counters. ${ADMIN}` })
  moderationStats(@Ctx() ctx: Context) {
    return ctx.services.moderation.stats(ctx.viewer);
  }

  @Authorized('platform_admin')
  @ReadScope('read:admin')
  @Subscription(() => ModerationStats, {
    name: 'moderationStatsChanged',
    subscribe: ({ context }) => (context as Context).services.moderation.statsStream((context as Context).viewer),
    description: `The Moderation tab's counters: sent at once, then after every change (a report filed, a decision, a restoration). ${ADMIN}`,
  })
  moderationStatsChanged(@Root() stats: ModerationStatsRow): ModerationStatsRow {
    return stats;
  }

  @Authorized()
  @RequiresScope('reports:write')
  @Mutation(() => ReportContentPayload, {
    description: `Reports an item the caller may see (a message they received, a volunteer profile, an opportunity, a club, a club's announcement) to the moderators, with a reason; one open report per member and item; not their own items, nor removed ones. ${REPORTS_PER_HOUR} reports per member per hour at most (RATE_LIMITED). The administrators' counters update live.`,
  })
  reportContent(@Arg('input', () => ReportContentInput, { description: 'What, and why.' }) input: ReportContentInput, @Ctx() ctx: Context) {
    const targetId = databaseId(input.targetId, TARGET_NODE_TYPE[input.targetType]);
    return mutate(
      () => ctx.services.moderation.report(ctx.viewer!, { targetType: input.targetType, targetId, reason: input.reason, details: input.details }, reporterVisibility(ctx)),
      (report) => ({ report }),
    );
  }

  @Authorized('platform_admin')
  @RequiresScope('admin')
  @Mutation(() => MarkReportReviewedPayload, { description: `Marks a pending report reviewed (a reviewed one is answered as it is; a closed one is refused); audited. ${ADMIN}` })
  markReportReviewed(@Arg('input', () => MarkReportReviewedInput, { description: 'Which report.' }) input: MarkReportReviewedInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.moderation.markReviewed(ctx.viewer, databaseId(input.reportId, 'ContentReport'), ctx.meta),
      (report) => ({ report }),
    );
  }

  @Authorized('platform_admin')
  @RequiresScope('admin')
  @Mutation(() => TakeModerationActionPayload, {
    description: `Decides an open report: WARNING (a private message to the item's owner), CONTENT_REMOVAL (the item is hidden from everyone; every open report of it is resolved), ACCOUNT_SUSPENSION (the Users tab's suspension of the owner) or DISMISSAL. Of two moderators deciding at once, one acts. The reporter is notified of the outcome; audited. ${ADMIN}`,
  })
  takeModerationAction(@Arg('input', () => TakeModerationActionInput, { description: 'Which report, and what to do.' }) input: TakeModerationActionInput, @Ctx() ctx: Context) {
    return mutate(
      () =>
        ctx.services.moderation.decide(
          ctx.viewer,
          { reportId: databaseId(input.reportId, 'ContentReport'), action: input.action, note: input.note, suspendUntil: input.suspendUntil },
          ctx.meta,
        ),
      (result) => {
        ctx.loaders.user.clearAll();
        return result;
      },
    );
  }

  @Authorized('platform_admin')
  @RequiresScope('admin')
  @Mutation(() => RestoreContentPayload, { description: `Restores the item of a CONTENT_REMOVAL action: everyone sees it again; audited. ${ADMIN}` })
  restoreContent(@Arg('input', () => RestoreContentInput, { description: 'Which removal.' }) input: RestoreContentInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.moderation.restore(ctx.viewer, databaseId(input.actionId, 'ModerationAction'), ctx.meta),
      (action) => ({ action }),
    );
  }
}

@Resolver(() => ContentReport)
export class ContentReportResolver {
  @FieldResolver(() => ID, { description: "The reported item's global id: a Message, a VolunteerPosition, a Club, an Announcement, or the volunteer's Member id for a profile." })
  targetId(@Root() row: ContentReportRow): string {
    return toGlobalId(TARGET_NODE_TYPE[row.targetType], row.targetId);
  }

  @FieldResolver(() => Member, { nullable: true, description: 'Who reported it; null once their account is gone.' })
  reporter(@Root() row: ContentReportRow, @Ctx() ctx: Context) {
    return row.reporterId ? ctx.loaders.user.load(row.reporterId) : null;
  }

  @AdminOnly()
  @FieldResolver(() => Member, { nullable: true, description: `The account answerable for the item (the sender, the club, the volunteer); null once gone. ${ADMIN_ONLY}` })
  targetOwner(@Root() row: ContentReportRow, @Ctx() ctx: Context) {
    return ctx.viewer?.isPlatformAdmin && row.targetOwnerId ? ctx.loaders.user.load(row.targetOwnerId) : null;
  }

  @AdminOnly()
  @FieldResolver(() => Member, { nullable: true, description: `The moderator who first reviewed or decided it; null before. ${ADMIN_ONLY}` })
  reviewedBy(@Root() row: ContentReportRow, @Ctx() ctx: Context) {
    return ctx.viewer?.isPlatformAdmin && row.reviewedBy ? ctx.loaders.user.load(row.reviewedBy) : null;
  }

  @FieldResolver(() => Boolean, { description: 'Whether a moderator removed the item (and it is not restored).' })
  targetRemoved(@Root() row: ContentReportRow, @Ctx() ctx: Context) {
    return ctx.loaders.targetRemoved.load(targetKey(row));
  }

  @AdminOnly()
  @FieldResolver(() => Int, { description: 'Open (pending or reviewed) reports of the same item by anyone, this one included. Platform administrators only (0 for the reporter).' })
  async openReportsOnTarget(@Root() row: ContentReportRow, @Ctx() ctx: Context) {
    return ctx.viewer?.isPlatformAdmin ? ctx.loaders.openReportsOnTarget.load(targetKey(row)) : 0;
  }

  @AdminOnly()
  @FieldResolver(() => [ModerationAction], { description: ACTIONS_TEXT })
  async actions(@Root() row: ContentReportRow, @Ctx() ctx: Context) {
    return ctx.viewer?.isPlatformAdmin ? ctx.loaders.reportActions.load(row.id) : [];
  }
}

@Resolver(() => ModerationAction)
export class ModerationActionResolver {
  @FieldResolver(() => ID, { description: "The item's global id (as ContentReport.targetId)." })
  targetId(@Root() row: ModerationActionRow): string {
    return toGlobalId(TARGET_NODE_TYPE[row.targetType], row.targetId);
  }

  @FieldResolver(() => Member, { nullable: true, description: "The account it concerned (warned, suspended, or the removed item's owner); null once gone." })
  targetUser(@Root() row: ModerationActionRow, @Ctx() ctx: Context) {
    return row.targetUserId ? ctx.loaders.user.load(row.targetUserId) : null;
  }

  @FieldResolver(() => Member, { nullable: true, description: 'The moderator; null once their account is gone.' })
  admin(@Root() row: ModerationActionRow, @Ctx() ctx: Context) {
    return row.adminId ? ctx.loaders.user.load(row.adminId) : null;
  }

  @FieldResolver(() => ContentReport, { nullable: true, description: 'The report decided; null for a restoration.' })
  report(@Root() row: ModerationActionRow, @Ctx() ctx: Context) {
    return row.reportId ? ctx.loaders.moderationReport.load(row.reportId) : null;
  }

  @FieldResolver(() => Boolean, { description: 'Whether restoreContent can undo it now: a CONTENT_REMOVAL whose item is still removed.' })
  async canRestore(@Root() row: ModerationActionRow, @Ctx() ctx: Context) {
    return row.actionType === 'content_removal' && (await ctx.loaders.targetRemoved.load(targetKey(row)));
  }
}
