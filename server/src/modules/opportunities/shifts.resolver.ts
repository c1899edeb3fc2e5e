// Shifts of volunteer positions (issue 30 §1): a position's shifts, a shift's places and line, the
// sign-ups and swaps, and their mutations. Thin: rules live in shifts.service.ts, the line engine
// (volunteer-places.service.ts) and its offers (volunteer-offers.service.ts); relations go through
// the per-request loaders (shifts.loaders.ts).
import { Arg, Args, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { AdminOnly, RequiresScope, ReadScope } from '../../graphql/access.js';
import { mutate } from '../../graphql/payload.js';
import { connectionOfList, PageArgs, requireDatabaseId, toGlobalId } from '../../graphql/relay.js';
import { registerNodeType } from '../../graphql/node.resolver.js';
import type { Shown } from '../../db/columns.js';
import type { ClubVolunteerPositionRow, PositionShiftRow, ShiftSignupRow, ShiftSwapRow, VolunteerApplicationRow } from '../../db/schema/index.js';
import type { Viewer } from '../../lib/viewer.js';
import { Member } from '../users/users.types.js';
import { VolunteerPosition } from '../clubs/volunteer-positions.types.js';
import { OPPORTUNITY_MESSAGES } from './opportunities.rules.js';
import { managesPosition } from './opportunities.service.js';
import { visiblePositions } from './position-visibility.service.js';
import { forgetShifts } from './shifts.loaders.js';
import { SHIFT_MESSAGES as S, SWAP_LIMITS } from './shifts.rules.js';
import { OfferAnswerEnum } from './opportunity-enums.types.js';
import { VolunteerApplication } from './opportunities.types.js';
import {
  AddPositionShiftsInput,
  AddPositionShiftsPayload,
  AnswerShiftOfferInput,
  AnswerShiftOfferPayload,
  AnswerShiftSwapInput,
  AnswerShiftSwapPayload,
  CancelPositionShiftInput,
  CancelPositionShiftPayload,
  CancelShiftSwapInput,
  CancelShiftSwapPayload,
  DecideShiftSignupInput,
  DecideShiftSignupPayload,
  PositionShift,
  PositionShiftConnection,
  PositionShiftsArgs,
  ProposeShiftSwapInput,
  ProposeShiftSwapPayload,
  ShiftSignup,
  ShiftSignupConnection,
  ShiftSwap,
  ShiftSwapConnection,
  ShiftTeammate,
  UpdatePositionShiftInput,
  UpdatePositionShiftPayload,
  WithdrawShiftSignupInput,
  WithdrawShiftSignupPayload,
} from './shifts.types.js';

const SHIFTS_PAGE_SIZE = 20;
const shiftId = (id: string, field = 'id') => requireDatabaseId(id, 'PositionShift', field, S.notFound);
const signupId = (id: string, field = 'id') => requireDatabaseId(id, 'ShiftSignup', field, S.signupNotFound);
const swapId = (id: string) => requireDatabaseId(id, 'ShiftSwap', 'id', S.swapNotFound);

const canSeeSignup = (viewer: Viewer | null, row: Pick<ShiftSignupRow, 'volunteerId' | 'clubId'>) => viewer !== null && (viewer.userId === row.volunteerId || managesPosition(viewer, row.clubId));

/** Shifts whose position the caller may see. */
async function visibleShifts(ctx: Context, ids: readonly string[]): Promise<Array<PositionShiftRow | null>> {
  const rows = await ctx.loaders.shift.loadMany([...ids]);
  const found = rows.map((r) => (r && !(r instanceof Error) ? r : null));
  const positions = await visiblePositions(
    ctx,
    found.map((r) => r?.positionId ?? '00000000-0000-0000-0000-000000000000'),
  );
  return found.map((r, i) => (r && positions[i] ? r : null));
}

async function visibleSignups(ctx: Context, ids: readonly string[]): Promise<Array<ShiftSignupRow | null>> {
  const rows = await ctx.loaders.signup.loadMany([...ids]);
  return rows.map((r) => (r && !(r instanceof Error) && canSeeSignup(ctx.viewer, r) ? r : null));
}

async function visibleSwaps(ctx: Context, ids: readonly string[]): Promise<Array<ShiftSwapRow | null>> {
  const rows = await ctx.loaders.swap.loadMany([...ids]);
  return rows.map((r) => {
    if (!r || r instanceof Error || !ctx.viewer) return null;
    return ctx.viewer.userId === r.fromVolunteerId || ctx.viewer.userId === r.toVolunteerId || managesPosition(ctx.viewer, r.clubId) ? r : null;
  });
}

registerNodeType('PositionShift', 'read:public', visibleShifts);
registerNodeType('ShiftSignup', 'read:volunteering', visibleSignups);
registerNodeType('ShiftSwap', 'read:volunteering', visibleSwaps);

const shiftsPayload = (ctx: Context) => (shift: PositionShiftRow) => {
  forgetShifts(ctx.loaders);
  return { shift };
};
const signupPayload = (ctx: Context) => (signup: ShiftSignupRow) => {
  forgetShifts(ctx.loaders);
  ctx.loaders.application.clear(signup.applicationId);
  ctx.loaders.applicationHistory.clear(signup.applicationId);
  return { signup };
};

@Resolver(() => PositionShift)
export class PositionShiftResolver {
  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => AddPositionShiftsPayload, {
    description: `Adds a shift to one of the caller's club's positions, or a weekly series of them (same wall-clock time in the club's time zone). Refused, changing nothing: '${S.endAfterStart}', '${S.tooLong}', '${S.future}', '${S.repeatUntil}', '${S.seriesMax}', '${S.shiftsMax}'. Another club's position is FORBIDDEN; an unknown one NOT_FOUND. A position with shifts is applied to by picking shifts, each with its own places and waiting list.`,
  })
  addPositionShifts(@Arg('input', () => AddPositionShiftsInput, { description: 'The position, the (first) shift and the repeat.' }) input: AddPositionShiftsInput, @Ctx() ctx: Context) {
    return mutate(
      () =>
        ctx.services.shifts.addShifts(ctx.viewer!, requireDatabaseId(input.positionId, 'VolunteerPosition', 'positionId', OPPORTUNITY_MESSAGES.notFound), {
          startsAt: input.startsAt,
          endsAt: input.endsAt,
          places: input.places,
          repeatWeeklyUntil: input.repeatWeeklyUntil,
        }),
      (shifts) => {
        forgetShifts(ctx.loaders);
        return { shifts };
      },
    );
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => UpdatePositionShiftPayload, { description: "Changes the places of one of the caller's club's shifts: never fewer than those accepted or offered a place; more give the freed ones to its waiting list at once." })
  updatePositionShift(@Arg('input', () => UpdatePositionShiftInput, { description: 'Which shift, and its places.' }) input: UpdatePositionShiftInput, @Ctx() ctx: Context) {
    return mutate(() => ctx.services.shifts.updatePlaces(ctx.viewer!, shiftId(input.id), { places: input.places }), shiftsPayload(ctx));
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => CancelPositionShiftPayload, { description: `Cancels one of the caller's club's shifts that has not started, with a reason told to each volunteer with a place on it or in its line ('${S.started}', '${S.alreadyCancelled}').` })
  cancelPositionShift(@Arg('input', () => CancelPositionShiftInput, { description: 'Which shift, and why.' }) input: CancelPositionShiftInput, @Ctx() ctx: Context) {
    return mutate(() => ctx.services.shifts.cancel(ctx.viewer!, shiftId(input.id), { reason: input.reason }), shiftsPayload(ctx));
  }

  @FieldResolver(() => String, { nullable: true, description: 'The same for the shifts of one weekly series; null for a one-off shift.' })
  seriesKey(@Root() shift: PositionShiftRow): string | null {
    return shift.seriesId;
  }

  @FieldResolver(() => String, { description: "The IANA time zone of its club's clock, in which its times are shown and entered." })
  async timeZone(@Root() shift: PositionShiftRow, @Ctx() ctx: Context): Promise<string> {
    return ctx.services.shifts.timeZoneOf((await ctx.loaders.club.load(shift.clubId))?.timeZone);
  }

  @FieldResolver(() => VolunteerPosition, { nullable: true, description: 'The position it is a shift of.' })
  async position(@Root() shift: PositionShiftRow, @Ctx() ctx: Context) {
    return (await visiblePositions(ctx, [shift.positionId]))[0];
  }

  @FieldResolver(() => Int, { description: 'How many volunteers it has accepted.' })
  async placesFilled(@Root() shift: PositionShiftRow, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.shiftCounts.load(shift.id)).accepted;
  }

  @FieldResolver(() => Int, { description: 'How many places are free: places minus those accepted or offered.' })
  async placesLeft(@Root() shift: PositionShiftRow, @Ctx() ctx: Context): Promise<number> {
    const counts = await ctx.loaders.shiftCounts.load(shift.id);
    return Math.max(0, shift.places - counts.accepted - counts.offered);
  }

  @FieldResolver(() => Int, { description: 'How many volunteers wait on its waiting list.' })
  async waitlistLength(@Root() shift: PositionShiftRow, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.shiftCounts.load(shift.id)).waiting;
  }

  @FieldResolver(() => ShiftSignup, { nullable: true, description: "The caller's sign-up to it, whatever its status; null when none or signed out." })
  mySignup(@Root() shift: PositionShiftRow, @Ctx() ctx: Context) {
    return ctx.viewer ? ctx.loaders.mySignup.load(`${ctx.viewer.userId}:${shift.id}`) : null;
  }

  @AdminOnly()
  @ReadScope('read:volunteering')
  @FieldResolver(() => ShiftSignupConnection, {
    description: `Its sign-ups (accepted first, then the line in order, then the requested and closed ones), ${SHIFTS_PAGE_SIZE} a page unless \`first\` or \`last\` says: for its club's owner and platform administrators; an empty list for everyone else.`,
  })
  async signups(@Root() shift: PositionShiftRow, @Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    const all = managesPosition(ctx.viewer, shift.clubId) ? await ctx.loaders.signupsOfShift.load(shift.id) : [];
    return connectionOfList(all, { ...args }, (r) => [r.id], SHIFTS_PAGE_SIZE, 'signups');
  }

  @FieldResolver(() => [ShiftTeammate], {
    description: 'Its accepted volunteers (short names), for proposing a swap: for volunteers accepted on a shift of the same position and its club’s owner (administrators read `signups`); empty for everyone else. The caller is left out.',
  })
  async teammates(@Root() shift: PositionShiftRow, @Ctx() ctx: Context): Promise<ShiftTeammate[]> {
    if (!ctx.viewer) return [];
    if (ctx.viewer.userId !== shift.clubId && !(await ctx.services.shiftReads.acceptedOn(ctx.viewer.userId, shift.positionId))) return [];
    const rows = await ctx.services.shiftReads.teammates(shift.id);
    return rows.filter((r) => r.volunteerId !== ctx.viewer!.userId).map((r) => ({ handle: toGlobalId('ShiftSignup', r.signupId), name: r.name }));
  }
}

@Resolver(() => VolunteerPosition)
export class PositionShiftsFieldResolver {
  @FieldResolver(() => String, { description: "The IANA time zone of its club's clock, in which its shifts are shown and entered." })
  async timeZone(@Root() position: Shown<ClubVolunteerPositionRow>, @Ctx() ctx: Context): Promise<string> {
    return ctx.services.shifts.timeZoneOf((await ctx.loaders.club.load(position.clubId))?.timeZone);
  }

  @FieldResolver(() => PositionShiftConnection, { description: `Its shifts, earliest first, ${SHIFTS_PAGE_SIZE} a page unless \`first\` or \`last\` says: upcoming ones (not ended, cancelled ones shown as such) unless \`includePast\`.` })
  async shifts(@Root() position: Shown<ClubVolunteerPositionRow>, @Args(() => PositionShiftsArgs) args: PositionShiftsArgs, @Ctx() ctx: Context) {
    const { includePast, ...page } = args;
    const now = Date.now();
    const all = (await ctx.loaders.shiftsOfPosition.load(position.id)).filter((shift) => includePast || shift.endsAt.getTime() > now);
    for (const shift of all) ctx.loaders.shift.prime(shift.id, shift);
    return connectionOfList(all, page, (shift) => [shift.id], SHIFTS_PAGE_SIZE, 'shifts');
  }
}

@Resolver(() => VolunteerApplication)
export class ApplicationShiftsFieldResolver {
  @FieldResolver(() => [ShiftSignup], { description: "Its shifts (for a position with shifts), by start; empty for a position without." })
  shiftSignups(@Root() row: VolunteerApplicationRow, @Ctx() ctx: Context) {
    return ctx.loaders.signupsOfApplication.load(row.id);
  }
}

@Resolver(() => ShiftSignup)
export class ShiftSignupResolver {
  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => DecideShiftSignupPayload, {
    description: `The club's decision on a sign-up to one of its shifts: ACCEPT a requested or waitlisted one while a place is free (the volunteer's required check verified), WAITLIST a requested one, REJECT an open one (a place it held goes to the line). Another club's sign-up is NOT_FOUND. The volunteer is told.`,
  })
  decideShiftSignup(@Arg('input', () => DecideShiftSignupInput, { description: 'Which sign-up, and the decision.' }) input: DecideShiftSignupInput, @Ctx() ctx: Context) {
    return mutate(() => ctx.services.shifts.decide(ctx.viewer!, signupId(input.id), input.decision), signupPayload(ctx));
  }

  @Authorized()
  @RequiresScope('volunteer:write')
  @Mutation(() => WithdrawShiftSignupPayload, { description: `Drops one of the caller's open shift sign-ups ('${S.closedSignup}'); a place it held goes to the waiting list at once. The club is told. Anyone else's is NOT_FOUND.` })
  withdrawShiftSignup(@Arg('input', () => WithdrawShiftSignupInput, { description: 'Which sign-up.' }) input: WithdrawShiftSignupInput, @Ctx() ctx: Context) {
    return mutate(() => ctx.services.shifts.withdraw(ctx.viewer!, signupId(input.id)), signupPayload(ctx));
  }

  @Authorized()
  @RequiresScope('volunteer:write')
  @Mutation(() => AnswerShiftOfferPayload, { description: 'Takes (ACCEPTED) or refuses (WITHDRAWN; the place goes to the next in line) a shift place offered to the caller, before its deadline, with the rules of answerPlaceOffer.' })
  async answerShiftOffer(@Arg('input', () => AnswerShiftOfferInput, { description: 'Which sign-up, and the answer.' }) input: AnswerShiftOfferInput, @Ctx() ctx: Context) {
    const id = signupId(input.id);
    return mutate(
      async () => {
        await ctx.services.volunteerOffers.answerOffer(ctx.viewer!, id, input.answer === OfferAnswerEnum.ACCEPT ? 'accept' : 'decline', 'signup');
        return (await ctx.services.shiftReads.signupsByIds([id]))[0]!;
      },
      signupPayload(ctx),
    );
  }

  @FieldResolver(() => PositionShift, { nullable: true, description: 'The shift.' })
  shift(@Root() row: ShiftSignupRow, @Ctx() ctx: Context) {
    return ctx.loaders.shift.load(row.shiftId);
  }

  @FieldResolver(() => VolunteerApplication, { nullable: true, description: 'The application it is part of.' })
  application(@Root() row: ShiftSignupRow, @Ctx() ctx: Context) {
    return ctx.loaders.application.load(row.applicationId);
  }

  @FieldResolver(() => Member, { nullable: true, description: 'The volunteer.' })
  volunteer(@Root() row: ShiftSignupRow, @Ctx() ctx: Context) {
    return ctx.loaders.user.load(row.volunteerId);
  }

  @FieldResolver(() => Int, { nullable: true, description: 'While WAITLISTED or OFFERED: its place in the shift’s line, from 1; null otherwise.' })
  linePosition(@Root() row: ShiftSignupRow, @Ctx() ctx: Context): Promise<number | null> {
    return ctx.services.volunteerPlaces.linePlace('signup', { id: row.id, slotId: row.shiftId, status: row.status, queuedAt: row.queuedAt });
  }

  @FieldResolver(() => Boolean, { description: 'Whether the caller may take or refuse the offered place: theirs, OFFERED, before its deadline.' })
  canAnswerOffer(@Root() row: ShiftSignupRow, @Ctx() ctx: Context): boolean {
    return ctx.viewer?.userId === row.volunteerId && row.status === 'offered' && row.offerExpiresAt !== null && row.offerExpiresAt.getTime() > Date.now();
  }

  @FieldResolver(() => Boolean, { description: 'Whether the caller may drop it: theirs and open (requested, accepted, waitlisted or offered).' })
  canWithdraw(@Root() row: ShiftSignupRow, @Ctx() ctx: Context): boolean {
    return ctx.viewer?.userId === row.volunteerId && ['requested', 'accepted', 'waitlisted', 'offered'].includes(row.status);
  }

  @FieldResolver(() => Boolean, { description: "Whether the caller may accept it: the club's owner, and it is requested or waitlisted (a full shift still refuses)." })
  canAccept(@Root() row: ShiftSignupRow, @Ctx() ctx: Context): boolean {
    return ctx.viewer?.userId === row.clubId && (row.status === 'requested' || row.status === 'waitlisted');
  }

  @FieldResolver(() => Boolean, { description: "Whether the caller may put it on the waiting list: the club's owner, and it is requested." })
  canWaitlist(@Root() row: ShiftSignupRow, @Ctx() ctx: Context): boolean {
    return ctx.viewer?.userId === row.clubId && row.status === 'requested';
  }

  @FieldResolver(() => Boolean, { description: "Whether the caller may reject it: the club's owner, and it is open." })
  canReject(@Root() row: ShiftSignupRow, @Ctx() ctx: Context): boolean {
    return ctx.viewer?.userId === row.clubId && ['requested', 'accepted', 'waitlisted', 'offered'].includes(row.status);
  }
}

@Resolver(() => ShiftSwap)
export class ShiftSwapResolver {
  @Authorized()
  @ReadScope('read:volunteering')
  @Query(() => ShiftSwapConnection, { description: 'The shift swaps the caller proposed or was asked, newest first, 20 a page unless `first` or `last` says.' })
  async myShiftSwaps(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    const rows = await ctx.services.shiftSwaps.of(ctx.viewer!.userId);
    return connectionOfList(rows, { ...args }, (r) => [r.id], 20, 'myShiftSwaps');
  }

  @Authorized()
  @RequiresScope('volunteer:write')
  @Mutation(() => ProposeShiftSwapPayload, {
    description: `Proposes to another volunteer accepted for another shift of the same position to exchange shifts; they are told. Refused, changing nothing: '${S.swapOwnAccepted}', '${S.swapOtherAccepted}', '${S.swapSameShift}', '${S.swapAlreadyThere}', '${S.swapOverlap}', '${S.swapPending}'. At most ${SWAP_LIMITS.swapsPerPair} proposals to one volunteer and ${SWAP_LIMITS.swapsPerVolunteer} in all per volunteer per hour by default (cancelled ones included): past them RATE_LIMITED, saying when to try again.`,
  })
  proposeShiftSwap(@Arg('input', () => ProposeShiftSwapInput, { description: 'The two sign-ups.' }) input: ProposeShiftSwapInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.shiftSwaps.propose(ctx.viewer!, signupId(input.signupId, 'signupId'), signupId(input.withSignupId, 'withSignupId')),
      (swap) => ({ swap }),
    );
  }

  @Authorized()
  @RequiresScope('volunteer:write')
  @Mutation(() => AnswerShiftSwapPayload, { description: `The asked volunteer agrees (the two exchange shifts at once, under both shifts' locks; the proposer and the club are told) or declines ('${S.swapNotOpen}'); anyone else, the proposer included, gets NOT_FOUND.` })
  answerShiftSwap(@Arg('input', () => AnswerShiftSwapInput, { description: 'Which swap, and the answer.' }) input: AnswerShiftSwapInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.shiftSwaps.answer(ctx.viewer!, swapId(input.id), input.answer === OfferAnswerEnum.ACCEPT ? 'accept' : 'decline'),
      (swap) => {
        forgetShifts(ctx.loaders);
        return { swap };
      },
    );
  }

  @Authorized()
  @RequiresScope('volunteer:write')
  @Mutation(() => CancelShiftSwapPayload, { description: `The proposer withdraws a swap not yet answered ('${S.swapNotOpen}'); anyone else's is NOT_FOUND.` })
  cancelShiftSwap(@Arg('input', () => CancelShiftSwapInput, { description: 'Which swap.' }) input: CancelShiftSwapInput, @Ctx() ctx: Context) {
    return mutate(() => ctx.services.shiftSwaps.cancel(ctx.viewer!, swapId(input.id)), (swap) => ({ swap }));
  }

  @FieldResolver(() => PositionShift, { nullable: true, description: "The proposer's shift (which the asked volunteer would get)." })
  async fromShift(@Root() swap: ShiftSwapRow, @Ctx() ctx: Context) {
    const signup = await ctx.loaders.signup.load(swap.fromSignupId);
    return signup ? ctx.loaders.shift.load(signup.shiftId) : null;
  }

  @FieldResolver(() => PositionShift, { nullable: true, description: "The asked volunteer's shift (which the proposer would get)." })
  async toShift(@Root() swap: ShiftSwapRow, @Ctx() ctx: Context) {
    const signup = await ctx.loaders.signup.load(swap.toSignupId);
    return signup ? ctx.loaders.shift.load(signup.shiftId) : null;
  }

  @FieldResolver(() => Member, { nullable: true, description: 'Who proposed it.' })
  proposedBy(@Root() swap: ShiftSwapRow, @Ctx() ctx: Context) {
    return ctx.loaders.user.load(swap.proposedBy);
  }

  @FieldResolver(() => Boolean, { description: 'Whether the caller may answer it: the asked volunteer, while PROPOSED.' })
  async canAnswer(@Root() swap: ShiftSwapRow, @Ctx() ctx: Context): Promise<boolean> {
    if (swap.status !== 'proposed' || !ctx.viewer) return false;
    return (await ctx.loaders.signup.load(swap.toSignupId))?.volunteerId === ctx.viewer.userId;
  }

  @FieldResolver(() => Boolean, { description: 'Whether the caller may withdraw it: the proposer, while PROPOSED.' })
  canCancel(@Root() swap: ShiftSwapRow, @Ctx() ctx: Context): boolean {
    return swap.status === 'proposed' && ctx.viewer?.userId === swap.proposedBy;
  }
}

