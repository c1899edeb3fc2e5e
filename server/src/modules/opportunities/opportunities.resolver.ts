// Opportunities and volunteer applications: the browser, the volunteer's applications and stats,
// one application, the apply/withdraw/accept/reject and status mutations, and the volunteer side's
// fields of VolunteerPosition. Thin: rules live in the module's services, relations go through
// the per-request DataLoaders (opportunities.loaders.ts).
import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { AdminOnly, Public, RequiresScope, SessionOnly, ReadScope } from '../../graphql/access.js';
import { mutate } from '../../graphql/payload.js';
import { connectionOfList, databaseId, requireDatabaseId } from '../../graphql/relay.js';
import { registerNodeType } from '../../graphql/node.resolver.js';
import type { Shown } from '../../db/columns.js';
import type { ClubVolunteerPositionRow, VolunteerApplicationEventRow, VolunteerApplicationRow } from '../../db/schema/index.js';
import { Member } from '../users/users.types.js';
import { Club } from '../clubs/clubs.types.js';
import { forgetPositions, POSITION_NOT_FOUND } from '../clubs/volunteer-positions.service.js';
import { VolunteerPosition, VolunteerPositionConnection } from '../clubs/volunteer-positions.types.js';
import { VolunteerProfile } from '../volunteers/volunteers.types.js';
import { visibleProfile } from '../volunteers/volunteers.service.js';
import { forgetApplication } from './opportunities.loaders.js';
import { visiblePositions } from './position-visibility.service.js';
import { managesPosition } from './opportunities.service.js';
import { canSeeApplication } from './volunteer-applications.service.js';
import {
  APPLICATION_HISTORY_MAX,
  APPLICATION_MESSAGES_TEXT,
  APPLICATIONS_PAGE_SIZE,
  OPPORTUNITIES_PAGE_SIZE,
  OPPORTUNITY_MESSAGES,
  OPPORTUNITY_SKILLS_MAX,
  PLACES_MESSAGES,
} from './opportunities.rules.js';
import { SHIFT_MESSAGES } from './shifts.rules.js';
import {
  AcceptVolunteerApplicationInput,
  AcceptVolunteerApplicationPayload,
  APPLICATION_VISIBILITY,
  ApplyToOpportunityInput,
  ApplyToOpportunityPayload,
  MyVolunteerApplicationsArgs,
  OpportunitiesArgs,
  PositionApplicationsArgs,
  RejectVolunteerApplicationInput,
  RejectVolunteerApplicationPayload,
  SetOpportunityStatusInput,
  SetOpportunityStatusPayload,
  VolunteerApplication,
  VolunteerApplicationConnection,
  VolunteerApplicationCounts,
  VolunteerApplicationEvent,
  VolunteerApplicationStats,
  WithdrawVolunteerApplicationInput,
  WithdrawVolunteerApplicationPayload,
  WaitlistVolunteerApplicationInput,
  WaitlistVolunteerApplicationPayload,
  AnswerPlaceOfferInput,
  AnswerPlaceOfferPayload,
  AnswerPlaceOfferByLinkInput,
  AnswerPlaceOfferByLinkPayload,
  PlaceOfferLink,
} from './opportunities.types.js';
import { OfferAnswerEnum } from './opportunity-enums.types.js';

/** The statuses of an open application (it holds or waits for a place). */
const OPEN: readonly string[] = ['pending', 'waitlisted', 'offered', 'accepted'];

const applicationId = (id: string) => requireDatabaseId(id, 'VolunteerApplication', 'id', APPLICATION_MESSAGES_TEXT.notFound);

/** The applications the caller may see (its volunteer, its club's owner, administrators); to its
 *  volunteer not while its position or club is removed by a moderator (as myVolunteerApplications). */
async function visibleApplications(ctx: Context, ids: readonly string[]): Promise<Array<VolunteerApplicationRow | null>> {
  if (!ctx.viewer) return ids.map(() => null);
  const rows = await ctx.loaders.application.loadMany([...ids]);
  return Promise.all(
    rows.map(async (row) => {
      if (!row || row instanceof Error || !canSeeApplication(ctx.viewer, row)) return null;
      if (managesPosition(ctx.viewer, row.clubId)) return row;
      const [position, club] = await Promise.all([ctx.loaders.position.load(row.positionId), ctx.loaders.club.load(row.clubId)]);
      return position && !position.removedAt && club && !club.removedAt ? row : null;
    }),
  );
}

registerNodeType('VolunteerApplication', 'read:volunteering', visibleApplications);

@Resolver(() => VolunteerApplication)
export class VolunteerApplicationResolver {
  // ---- queries ----------------------------------------------------------------------------------

  @Public()
  @ReadScope('read:public')
  @Query(() => VolunteerPositionConnection, {
    description: `The opportunities browser: live, ACTIVE positions of approved clubs, newest first, ${OPPORTUNITIES_PAGE_SIZE} a page unless \`first\` or \`last\` says, optionally matching words, one required skill, one sport and a location.`,
  })
  async opportunities(@Args(() => OpportunitiesArgs) args: OpportunitiesArgs, @Ctx() ctx: Context) {
    const page = await ctx.services.opportunities.list({ ...args });
    for (const row of page.nodes) ctx.loaders.position.prime(row.id, row);
    return page;
  }

  @Public()
  @ReadScope('read:public')
  @Query(() => VolunteerPosition, {
    nullable: true,
    description:
      "One opportunity by its position's global id, whatever its status (so a page can say it was filled or cancelled), with the visibility of `node(id:)`: a live position of an approved club; every position to its club's owner and platform administrators; and to a volunteer who applied to it. Null otherwise.",
  })
  async opportunity(@Arg('id', () => ID, { description: "The position's global id." }) id: string, @Ctx() ctx: Context) {
    const uuid = databaseId(id, 'VolunteerPosition');
    return uuid ? (await visiblePositions(ctx, [uuid]))[0] : null;
  }

  @Public()
  @ReadScope('read:public')
  @Query(() => [String], {
    description: `The skill filter's options: the distinct required skills of open opportunities (live, active, approved clubs), most used first, at most ${OPPORTUNITY_SKILLS_MAX}.`,
  })
  opportunitySkills(@Ctx() ctx: Context) {
    return ctx.services.opportunities.skills();
  }

  @Authorized()
  @ReadScope('read:volunteering')
  @Query(() => VolunteerApplicationConnection, {
    description: `The caller's volunteer applications, ${APPLICATIONS_PAGE_SIZE} a page unless \`first\` or \`last\` says, in the order \`sort\` says (NEWEST unless said), optionally of one status.`,
  })
  async myVolunteerApplications(@Args(() => MyVolunteerApplicationsArgs) args: MyVolunteerApplicationsArgs, @Ctx() ctx: Context) {
    const page = await ctx.services.applicationLists.mine(ctx.viewer!, { ...args });
    for (const row of page.nodes) ctx.loaders.application.prime(row.id, row);
    return page;
  }

  @Authorized()
  @ReadScope('read:volunteering')
  @Query(() => VolunteerApplicationStats, { description: "The caller's volunteer applications counted by status." })
  myVolunteerApplicationStats(@Ctx() ctx: Context) {
    return ctx.services.applicationLists.stats(ctx.viewer!);
  }

  @Authorized()
  @ReadScope('read:volunteering')
  @Query(() => VolunteerApplication, { nullable: true, description: `One volunteer application by global id. ${APPLICATION_VISIBILITY}` })
  async volunteerApplication(@Arg('id', () => ID, { description: "The application's global id." }) id: string, @Ctx() ctx: Context) {
    const uuid = databaseId(id, 'VolunteerApplication');
    return uuid ? (await visibleApplications(ctx, [uuid]))[0] : null;
  }

  // ---- mutations --------------------------------------------------------------------------------

  @Authorized()
  @RequiresScope('volunteer:write')
  @Mutation(() => ApplyToOpportunityPayload, {
    description:
      "Applies to an opportunity with a message to the club: the caller needs a volunteer profile; the position must be live, ACTIVE and of an approved club other than the caller's; one open (pending or accepted) application per volunteer and position. The club's owner is notified at once (and emailed, per the club's settings).",
  })
  applyToOpportunity(@Arg('input', () => ApplyToOpportunityInput, { description: 'The position and the message.' }) input: ApplyToOpportunityInput, @Ctx() ctx: Context) {
    return mutate(
      () =>
        ctx.services.volunteerApplications.apply(ctx.viewer!, requireDatabaseId(input.positionId, 'VolunteerPosition', 'positionId', OPPORTUNITY_MESSAGES.notFound), {
          message: input.message,
          idempotencyKey: input.idempotencyKey,
          shiftIds: (input.shiftIds ?? []).slice(0, 200).map((id) => requireDatabaseId(id, 'PositionShift', 'shiftIds', SHIFT_MESSAGES.notOpen)),
        }),
      (application) => {
        forgetApplication(ctx.loaders, application);
        return { application };
      },
    );
  }

  @Authorized()
  @RequiresScope('volunteer:write')
  @Mutation(() => WithdrawVolunteerApplicationPayload, {
    description: `Withdraws one of the caller's open applications: pending, on the waiting list, offered a place or accepted ('${APPLICATION_MESSAGES_TEXT.onlyPendingWithdraw}'); anyone else's is the user error NOT_FOUND. A place it held goes to the waiting list at once, by the position's policy. The club's owner is notified at once (and emailed, per the club's settings).`,
  })
  withdrawVolunteerApplication(@Arg('input', () => WithdrawVolunteerApplicationInput, { description: 'Which application.' }) input: WithdrawVolunteerApplicationInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.volunteerApplications.withdraw(ctx.viewer!, applicationId(input.id)),
      (application) => {
        forgetApplication(ctx.loaders, application);
        return { application };
      },
    );
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => AcceptVolunteerApplicationPayload, {
    description: `Accepts a pending or waitlisted application to the caller's club ('${APPLICATION_MESSAGES_TEXT.onlyPendingReview}') while the position has a free place ('${PLACES_MESSAGES.full(1)}' for one place) and the volunteer's required check is verified; any other club's is the user error NOT_FOUND. The volunteer is notified at once.`,
  })
  acceptVolunteerApplication(@Arg('input', () => AcceptVolunteerApplicationInput, { description: 'Which application, and an optional note.' }) input: AcceptVolunteerApplicationInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.volunteerApplications.review(ctx.viewer!, applicationId(input.id), 'accepted', input.note),
      (application) => {
        forgetApplication(ctx.loaders, application);
        return { application };
      },
    );
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => RejectVolunteerApplicationPayload, {
    description: `Rejects an open application to the caller's club: pending, waitlisted, offered or accepted ('${APPLICATION_MESSAGES_TEXT.onlyOpenReject}'); a place it held goes to the waiting list at once. Any other club's is the user error NOT_FOUND. The volunteer is notified at once.`,
  })
  rejectVolunteerApplication(@Arg('input', () => RejectVolunteerApplicationInput, { description: 'Which application, and an optional note.' }) input: RejectVolunteerApplicationInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.volunteerApplications.review(ctx.viewer!, applicationId(input.id), 'rejected', input.note),
      (application) => {
        forgetApplication(ctx.loaders, application);
        return { application };
      },
    );
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => WaitlistVolunteerApplicationPayload, {
    description: `Puts a pending application to the caller's club on the position's waiting list ('${APPLICATION_MESSAGES_TEXT.onlyPendingWaitlist}'), last in line; any other club's is the user error NOT_FOUND. The volunteer is told their place in line.`,
  })
  waitlistVolunteerApplication(@Arg('input', () => WaitlistVolunteerApplicationInput, { description: 'Which application, and an optional note.' }) input: WaitlistVolunteerApplicationInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.volunteerApplications.review(ctx.viewer!, applicationId(input.id), 'waitlisted', input.note),
      (application) => {
        forgetApplication(ctx.loaders, application);
        return { application };
      },
    );
  }

  @Authorized()
  @RequiresScope('volunteer:write')
  @Mutation(() => AnswerPlaceOfferPayload, {
    description: `Takes (ACCEPTED) or refuses (WITHDRAWN; the place goes to the next in line) a place offered to the caller, before its deadline ('${PLACES_MESSAGES.offerExpired}'; an answered or withdrawn offer: '${PLACES_MESSAGES.notOffered}'). Anyone else's application is the user error NOT_FOUND. The club is told.`,
  })
  answerPlaceOffer(@Arg('input', () => AnswerPlaceOfferInput, { description: 'Which application, and the answer.' }) input: AnswerPlaceOfferInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.volunteerOffers.answerOffer(ctx.viewer!, applicationId(input.id), input.answer),
      (application) => {
        forgetApplication(ctx.loaders, application);
        return { application };
      },
    );
  }

  @Public()
  @ReadScope('read:public')
  @Query(() => PlaceOfferLink, {
    nullable: true,
    description: "What a one-tap link from a place offer's email would do: the position, the club, the answer and whether the offer still stands. Changes nothing (mail scanners open links). Null when the link is forged, expired or its application is gone.",
  })
  async placeOfferLink(@Arg('token', () => String, { description: 'The token of the link.' }) token: string, @Ctx() ctx: Context): Promise<PlaceOfferLink | null> {
    const view = await ctx.services.volunteerOffers.linkView(token);
    if (!view) return null;
    const [position, club] = await Promise.all([ctx.loaders.position.load(view.application.positionId), ctx.loaders.club.load(view.application.clubId)]);
    if (!position || !club) return null;
    return { positionTitle: position.title, clubName: club.name, answer: view.answer as OfferAnswerEnum, open: view.open, offerExpiresAt: view.open ? view.row.offerExpiresAt : null };
  }

  @Public()
  @SessionOnly()
  @Mutation(() => AnswerPlaceOfferByLinkPayload, {
    description: `Applies a one-tap link from a place offer's email for the volunteer it was sent to, with the rules of answerPlaceOffer; no sign-in needed (the signed link is the authority), and only for the offer it was made for. A forged or expired link: NOT_FOUND '${PLACES_MESSAGES.linkInvalid}'.`,
  })
  answerPlaceOfferByLink(@Arg('input', () => AnswerPlaceOfferByLinkInput, { description: 'The link.' }) input: AnswerPlaceOfferByLinkInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.volunteerOffers.answerByLink(input.token),
      (application) => {
        forgetApplication(ctx.loaders, application);
        return { application };
      },
    );
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => SetOpportunityStatusPayload, {
    description:
      "Marks one of the caller's club's positions FILLED or CANCELLED, or reactivates it (ACTIVE): active to filled or cancelled, filled to cancelled, and any other back to active. Another club's position is FORBIDDEN; an unknown id is the user error NOT_FOUND.",
  })
  setOpportunityStatus(@Arg('input', () => SetOpportunityStatusInput, { description: 'Which position, and its new status.' }) input: SetOpportunityStatusInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.opportunities.setStatus(ctx.viewer!, requireDatabaseId(input.id, 'VolunteerPosition', 'id', POSITION_NOT_FOUND), input.status),
      (position) => {
        forgetPositions(ctx.loaders, position.clubId);
        ctx.loaders.position.clear(position.id).prime(position.id, position);
        return { position };
      },
    );
  }

  // ---- fields -----------------------------------------------------------------------------------

  @FieldResolver(() => VolunteerPosition, { description: 'The position applied for (even if it has been hidden since).' })
  async position(@Root() row: VolunteerApplicationRow, @Ctx() ctx: Context) {
    return ctx.loaders.position.load(row.positionId);
  }

  @FieldResolver(() => Club, { description: 'The club of the position.' })
  club(@Root() row: VolunteerApplicationRow, @Ctx() ctx: Context) {
    return ctx.loaders.club.load(row.clubId);
  }

  @FieldResolver(() => Member, { description: 'The volunteer who applied.' })
  volunteer(@Root() row: VolunteerApplicationRow, @Ctx() ctx: Context) {
    return ctx.loaders.user.load(row.volunteerId);
  }

  @FieldResolver(() => VolunteerProfile, { nullable: true, description: "The volunteer's profile (its email only for the volunteer and administrators); null if it is gone." })
  volunteerProfile(@Root() row: VolunteerApplicationRow, @Ctx() ctx: Context) {
    return visibleProfile(ctx, row.volunteerId);
  }

  @FieldResolver(() => [VolunteerApplicationEvent], { description: `Every status it has had, oldest first (at most ${APPLICATION_HISTORY_MAX}).` })
  history(@Root() row: VolunteerApplicationRow, @Ctx() ctx: Context) {
    return ctx.loaders.applicationHistory.load(row.id);
  }

  @FieldResolver(() => Boolean, { description: 'Whether the caller may withdraw it: the caller applied and it is pending, on the waiting list, offered a place or accepted.' })
  canWithdraw(@Root() row: VolunteerApplicationRow, @Ctx() ctx: Context): boolean {
    return ctx.viewer?.userId === row.volunteerId && OPEN.includes(row.status);
  }

  @FieldResolver(() => Boolean, { description: "Whether the caller may accept it: the caller owns the position's club, it is pending or on the waiting list (a full position still refuses), and the position has no shifts (then each shift is decided)." })
  async canReview(@Root() row: VolunteerApplicationRow, @Ctx() ctx: Context): Promise<boolean> {
    if (ctx.viewer?.userId !== row.clubId || (row.status !== 'pending' && row.status !== 'waitlisted')) return false;
    return (await ctx.loaders.shiftsOfPosition.load(row.positionId)).length === 0;
  }

  @FieldResolver(() => Boolean, { description: "Whether the caller may reject it: the caller owns the position's club and it is open (pending, waitlisted, offered or accepted)." })
  canReject(@Root() row: VolunteerApplicationRow, @Ctx() ctx: Context): boolean {
    return ctx.viewer?.userId === row.clubId && OPEN.includes(row.status);
  }

  @FieldResolver(() => Boolean, { description: "Whether the caller may put it on the waiting list: the caller owns the position's club, it is pending, and the position has no shifts (then each shift is decided)." })
  async canWaitlist(@Root() row: VolunteerApplicationRow, @Ctx() ctx: Context): Promise<boolean> {
    if (ctx.viewer?.userId !== row.clubId || row.status !== 'pending') return false;
    return (await ctx.loaders.shiftsOfPosition.load(row.positionId)).length === 0;
  }

  @FieldResolver(() => Boolean, { description: 'Whether the caller may take or refuse the place offered: the caller applied, it is OFFERED and its deadline has not passed.' })
  canAnswerOffer(@Root() row: VolunteerApplicationRow, @Ctx() ctx: Context): boolean {
    return ctx.viewer?.userId === row.volunteerId && row.status === 'offered' && row.offerExpiresAt !== null && row.offerExpiresAt.getTime() > Date.now();
  }

  @FieldResolver(() => Int, { nullable: true, description: 'While WAITLISTED or OFFERED: its place in the position’s line, from 1; null otherwise.' })
  linePosition(@Root() row: VolunteerApplicationRow, @Ctx() ctx: Context): Promise<number | null> {
    return ctx.services.volunteerPlaces.linePlace('application', { id: row.id, slotId: row.positionId, status: row.status, queuedAt: row.queuedAt });
  }
}

@Resolver(() => VolunteerApplicationEvent)
export class VolunteerApplicationEventResolver {
  @FieldResolver(() => Member, { nullable: true, description: 'Who set the status (the volunteer or the club); null when that account is gone.' })
  actor(@Root() event: VolunteerApplicationEventRow, @Ctx() ctx: Context) {
    return event.actorId ? ctx.loaders.user.load(event.actorId) : null;
  }
}

@Resolver(() => VolunteerPosition)
export class OpportunityPositionResolver {
  @FieldResolver(() => Boolean, {
    description:
      "Whether the caller may apply: the position is live and ACTIVE, or FILLED by itself (then the application joins the waiting list, see `joinsWaitlist`), its club approved, the caller is not its club's owner and has no open (pending, waitlisted, offered or accepted) application to it. True for signed-out visitors when the position is open (they sign in to apply).",
  })
  async canApply(@Root() position: Shown<ClubVolunteerPositionRow>, @Ctx() ctx: Context): Promise<boolean> {
    const takes = position.status === 'active' || (position.status === 'filled' && position.autoFilled);
    if (!takes || !position.isLive || position.removedAt || ctx.viewer?.userId === position.clubId) return false;
    const club = await ctx.loaders.club.load(position.clubId);
    if (club?.applicationStatus !== 'approved' || club.removedAt) return false;
    if (!ctx.viewer) return true;
    const latest = await ctx.loaders.latestApplication.load(`${ctx.viewer.userId}:${position.id}`);
    return !latest || !OPEN.includes(latest.status);
  }

  @FieldResolver(() => Int, { description: 'How many volunteers it has accepted ("N of M places filled").' })
  async placesFilled(@Root() position: Shown<ClubVolunteerPositionRow>, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.lineCounts.load(position.id)).accepted;
  }

  @FieldResolver(() => Int, { nullable: true, description: 'How many places are free ("N places left"): places minus those accepted or offered; null when it has no limit.' })
  async placesLeft(@Root() position: Shown<ClubVolunteerPositionRow>, @Ctx() ctx: Context): Promise<number | null> {
    if (position.places === null) return null;
    const counts = await ctx.loaders.lineCounts.load(position.id);
    return Math.max(0, position.places - counts.accepted - counts.offered);
  }

  @FieldResolver(() => Int, { description: 'How many volunteers wait on its waiting list (offered ones not counted).' })
  async waitlistLength(@Root() position: Shown<ClubVolunteerPositionRow>, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.lineCounts.load(position.id)).waiting;
  }

  @FieldResolver(() => Boolean, { description: 'Whether it is FILLED by its places (not marked filled by the club): a freed place makes it ACTIVE again; marking it FILLED closes its waiting list to new applicants.' })
  filledByPlaces(@Root() position: Shown<ClubVolunteerPositionRow>): boolean {
    return position.status === 'filled' && position.autoFilled;
  }

  @FieldResolver(() => Boolean, { description: 'Whether applying now joins the waiting list: every place is taken and the club has not closed it.' })
  async joinsWaitlist(@Root() position: Shown<ClubVolunteerPositionRow>, @Ctx() ctx: Context): Promise<boolean> {
    if (position.places === null || position.status === 'cancelled' || (position.status === 'filled' && !position.autoFilled)) return false;
    const counts = await ctx.loaders.lineCounts.load(position.id);
    return counts.accepted + counts.offered >= position.places;
  }

  @FieldResolver(() => VolunteerApplication, { nullable: true, description: "The caller's latest application to it, whatever its status; null when none or signed out." })
  myApplication(@Root() position: Shown<ClubVolunteerPositionRow>, @Ctx() ctx: Context) {
    return ctx.viewer ? ctx.loaders.latestApplication.load(`${ctx.viewer.userId}:${position.id}`) : null;
  }

  @AdminOnly()
  @ReadScope('read:volunteering')
  @FieldResolver(() => VolunteerApplicationConnection, {
    description: `Its applications, newest first, ${APPLICATIONS_PAGE_SIZE} a page unless \`first\` or \`last\` says, optionally of one status: for its club's owner and platform administrators; an empty list (totalCount 0) for everyone else.`,
  })
  applications(@Root() position: Shown<ClubVolunteerPositionRow>, @Args(() => PositionApplicationsArgs) args: PositionApplicationsArgs, @Ctx() ctx: Context) {
    const { status, ...page } = args;
    if (!managesPosition(ctx.viewer, position.clubId)) return connectionOfList([], page, () => [], APPLICATIONS_PAGE_SIZE, 'positionApplications');
    return ctx.loaders.positionApplications.load({ positionId: position.id, status: status ?? null, page });
  }

  @AdminOnly()
  @ReadScope('read:volunteering')
  @FieldResolver(() => VolunteerApplicationCounts, {
    nullable: true,
    description: "Its applications counted by status: for its club's owner and platform administrators; null for everyone else.",
  })
  applicationCounts(@Root() position: Shown<ClubVolunteerPositionRow>, @Ctx() ctx: Context) {
    return managesPosition(ctx.viewer, position.clubId) ? ctx.loaders.applicationCounts.load(position.id) : null;
  }
}
