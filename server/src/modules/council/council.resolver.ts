import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Public, RequiresScope, ReadScope } from '../../graphql/access.js';
import { mutate } from '../../graphql/payload.js';
import { PageArgs, databaseId, requireDatabaseId, toGlobalId } from '../../graphql/relay.js';
import { registerNodeType } from '../../graphql/node.resolver.js';
import type { CouncilMeetingRow } from '../../db/schema/index.js';
import { Member } from '../users/users.types.js';
import { MEETING_NOT_FOUND, type CouncilAdminEntry } from './council.service.js';
import { meetingPath } from './council.ics.js';
import {
  CouncilAdmin,
  CouncilAdminConnection,
  CouncilMeeting,
  CouncilMeetingConnection,
  CouncilMeetingStats,
  CreateCouncilMeetingInput,
  CreateCouncilMeetingPayload,
  DeleteCouncilMeetingInput,
  DeleteCouncilMeetingPayload,
  GrantCouncilAdminInput,
  GrantCouncilAdminPayload,
  MeetingStatusEnum,
  PublicCouncilMeetings,
  RevokeCouncilAdminInput,
  RevokeCouncilAdminPayload,
  UpdateCouncilMeetingInput,
  UpdateCouncilMeetingPayload,
} from './council.types.js';

/** The meeting fields a caller sent; omitted ones stay absent, so an update keeps them. A null
 *  status or isPublic is not a value either (only time, location, agenda and minutes can be emptied). */
function sent(input: object): Record<string, unknown> {
  const keepOnNull = new Set(['status', 'isPublic']);
  return Object.fromEntries(Object.entries(input).filter(([name, v]) => name !== 'id' && v !== undefined && !(v === null && keepOnNull.has(name))));
}

const YEAR_DESCRIPTION = 'Only meetings dated in this year (1900 to 2200).';

// A meeting is fetched again with the same visibility as councilMeeting(id).
registerNodeType('CouncilMeeting', 'read:public', async (ctx, ids) => {
  const rows = new Map((await ctx.services.council.byIds(ctx.viewer, ids)).map((row) => [row.id, row]));
  return ids.map((id) => rows.get(id) ?? null);
});

@Resolver(() => CouncilMeeting)
export class CouncilResolver {
  @Public()
  @ReadScope('read:public')
  @Query(() => CouncilMeetingConnection, {
    description: 'Meetings, latest date (then latest time) first, 50 a page unless `first` or `last` says: public ones for everyone, every one for council administrators.',
  })
  councilMeetings(
    @Arg('status', () => MeetingStatusEnum, { nullable: true, description: 'Only meetings with this status.' }) status: MeetingStatusEnum | null,
    @Arg('year', () => Int, { nullable: true, description: YEAR_DESCRIPTION }) year: number | null,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.council.list(ctx.viewer, { status, year }, page);
  }

  @Public()
  @ReadScope('read:public')
  @Query(() => PublicCouncilMeetings, {
    description: "The public meetings page: today's date in the council's time zone and the upcoming and past lists judged against it, optionally of one year.",
  })
  publicCouncilMeetings(@Arg('year', () => Int, { nullable: true, description: YEAR_DESCRIPTION }) year: number | null, @Ctx() ctx: Context): PublicCouncilMeetings {
    return { today: ctx.services.council.today(), year };
  }

  @Public()
  @ReadScope('read:public')
  @Query(() => [Int], { description: 'Years that have public meetings, newest first (the year filter; at most one per year from 1900 to 2200).' })
  councilMeetingYears(@Ctx() ctx: Context) {
    return ctx.services.council.publicYears();
  }

  @Public()
  @ReadScope('read:public')
  @Query(() => CouncilMeeting, { nullable: true, description: 'One meeting; null when there is none or the caller may not see it (a non-public one, unless a council administrator).' })
  async councilMeeting(@Arg('id', () => ID, { description: "The meeting's global id." }) id: string, @Ctx() ctx: Context) {
    const uuid = databaseId(id, 'CouncilMeeting');
    if (!uuid) return null;
    const [row] = await ctx.services.council.byIds(ctx.viewer, [uuid]);
    return row ?? null;
  }

  @Public()
  @ReadScope('read:public')
  @Query(() => CouncilMeetingStats, { description: "Total, upcoming, completed and this year's meetings, over the meetings the caller may see." })
  councilMeetingStats(@Ctx() ctx: Context) {
    return ctx.services.council.stats(ctx.viewer);
  }

  @Authorized()
  @RequiresScope('council:write')
  @Mutation(() => CreateCouncilMeetingPayload, {
    description: "Adds a meeting. Council administrators only (others: FORBIDDEN 'Only sports council administrators can manage meetings.'). Agenda and minutes keep only the allowed tags.",
  })
  createCouncilMeeting(@Arg('input', () => CreateCouncilMeetingInput, { description: 'The meeting.' }) input: CreateCouncilMeetingInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.council.create(ctx.viewer, sent(input)),
      (meeting) => ({ meeting }),
    );
  }

  @Authorized()
  @RequiresScope('council:write')
  @Mutation(() => UpdateCouncilMeetingPayload, {
    description: "Changes a meeting; omitted fields keep their values. Council administrators only (FORBIDDEN otherwise); an unknown id is a NOT_FOUND user error 'Meeting not found'.",
  })
  updateCouncilMeeting(@Arg('input', () => UpdateCouncilMeetingInput, { description: 'The meeting and its changes.' }) input: UpdateCouncilMeetingInput, @Ctx() ctx: Context) {
    return mutate(
      async () => {
        ctx.services.council.requireAdmin(ctx.viewer);
        return ctx.services.council.update(ctx.viewer, requireDatabaseId(input.id, 'CouncilMeeting', 'id', MEETING_NOT_FOUND), sent(input));
      },
      (meeting) => ({ meeting }),
    );
  }

  @Authorized()
  @RequiresScope('council:write')
  @Mutation(() => DeleteCouncilMeetingPayload, {
    description: "Deletes a meeting. Council administrators only (FORBIDDEN otherwise); an unknown id is a NOT_FOUND user error 'Meeting not found'.",
  })
  deleteCouncilMeeting(@Arg('input', () => DeleteCouncilMeetingInput, { description: 'The meeting.' }) input: DeleteCouncilMeetingInput, @Ctx() ctx: Context) {
    return mutate(
      async () => {
        ctx.services.council.requireAdmin(ctx.viewer);
        return ctx.services.council.delete(ctx.viewer, requireDatabaseId(input.id, 'CouncilMeeting', 'id', MEETING_NOT_FOUND));
      },
      (id) => ({ deletedMeetingId: toGlobalId('CouncilMeeting', id) }),
    );
  }

  @Authorized('platform_admin')
  @ReadScope('read:admin')
  @Query(() => CouncilAdminConnection, {
    description: 'Emails granted the council administrator role, by email, 50 a page unless `first` or `last` says. Platform administrators only (they hold the role without a grant).',
  })
  councilAdmins(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: Context) {
    return ctx.services.council.admins(ctx.viewer, page);
  }

  @Authorized('platform_admin')
  @RequiresScope('admin')
  @Mutation(() => GrantCouncilAdminPayload, {
    description: "Makes the account with this email a council administrator (from its next request). Platform administrators only; an email no account uses is a NOT_FOUND user error 'No account uses this email address.'",
  })
  grantCouncilAdmin(@Arg('input', () => GrantCouncilAdminInput, { description: 'Whom to grant.' }) input: GrantCouncilAdminInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.council.grant(ctx.viewer, input.email),
      (councilAdmin) => ({ councilAdmin }),
    );
  }

  @Authorized('platform_admin')
  @RequiresScope('admin')
  @Mutation(() => RevokeCouncilAdminPayload, { description: 'Removes the grant of this email (platform administrators only); answers whether there was one.' })
  revokeCouncilAdmin(@Arg('input', () => RevokeCouncilAdminInput, { description: 'Whose grant to remove.' }) input: RevokeCouncilAdminInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.council.revoke(ctx.viewer, input.email),
      (revoked) => ({ revoked }),
    );
  }

  @FieldResolver(() => String, { description: "The meeting's 'Add to calendar' file (.ics), as a path of this site." })
  calendarUrl(@Root() meeting: CouncilMeetingRow) {
    return `/api/sports-council/meetings/${meeting.id}.ics`;
  }

  @FieldResolver(() => String, {
    description: "The meeting's own public page, as a path of this site (`/sports-council/meetings/{id}`): the address the calendar feed links each event to.",
  })
  url(@Root() meeting: CouncilMeetingRow) {
    return meetingPath(meeting.id);
  }
}

@Resolver(() => PublicCouncilMeetings)
export class PublicCouncilMeetingsResolver {
  @FieldResolver(() => CouncilMeetingConnection, {
    description: 'Upcoming meetings: status upcoming (any date), or completed and dated today or later; soonest first, 50 a page unless `first` or `last` says.',
  })
  upcoming(@Root() root: PublicCouncilMeetings, @Args(() => PageArgs) page: PageArgs, @Ctx() ctx: Context) {
    return ctx.services.council.publicList('upcoming', root, page);
  }

  @FieldResolver(() => CouncilMeetingConnection, {
    description: 'Past meetings and their minutes: completed and dated before today; latest first, 50 a page unless `first` or `last` says.',
  })
  past(@Root() root: PublicCouncilMeetings, @Args(() => PageArgs) page: PageArgs, @Ctx() ctx: Context) {
    return ctx.services.council.publicList('past', root, page);
  }
}

@Resolver(() => CouncilAdmin)
export class CouncilAdminResolver {
  @FieldResolver(() => Member, { nullable: true, description: 'The account using this email; null when none does.' })
  member(@Root() entry: CouncilAdminEntry, @Ctx() ctx: Context) {
    return entry.userId ? ctx.loaders.user.load(entry.userId) : null;
  }
}
