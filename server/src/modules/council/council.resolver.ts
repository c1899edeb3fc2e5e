import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Public } from '../../graphql/access.js';
import type { CouncilMeetingRow } from '../../db/schema/index.js';
import { CouncilAdmin, CouncilMeeting, CouncilMeetingInput, MeetingStats, MeetingStatusEnum, PublicCouncilMeetings } from './council.types.js';

/** Drops the fields a GraphQL caller left out, so an update keeps them. */
const sent = (input: CouncilMeetingInput) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));

@Resolver(() => CouncilMeeting)
export class CouncilResolver {
  @Public()
  @Query(() => [CouncilMeeting], { description: 'Meetings, newest date first: public ones for everyone, all for council administrators. Optional status and year.' })
  councilMeetings(
    @Arg('status', () => MeetingStatusEnum, { nullable: true }) status: MeetingStatusEnum | null,
    @Arg('year', () => Int, { nullable: true }) year: number | null,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.council.list(ctx.viewer, { status, year });
  }

  @Public()
  @Query(() => PublicCouncilMeetings, { description: 'The public page: upcoming and past public meetings, optionally of one year.' })
  publicCouncilMeetings(@Arg('year', () => Int, { nullable: true }) year: number | null, @Ctx() ctx: Context) {
    return ctx.services.council.publicMeetings({ year });
  }

  @Public()
  @Query(() => [Int], { description: 'Years that have public meetings, newest first (the year filter).' })
  councilMeetingYears(@Ctx() ctx: Context) {
    return ctx.services.council.publicYears();
  }

  @Public()
  @Query(() => CouncilMeeting, { description: 'One meeting (NOT_FOUND for a non-public one unless the caller is a council administrator).' })
  councilMeeting(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.council.get(ctx.viewer, id);
  }

  @Public()
  @Query(() => MeetingStats, { description: 'Total, upcoming, completed and this year, over the meetings the caller may see.' })
  councilMeetingStats(@Ctx() ctx: Context) {
    return ctx.services.council.stats(ctx.viewer);
  }

  @Public()
  @Query(() => Boolean, { description: 'Whether the caller is a sports council administrator (false when signed out).' })
  isCouncilAdmin(@Ctx() ctx: Context) {
    return ctx.services.council.isAdmin(ctx.viewer);
  }

  @Authorized()
  @Mutation(() => CouncilMeeting, { description: 'Council administrators only. Agenda and minutes keep only the allowed tags.' })
  createCouncilMeeting(@Arg('input', () => CouncilMeetingInput) input: CouncilMeetingInput, @Ctx() ctx: Context) {
    return ctx.services.council.create(ctx.viewer, sent(input));
  }

  @Authorized()
  @Mutation(() => CouncilMeeting, { description: 'Council administrators only; omitted fields keep their values.' })
  updateCouncilMeeting(@Arg('id', () => ID) id: string, @Arg('input', () => CouncilMeetingInput) input: CouncilMeetingInput, @Ctx() ctx: Context) {
    return ctx.services.council.update(ctx.viewer, id, sent(input));
  }

  @Authorized()
  @Mutation(() => ID, { description: 'Council administrators only; answers the id.' })
  deleteCouncilMeeting(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.council.delete(ctx.viewer, id);
  }

  @Authorized('platform_admin')
  @Query(() => [CouncilAdmin], { description: 'Accounts granted the council administrator role (platform administrators hold it without a grant).' })
  councilAdmins(@Ctx() ctx: Context) {
    return ctx.services.council.admins(ctx.viewer);
  }

  @Authorized('platform_admin')
  @Mutation(() => CouncilAdmin, { description: "Makes the account with this email a council administrator." })
  grantCouncilAdmin(@Arg('email', () => String) email: string, @Ctx() ctx: Context) {
    return ctx.services.council.grant(ctx.viewer, email);
  }

  @Authorized('platform_admin')
  @Mutation(() => Boolean, { description: 'Removes the grant for this email; answers whether there was one.' })
  revokeCouncilAdmin(@Arg('email', () => String) email: string, @Ctx() ctx: Context) {
    return ctx.services.council.revoke(ctx.viewer, email);
  }

  @FieldResolver(() => String, { description: "The meeting's 'Add to calendar' file (.ics)." })
  calendarUrl(@Root() meeting: CouncilMeetingRow) {
    return `/api/sports-council/meetings/${meeting.id}.ics`;
  }
}
