// Volunteer hours' GraphQL types (issue 30 §3): the hours (a Node), the dashboards' sums, the
// positions a volunteer may claim for, the shift places awaiting attendance, and the mutations'
// inputs and payloads. Caller-dependent and relation fields are declared by hours.resolver.ts.
import { ArgsType, Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Node, PageArgs, connectionOf } from '../../graphql/relay.js';
import { Payload } from '../../graphql/payload.js';
import { DateScalar } from '../../graphql/scalars.js';
import { ExportFile } from '../admin/admin-exports.types.js';
import { Club } from '../clubs/clubs.types.js';
import { VolunteerPosition } from '../clubs/volunteer-positions.types.js';
import { Member } from '../users/users.types.js';
import { ShiftAttendanceEnum, ShiftSignup } from '../opportunities/shifts.types.js';

export { ShiftAttendanceEnum };
import { HOURS_BULK_MAX, HOURS_NOTE_MAX, HOURS_PER_DAY_MAX, HOURS_REASON_MAX } from './hours.rules.js';

export const HOURS_VISIBILITY = 'Visible to its volunteer, the owner of its club and platform administrators; null for everyone else.';

export enum VolunteerHoursStatusEnum {
  PENDING = 'pending',
  APPROVED = 'approved',
  DECLINED = 'declined',
  REVOKED = 'revoked',
}
registerEnumType(VolunteerHoursStatusEnum, {
  name: 'VolunteerHoursStatus',
  description: 'Where recorded volunteer hours stand.',
  valuesConfig: {
    PENDING: { description: 'Claimed by the volunteer; waiting for the club.' },
    APPROVED: { description: 'Approved by the club (or confirmed from a shift the volunteer attended).' },
    DECLINED: { description: 'The club declined the claim, with a reason.' },
    REVOKED: { description: 'The club withdrew its approval, with a reason (or marked the shift absent).' },
  },
});

export enum VolunteerHoursSourceEnum {
  SHIFT = 'shift',
  CLAIM = 'claim',
}
registerEnumType(VolunteerHoursSourceEnum, {
  name: 'VolunteerHoursSource',
  description: 'Where recorded volunteer hours come from.',
  valuesConfig: {
    SHIFT: { description: 'A shift whose attendance the club confirmed.' },
    CLAIM: { description: 'A claim of the volunteer.' },
  },
});


export enum HoursExportFormatEnum {
  CSV = 'csv',
  XLSX = 'xlsx',
}
registerEnumType(HoursExportFormatEnum, {
  name: 'HoursExportFormat',
  description: 'The file format of a club’s hours export.',
  valuesConfig: {
    CSV: { description: 'Comma-separated values (RFC 4180), UTF-8, one section per table.' },
    XLSX: { description: 'An Excel workbook (.xlsx), one worksheet per table.' },
  },
});

@ObjectType({ implements: Node, description: `Hours a volunteer gave to a club's position: from a shift or claimed. ${HOURS_VISIBILITY}` })
export class VolunteerHours extends Node {
  @Field(() => VolunteerHoursSourceEnum, { description: 'A confirmed shift or a claim.' })
  source!: VolunteerHoursSourceEnum;

  @Field(() => VolunteerHoursStatusEnum, { description: 'Where it stands.' })
  status!: VolunteerHoursStatusEnum;

  @Field(() => DateScalar, { description: 'The day the hours were given (the club’s wall clock).' })
  workDate!: string;

  @Field(() => Int, { description: 'How long, in whole minutes.' })
  minutes!: number;

  @Field(() => String, { description: "The volunteer's note (empty when none)." })
  note!: string;

  @Field(() => String, { nullable: true, description: "The club's reason for declining or revoking; null otherwise." })
  reason!: string | null;

  @Field(() => Date, { nullable: true, description: 'When the club decided (or confirmed the shift); null while pending.' })
  decidedAt!: Date | null;

  @Field(() => Date, { description: 'When it was recorded.' })
  createdAt!: Date;

  @Field(() => String, { description: "The position's title." })
  positionTitle!: string;

  @Field(() => String, { description: "The club's name." })
  clubName!: string;

  @Field(() => String, { description: "The volunteer's name (their profile's, else their account's)." })
  volunteerName!: string;
}

@ObjectType({ description: 'A page of volunteer hours.' })
export class VolunteerHoursConnection extends connectionOf(VolunteerHours, 'VolunteerHours', { totalCount: 'How many hours rows the list holds, over all pages.' }) {}

@ObjectType({ description: 'Approved hours of one club.' })
export class HoursByClub {
  /** The club's database id (the `club` field loads it). */
  clubId!: string;

  @Field(() => Club, { nullable: true, description: 'The club; null when it is gone.' })
  club?: Club | null;

  @Field(() => String, { description: "The club's name." })
  clubName!: string;

  @Field(() => Int, { description: 'Approved minutes.' })
  minutes!: number;

  @Field(() => Float, { description: 'Approved hours (minutes / 60, two decimals).' })
  hours!: number;
}

@ObjectType({ description: 'Approved hours of one month.' })
export class HoursByMonth {
  @Field(() => String, { description: 'The month, YYYY-MM (of the work days).' })
  month!: string;

  @Field(() => Int, { description: 'Approved minutes.' })
  minutes!: number;

  @Field(() => Float, { description: 'Approved hours (two decimals).' })
  hours!: number;
}

@ObjectType({ description: "The caller's approved volunteer hours summed." })
export class MyVolunteerHoursSummary {
  @Field(() => Int, { description: 'Every approved minute.' })
  totalMinutes!: number;

  @Field(() => Float, { description: 'Every approved hour (two decimals).' })
  totalHours!: number;

  @Field(() => [HoursByClub], { description: 'Per club, most hours first.' })
  byClub!: HoursByClub[];

  @Field(() => [HoursByMonth], { description: 'Per month, newest first (months without approved hours left out).' })
  byMonth!: HoursByMonth[];
}

@ObjectType({ description: 'Approved hours of one volunteer at the caller’s club.' })
export class HoursByVolunteer {
  /** The volunteer's user id (the `volunteer` field loads them). */
  volunteerId!: string;

  @Field(() => Member, { nullable: true, description: 'The volunteer; null when the account is gone.' })
  volunteer?: Member | null;

  @Field(() => String, { description: "The volunteer's name." })
  volunteerName!: string;

  @Field(() => Int, { description: 'Approved minutes.' })
  minutes!: number;

  @Field(() => Float, { description: 'Approved hours (two decimals).' })
  hours!: number;
}

@ObjectType({ description: 'Approved hours of one position of the caller’s club.' })
export class HoursByPosition {
  /** The position's database id (the `position` field loads it). */
  positionId!: string;

  @Field(() => VolunteerPosition, { nullable: true, description: 'The position; null when it is gone.' })
  position?: VolunteerPosition | null;

  @Field(() => String, { description: "The position's title." })
  positionTitle!: string;

  @Field(() => Int, { description: 'Approved minutes.' })
  minutes!: number;

  @Field(() => Float, { description: 'Approved hours (two decimals).' })
  hours!: number;
}

@ObjectType({ description: "The caller's club's approved volunteer hours summed." })
export class ClubVolunteerHoursSummary {
  @Field(() => Int, { description: 'Every approved minute.' })
  totalMinutes!: number;

  @Field(() => Float, { description: 'Every approved hour (two decimals).' })
  totalHours!: number;

  @Field(() => [HoursByVolunteer], { description: 'Per volunteer, most hours first.' })
  byVolunteer!: HoursByVolunteer[];

  @Field(() => [HoursByPosition], { description: 'Per position, most hours first.' })
  byPosition!: HoursByPosition[];
}

@ObjectType({ description: 'A position the caller was accepted to, for which they may claim hours.' })
export class HoursClaimablePosition {
  /** The position's database id (the `position` field loads it). */
  positionId!: string;

  @Field(() => VolunteerPosition, { nullable: true, description: "The position (its id is claimVolunteerHours' positionId); null when it is gone." })
  position?: VolunteerPosition | null;

  @Field(() => String, { description: "The position's title." })
  positionTitle!: string;

  @Field(() => String, { description: "The club's name." })
  clubName!: string;

  @Field(() => DateScalar, { description: 'The day the caller applied (the club’s wall clock): claims start there.' })
  appliedOn!: string;
}

@ObjectType({ description: 'A page of positions the caller may claim hours for.' })
export class HoursClaimablePositionConnection extends connectionOf(HoursClaimablePosition, 'HoursClaimablePosition', { totalCount: 'How many positions the list holds, over all pages.' }) {}

// ---- arguments --------------------------------------------------------------------------------

@ArgsType()
export class VolunteerHoursArgs extends PageArgs {
  @Field(() => VolunteerHoursStatusEnum, { nullable: true, description: 'Only hours with this status; null for all.' })
  status?: VolunteerHoursStatusEnum | null;
}

// ---- inputs and payloads ------------------------------------------------------------------------

@InputType({ description: 'Hours the caller claims for a position they were accepted to.' })
export class ClaimVolunteerHoursInput {
  @Field(() => ID, { description: "The position's global id." })
  positionId!: string;

  @Field(() => DateScalar, { description: 'The day (not in the future, not before the caller applied; the club’s wall clock).' })
  workDate!: string;

  @Field(() => Float, { description: `Hours, more than 0 and at most ${HOURS_PER_DAY_MAX}, to the minute (1.5 is an hour and a half); with the caller's other pending and approved hours that day at most ${HOURS_PER_DAY_MAX}.` })
  hours!: number;

  @Field(() => String, { nullable: true, description: `A note for the club (at most ${HOURS_NOTE_MAX} characters once tags are stripped); null for none.` })
  note?: string | null;
}

@ObjectType({ description: 'The result of claimVolunteerHours.' })
export class ClaimVolunteerHoursPayload extends Payload {
  @Field(() => VolunteerHours, { nullable: true, description: 'The pending hours; null when refused.' })
  hours?: VolunteerHours | null;
}

@InputType({ description: "Pending hours of the caller's club to approve." })
export class ApproveVolunteerHoursInput {
  @Field(() => [ID], { description: `The hours' global ids (1 to ${HOURS_BULK_MAX}); all are approved or none.` })
  ids!: string[];
}

@InputType({ description: "Pending hours of the caller's club to decline, with a reason." })
export class DeclineVolunteerHoursInput {
  @Field(() => [ID], { description: `The hours' global ids (1 to ${HOURS_BULK_MAX}); all are declined or none.` })
  ids!: string[];

  @Field(() => String, { description: `Why (1 to ${HOURS_REASON_MAX} characters): the volunteer is told.` })
  reason!: string;
}

@InputType({ description: "Approved hours of the caller's club to revoke, with a reason." })
export class RevokeVolunteerHoursInput {
  @Field(() => [ID], { description: `The hours' global ids (1 to ${HOURS_BULK_MAX}); all are revoked or none.` })
  ids!: string[];

  @Field(() => String, { description: `Why (1 to ${HOURS_REASON_MAX} characters): the volunteer is told.` })
  reason!: string;
}


@ObjectType({ description: 'The result of approveVolunteerHours.' })
export class ApproveVolunteerHoursPayload extends Payload {
  @Field(() => [VolunteerHours], { nullable: true, description: 'The hours with their new status, in the order given; null when refused.' })
  hours?: VolunteerHours[] | null;
}

@ObjectType({ description: 'The result of declineVolunteerHours.' })
export class DeclineVolunteerHoursPayload extends Payload {
  @Field(() => [VolunteerHours], { nullable: true, description: 'The hours with their new status, in the order given; null when refused.' })
  hours?: VolunteerHours[] | null;
}

@ObjectType({ description: 'The result of revokeVolunteerHours.' })
export class RevokeVolunteerHoursPayload extends Payload {
  @Field(() => [VolunteerHours], { nullable: true, description: 'The hours with their new status, in the order given; null when refused.' })
  hours?: VolunteerHours[] | null;
}

@InputType({ description: "Accepted places on the caller's club's ended shifts to mark attended or absent." })
export class MarkShiftAttendanceInput {
  @Field(() => [ID], { description: `The places' global ids (ShiftSignup, 1 to ${HOURS_BULK_MAX}); all are marked or none.` })
  ids!: string[];

  @Field(() => ShiftAttendanceEnum, { description: 'ATTENDED or ABSENT.' })
  attendance!: ShiftAttendanceEnum;
}

@ObjectType({ description: 'The result of markShiftAttendance.' })
export class MarkShiftAttendancePayload extends Payload {
  @Field(() => [ShiftSignup], { nullable: true, description: 'The places as marked, in the order given; null when refused.' })
  signups?: ShiftSignup[] | null;
}

@InputType({ description: "Export the caller's club's volunteer hours." })
export class ExportClubVolunteerHoursInput {
  @Field(() => HoursExportFormatEnum, { nullable: true, description: 'The format; null for XLSX.' })
  format?: HoursExportFormatEnum | null;
}

@ObjectType({ description: 'The result of exportClubVolunteerHours.' })
export class ExportClubVolunteerHoursPayload extends Payload {
  @Field(() => ExportFile, { nullable: true, description: 'The file to download; null when refused.' })
  file?: ExportFile | null;
}
