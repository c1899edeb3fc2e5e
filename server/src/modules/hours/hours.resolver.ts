// Volunteer hours (issue 30 §3): the volunteer's hours, sums and claimable positions; the club's
// hours, sums, places awaiting attendance and export; the claim, decision, revocation and
// attendance mutations. Thin: the rules live in hours.service.ts (changes), hours-reads.service.ts
// (reads) and hours-exports.service.ts (the export).
import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { RequiresScope, ReadScope } from '../../graphql/access.js';
import { mutate } from '../../graphql/payload.js';
import { PageArgs, connectionOfList, requireDatabaseId } from '../../graphql/relay.js';
import { registerNodeType } from '../../graphql/node.resolver.js';
import { canSeeHours } from './hours.service.js';
import type { ClubSummary, VolunteerSummary } from './hours-reads.service.js';
import { Club } from '../clubs/clubs.types.js';
import { VolunteerPosition } from '../clubs/volunteer-positions.types.js';
import { Member } from '../users/users.types.js';
import { ShiftSignupConnection } from '../opportunities/shifts.types.js';
import type { ShiftSignupRow } from '../../db/schema/index.js';
import { HOURS_CLAIM_LIMITS, HOURS_MESSAGES as M, HOURS_PAGE_SIZE, HOURS_PER_DAY_MAX, formatHours } from './hours.rules.js';
import {
  ApproveVolunteerHoursInput,
  ApproveVolunteerHoursPayload,
  DeclineVolunteerHoursPayload,
  HoursByClub,
  HoursByPosition,
  HoursByVolunteer,
  HoursClaimablePosition,
  HoursClaimablePositionConnection,
  RevokeVolunteerHoursPayload,
  ClaimVolunteerHoursInput,
  ClaimVolunteerHoursPayload,
  ClubVolunteerHoursSummary,
  DeclineVolunteerHoursInput,
  ExportClubVolunteerHoursInput,
  ExportClubVolunteerHoursPayload,
  MarkShiftAttendanceInput,
  MarkShiftAttendancePayload,
  MyVolunteerHoursSummary,
  RevokeVolunteerHoursInput,
  VolunteerHoursArgs,
  VolunteerHoursConnection,
} from './hours.types.js';

const hoursOf = (minutes: number) => Number(formatHours(minutes));
const hoursIds = (ids: string[]) => ids.map((id, i) => requireDatabaseId(id, 'VolunteerHours', `ids.${i}`, M.hoursNotFound));
const placeIds = (ids: string[]) => ids.map((id, i) => requireDatabaseId(id, 'ShiftSignup', `ids.${i}`, M.signupNotFound));

/** The shift sign-ups (ShiftSignup) of these ids, in order. */
async function signupsOf(ctx: Context, ids: readonly string[]): Promise<ShiftSignupRow[]> {
  const rows = await ctx.loaders.signup.loadMany([...ids]);
  return rows.filter((r): r is ShiftSignupRow => r !== null && !(r instanceof Error));
}

registerNodeType('VolunteerHours', 'read:volunteering', async (ctx, ids) => {
  if (!ctx.viewer) return ids.map(() => null);
  const rows = await ctx.services.hoursReads.byIds(ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    return row && canSeeHours(ctx.viewer, row) ? row : null;
  });
});

function volunteerSummary(s: VolunteerSummary) {
  return {
    totalMinutes: s.totalMinutes,
    totalHours: hoursOf(s.totalMinutes),
    byClub: s.byClub.map((c) => ({ ...c, hours: hoursOf(c.minutes) })),
    byMonth: s.byMonth.map((m) => ({ ...m, hours: hoursOf(m.minutes) })),
  };
}

function clubSummary(s: ClubSummary) {
  return {
    totalMinutes: s.totalMinutes,
    totalHours: hoursOf(s.totalMinutes),
    byVolunteer: s.byVolunteer.map((v) => ({ ...v, hours: hoursOf(v.minutes) })),
    byPosition: s.byPosition.map((p) => ({ ...p, hours: hoursOf(p.minutes) })),
  };
}



@Resolver()
export class HoursResolver {
  // ---- the volunteer ------------------------------------------------------------------------------

  @Authorized()
  @ReadScope('read:volunteering')
  @Query(() => VolunteerHoursConnection, {
    description: `The caller's volunteer hours (claims and confirmed shifts, every status unless \`status\` says), newest day first, ${HOURS_PAGE_SIZE} a page unless \`first\` or \`last\` says.`,
  })
  async myVolunteerHours(@Args(() => VolunteerHoursArgs) args: VolunteerHoursArgs, @Ctx() ctx: Context) {
    return ctx.services.hoursReads.mine(ctx.viewer!, { ...args });
  }

  @Authorized()
  @ReadScope('read:volunteering')
  @Query(() => MyVolunteerHoursSummary, { description: "The caller's approved volunteer hours: in total, per club and per month." })
  async myVolunteerHoursSummary(@Ctx() ctx: Context) {
    return volunteerSummary(await ctx.services.hoursReads.mySummary(ctx.viewer!));
  }

  @Authorized()
  @ReadScope('read:volunteering')
  @Query(() => HoursClaimablePositionConnection, {
    description: `The positions the caller was accepted to (at any time), for which they may claim hours; by club and title, ${HOURS_PAGE_SIZE} a page unless \`first\` or \`last\` says.`,
  })
  async myHoursPositions(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    const rows = await ctx.services.hoursReads.claimablePositions(ctx.viewer!);
    return connectionOfList(rows, { ...args }, (r) => [r.positionId], HOURS_PAGE_SIZE, 'myHoursPositions');
  }

  @Authorized()
  @RequiresScope('volunteer:write')
  @Mutation(() => ClaimVolunteerHoursPayload, {
    description: `Claims hours for a position the caller was accepted to ('${M.notAccepted}'): a day not in the future nor before they applied, hours above 0 and at most ${HOURS_PER_DAY_MAX} (their pending and approved hours that day at most ${HOURS_PER_DAY_MAX} in all), an optional note. Pending until the club decides; the club's owner is notified (one volunteer's claims for one position within a few minutes are one notification). At most ${HOURS_CLAIM_LIMITS.hoursClaimsPerPosition} claims per position and ${HOURS_CLAIM_LIMITS.hoursClaimsPerVolunteer} in all per volunteer per hour by default: past them RATE_LIMITED, saying when to try again.`,
  })
  claimVolunteerHours(@Arg('input', () => ClaimVolunteerHoursInput, { description: 'The position, day, hours and note.' }) input: ClaimVolunteerHoursInput, @Ctx() ctx: Context) {
    return mutate(
      () =>
        ctx.services.hours.claim(ctx.viewer!, requireDatabaseId(input.positionId, 'VolunteerPosition', 'positionId', M.notAccepted), {
          workDate: input.workDate,
          hours: input.hours,
          note: input.note,
        }),
      (hours) => ({ hours }),
    );
  }

  // ---- the club ------------------------------------------------------------------------------------

  @Authorized()
  @ReadScope('read:volunteering')
  @Query(() => VolunteerHoursConnection, {
    description: `The caller's club's volunteer hours (every status unless \`status\` says), newest day first, ${HOURS_PAGE_SIZE} a page unless \`first\` or \`last\` says. FORBIDDEN without a club.`,
  })
  async clubVolunteerHours(@Args(() => VolunteerHoursArgs) args: VolunteerHoursArgs, @Ctx() ctx: Context) {
    return ctx.services.hoursReads.clubHours(ctx.viewer!, { ...args });
  }

  @Authorized()
  @ReadScope('read:volunteering')
  @Query(() => ClubVolunteerHoursSummary, { description: "The caller's club's approved volunteer hours: in total, per volunteer and per position. FORBIDDEN without a club." })
  async clubVolunteerHoursSummary(@Ctx() ctx: Context) {
    return clubSummary(await ctx.services.hoursReads.clubSummary(ctx.viewer!));
  }

  @Authorized()
  @ReadScope('read:volunteering')
  @Query(() => ShiftSignupConnection, {
    description: `The accepted places on the caller's club's shifts that ended (not cancelled) and whose attendance is not marked yet, oldest shift first, ${HOURS_PAGE_SIZE} a page unless \`first\` or \`last\` says. FORBIDDEN without a club.`,
  })
  async clubShiftsAwaitingAttendance(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    const items = await ctx.services.hoursReads.awaitingAttendance(ctx.viewer!);
    const page = connectionOfList(items, { ...args }, (r) => [r.id], HOURS_PAGE_SIZE, 'clubShiftsAwaitingAttendance');
    return { ...page, nodes: await signupsOf(ctx, page.nodes.map((n) => n.id)) };
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => MarkShiftAttendancePayload, {
    description: `Marks accepted places on the caller's club's ended shifts ATTENDED (the shift's hours recorded, approved) or ABSENT (those hours revoked); all or none, the first bad place named ('${M.shiftNotEnded}'). Another club's place is the user error NOT_FOUND; FORBIDDEN without a club.`,
  })
  markShiftAttendance(@Arg('input', () => MarkShiftAttendanceInput, { description: 'Which places, and attended or absent.' }) input: MarkShiftAttendanceInput, @Ctx() ctx: Context) {
    return mutate(
      async () => {
        const items = await ctx.services.hours.markAttendance(ctx.viewer!, placeIds(input.ids), input.attendance);
        ctx.loaders.signup.clearAll();
        ctx.loaders.signupsOfShift.clearAll();
        return signupsOf(ctx, items.map((i) => i.id));
      },
      (signups) => ({ signups }),
    );
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => ApproveVolunteerHoursPayload, {
    description: `Approves pending hours of the caller's club; all or none, the first bad item named ('${M.onlyPending}'). Another club's hours are the user error NOT_FOUND; FORBIDDEN without a club. Each volunteer is notified.`,
  })
  approveVolunteerHours(@Arg('input', () => ApproveVolunteerHoursInput, { description: 'Which hours.' }) input: ApproveVolunteerHoursInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.hours.approve(ctx.viewer!, hoursIds(input.ids)),
      (hours) => ({ hours }),
    );
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => DeclineVolunteerHoursPayload, {
    description: `Declines pending hours of the caller's club with a reason; all or none, the first bad item named. Another club's hours are the user error NOT_FOUND; FORBIDDEN without a club. Each volunteer is notified.`,
  })
  declineVolunteerHours(@Arg('input', () => DeclineVolunteerHoursInput, { description: 'Which hours, and why.' }) input: DeclineVolunteerHoursInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.hours.decline(ctx.viewer!, hoursIds(input.ids), input.reason),
      (hours) => ({ hours }),
    );
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => RevokeVolunteerHoursPayload, {
    description: `Revokes approved hours of the caller's club with a reason ('${M.onlyApproved}'); all or none. Another club's hours are the user error NOT_FOUND; FORBIDDEN without a club. Each volunteer is notified; a certificate that counted them says so.`,
  })
  revokeVolunteerHours(@Arg('input', () => RevokeVolunteerHoursInput, { description: 'Which hours, and why.' }) input: RevokeVolunteerHoursInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.hours.revoke(ctx.viewer!, hoursIds(input.ids), input.reason),
      (hours) => ({ hours }),
    );
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => ExportClubVolunteerHoursPayload, {
    description:
      "The caller's club's volunteer hours as a file (every hours row; approved hours per volunteer and per position), CSV or XLSX: answers a signed address that works for 5 minutes. FORBIDDEN without a club.",
  })
  exportClubVolunteerHours(@Arg('input', () => ExportClubVolunteerHoursInput, { description: 'The format.' }) input: ExportClubVolunteerHoursInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.hoursExports.exportClubHours(ctx.viewer!, input.format ?? 'xlsx'),
      (file) => ({ file }),
    );
  }
}

@Resolver(() => HoursByClub)
export class HoursByClubResolver {
  @FieldResolver(() => Club, { nullable: true, description: 'The club; null when it is gone.' })
  club(@Root() row: HoursByClub, @Ctx() ctx: Context) {
    return ctx.loaders.club.load(row.clubId);
  }
}

@Resolver(() => HoursByVolunteer)
export class HoursByVolunteerResolver {
  @FieldResolver(() => Member, { nullable: true, description: 'The volunteer; null when the account is gone.' })
  volunteer(@Root() row: HoursByVolunteer, @Ctx() ctx: Context) {
    return ctx.loaders.user.load(row.volunteerId);
  }
}

@Resolver(() => HoursByPosition)
export class HoursByPositionResolver {
  @FieldResolver(() => VolunteerPosition, { nullable: true, description: 'The position; null when it is gone.' })
  position(@Root() row: HoursByPosition, @Ctx() ctx: Context) {
    return ctx.loaders.position.load(row.positionId);
  }
}

@Resolver(() => HoursClaimablePosition)
export class HoursClaimablePositionResolver {
  @FieldResolver(() => VolunteerPosition, { nullable: true, description: "The position (its id is claimVolunteerHours' positionId); null when it is gone." })
  position(@Root() row: HoursClaimablePosition, @Ctx() ctx: Context) {
    return ctx.loaders.position.load(row.positionId);
  }
}
