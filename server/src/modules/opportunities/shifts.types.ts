// Shifts of volunteer positions (issue 30 §1): the types of shifts, sign-ups and swaps, and the
// mutations' inputs and payloads. Relation and caller-dependent fields are declared by
// shifts.resolver.ts.
import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Node, PageArgs, connectionOf } from '../../graphql/relay.js';
import { Payload } from '../../graphql/payload.js';
import { DateScalar } from '../../graphql/scalars.js';
import { OfferAnswerEnum } from './opportunity-enums.types.js';
import { PLACES_MAX } from './opportunities.rules.js';
import { SERIES_MAX, SHIFT_CANCEL_REASON_MAX, SHIFT_HOURS_MAX } from './shifts.rules.js';

export enum ShiftSignupStatusEnum {
  REQUESTED = 'requested',
  ACCEPTED = 'accepted',
  WAITLISTED = 'waitlisted',
  OFFERED = 'offered',
  REJECTED = 'rejected',
  WITHDRAWN = 'withdrawn',
  LAPSED = 'lapsed',
}
registerEnumType(ShiftSignupStatusEnum, {
  name: 'ShiftSignupStatus',
  description: "Where a volunteer's place on one shift stands.",
  valuesConfig: {
    REQUESTED: { description: 'Asked for; waiting for the club.' },
    ACCEPTED: { description: 'The club accepted it (or the waiting list gave it).' },
    WAITLISTED: { description: 'On the shift’s waiting list (`linePosition`).' },
    OFFERED: { description: 'A freed place is offered until `offerExpiresAt`.' },
    REJECTED: { description: 'The club did not confirm it, or cancelled the shift.' },
    WITHDRAWN: { description: 'The volunteer dropped it (or declined an offer).' },
    LAPSED: { description: 'An offered place ran out unanswered.' },
  },
});

export enum ShiftDecisionEnum {
  ACCEPT = 'accepted',
  WAITLIST = 'waitlisted',
  REJECT = 'rejected',
}
registerEnumType(ShiftDecisionEnum, {
  name: 'ShiftDecision',
  description: "The club's decision on a sign-up to a shift.",
  valuesConfig: {
    ACCEPT: { description: 'Accept (a requested or waitlisted one, while a place is free).' },
    WAITLIST: { description: 'Put a requested one on the waiting list.' },
    REJECT: { description: 'Reject an open one; a place it held goes to the waiting list.' },
  },
});

export enum ShiftSwapStatusEnum {
  PROPOSED = 'proposed',
  ACCEPTED = 'accepted',
  DECLINED = 'declined',
  CANCELLED = 'cancelled',
}
registerEnumType(ShiftSwapStatusEnum, {
  name: 'ShiftSwapStatus',
  description: 'Where a proposal to exchange shifts stands.',
  valuesConfig: {
    PROPOSED: { description: 'Waiting for the other volunteer.' },
    ACCEPTED: { description: 'Agreed: the two exchanged shifts.' },
    DECLINED: { description: 'The other volunteer declined.' },
    CANCELLED: { description: 'The proposer withdrew it, or another swap of either place went first.' },
  },
});

export enum ShiftAttendanceEnum {
  ATTENDED = 'attended',
  ABSENT = 'absent',
}
registerEnumType(ShiftAttendanceEnum, {
  name: 'ShiftAttendance',
  description: 'Whether an accepted volunteer came to a shift.',
  valuesConfig: {
    ATTENDED: { description: 'They came: the shift’s hours are recorded, approved.' },
    ABSENT: { description: 'They did not come: hours recorded for the shift are revoked.' },
  },
});

@ObjectType({ implements: Node, description: "A dated shift of a volunteer position, with its own places and waiting list. Visible to whoever may see its position." })
export class PositionShift extends Node {
  @Field(() => Date, { description: 'When it starts.' })
  startsAt!: Date;

  @Field(() => Date, { description: 'When it ends.' })
  endsAt!: Date;

  @Field(() => Int, { description: 'How many volunteers it takes.' })
  places!: number;

  @Field(() => Date, { nullable: true, description: 'When the club cancelled it; null while it stands.' })
  cancelledAt!: Date | null;
}

@ObjectType({ description: "A page of a position's shifts, earliest first." })
export class PositionShiftConnection extends connectionOf(PositionShift, 'PositionShift', { totalCount: 'How many shifts the list holds, over all pages.' }) {}

@ObjectType({ implements: Node, description: "A volunteer's place on one shift (its id is what markShiftAttendance takes). Visible to the volunteer, the club's owner and platform administrators; null for everyone else." })
export class ShiftSignup extends Node {
  @Field(() => ShiftSignupStatusEnum, { description: 'Where it stands.' })
  status!: ShiftSignupStatusEnum;

  @Field(() => Date, { nullable: true, description: 'While OFFERED: until when the place stands; null otherwise.' })
  offerExpiresAt!: Date | null;

  @Field(() => ShiftAttendanceEnum, { nullable: true, description: 'After the shift: whether the volunteer came, as the club confirmed (`markShiftAttendance`); null until then.' })
  attendance!: ShiftAttendanceEnum | null;
}

@ObjectType({ description: 'An accepted volunteer on a shift, as fellow volunteers of the position see them (to propose a swap).' })
export class ShiftTeammate {
  @Field(() => ID, { description: "What `proposeShiftSwap` takes as `withSignupId` (their sign-up, which the caller cannot read)." })
  handle!: string;

  @Field(() => String, { description: 'Their first name and the initial of their last name.' })
  name!: string;
}

@ObjectType({ description: "A page of a shift's sign-ups: accepted first, then the line in order, then requested and closed ones." })
export class ShiftSignupConnection extends connectionOf(ShiftSignup, 'ShiftSignup', { totalCount: 'How many sign-ups the list holds, over all pages.' }) {}

@ObjectType({ implements: Node, description: 'A proposal between two accepted volunteers of a position to exchange their shifts. Visible to the two volunteers, the club’s owner and platform administrators.' })
export class ShiftSwap extends Node {
  @Field(() => ShiftSwapStatusEnum, { description: 'Where it stands.' })
  status!: ShiftSwapStatusEnum;

  @Field(() => Date, { description: 'When it was proposed.' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it was answered or withdrawn; null while proposed.' })
  decidedAt!: Date | null;
}

@ObjectType({ description: 'A page of shift swaps, newest first.' })
export class ShiftSwapConnection extends connectionOf(ShiftSwap, 'ShiftSwap', { totalCount: 'How many swaps the list holds, over all pages.' }) {}

@ArgsType()
export class PositionShiftsArgs extends PageArgs {
  @Field(() => Boolean, { defaultValue: false, description: 'Also list shifts that have ended (and cancelled ones).' })
  includePast!: boolean;
}

// ---- inputs and payloads ----------------------------------------------------------------------

@InputType({ description: 'A new shift of one of the caller’s club’s positions, or a weekly series of them.' })
export class AddPositionShiftsInput {
  @Field(() => ID, { description: "The position's global id." })
  positionId!: string;

  @Field(() => Date, { description: 'When the (first) shift starts; in the future.' })
  startsAt!: Date;

  @Field(() => Date, { description: `When it ends: after it starts, at most ${SHIFT_HOURS_MAX} hours later.` })
  endsAt!: Date;

  @Field(() => Int, { description: `How many volunteers each shift takes, 1 to ${PLACES_MAX}.` })
  places!: number;

  @Field(() => DateScalar, { nullable: true, description: `Repeat weekly (same wall-clock time in the club's time zone) until this day, at most ${SERIES_MAX} shifts; null for a one-off shift.` })
  repeatWeeklyUntil?: string | null;
}

@ObjectType({ description: 'The result of addPositionShifts.' })
export class AddPositionShiftsPayload extends Payload {
  @Field(() => [PositionShift], { nullable: true, description: 'The shifts added, earliest first; null when refused.' })
  shifts?: PositionShift[] | null;
}

@InputType({ description: 'New places for one of the caller’s club’s shifts.' })
export class UpdatePositionShiftInput {
  @Field(() => ID, { description: "The shift's global id." })
  id!: string;

  @Field(() => Int, { description: `How many volunteers it takes, 1 to ${PLACES_MAX}; never fewer than those accepted or offered a place.` })
  places!: number;
}

@ObjectType({ description: 'The result of updatePositionShift.' })
export class UpdatePositionShiftPayload extends Payload {
  @Field(() => PositionShift, { nullable: true, description: 'The shift; null when refused.' })
  shift?: PositionShift | null;
}

@InputType({ description: 'Which of the caller’s club’s shifts to cancel, and why.' })
export class CancelPositionShiftInput {
  @Field(() => ID, { description: "The shift's global id." })
  id!: string;

  @Field(() => String, { description: `Why, told to its volunteers (1 to ${SHIFT_CANCEL_REASON_MAX} characters).` })
  reason!: string;
}

@ObjectType({ description: 'The result of cancelPositionShift.' })
export class CancelPositionShiftPayload extends Payload {
  @Field(() => PositionShift, { nullable: true, description: 'The cancelled shift; null when refused.' })
  shift?: PositionShift | null;
}

@InputType({ description: "The club's decision on one sign-up to its shift." })
export class DecideShiftSignupInput {
  @Field(() => ID, { description: "The sign-up's global id." })
  id!: string;

  @Field(() => ShiftDecisionEnum, { description: 'Accept, put on the waiting list, or reject.' })
  decision!: ShiftDecisionEnum;
}

@ObjectType({ description: 'The result of decideShiftSignup.' })
export class DecideShiftSignupPayload extends Payload {
  @Field(() => ShiftSignup, { nullable: true, description: 'The sign-up; null when refused.' })
  signup?: ShiftSignup | null;
}

@InputType({ description: 'Which of the caller’s shift sign-ups to drop.' })
export class WithdrawShiftSignupInput {
  @Field(() => ID, { description: "The sign-up's global id." })
  id!: string;
}

@ObjectType({ description: 'The result of withdrawShiftSignup.' })
export class WithdrawShiftSignupPayload extends Payload {
  @Field(() => ShiftSignup, { nullable: true, description: 'The sign-up, now WITHDRAWN; null when refused.' })
  signup?: ShiftSignup | null;
}

@InputType({ description: 'The caller’s answer to a shift place offered to them.' })
export class AnswerShiftOfferInput {
  @Field(() => ID, { description: "The sign-up's global id." })
  id!: string;

  @Field(() => OfferAnswerEnum, { description: 'Take or refuse the place.' })
  answer!: OfferAnswerEnum;
}

@ObjectType({ description: 'The result of answerShiftOffer.' })
export class AnswerShiftOfferPayload extends Payload {
  @Field(() => ShiftSignup, { nullable: true, description: 'The sign-up, now ACCEPTED or WITHDRAWN; null when refused.' })
  signup?: ShiftSignup | null;
}

@InputType({ description: 'A proposal to exchange one of the caller’s accepted shifts for another accepted volunteer’s shift of the same position.' })
export class ProposeShiftSwapInput {
  @Field(() => ID, { description: "The caller's accepted sign-up's global id." })
  signupId!: string;

  @Field(() => ID, { description: "The other volunteer's accepted sign-up's global id (from `PositionShift.teammates`)." })
  withSignupId!: string;
}

@ObjectType({ description: 'The result of proposeShiftSwap.' })
export class ProposeShiftSwapPayload extends Payload {
  @Field(() => ShiftSwap, { nullable: true, description: 'The proposal; null when refused.' })
  swap?: ShiftSwap | null;
}

@InputType({ description: 'The asked volunteer’s answer to a shift swap.' })
export class AnswerShiftSwapInput {
  @Field(() => ID, { description: "The swap's global id." })
  id!: string;

  @Field(() => OfferAnswerEnum, { description: 'Agree (exchange the shifts) or decline.' })
  answer!: OfferAnswerEnum;
}

@ObjectType({ description: 'The result of answerShiftSwap.' })
export class AnswerShiftSwapPayload extends Payload {
  @Field(() => ShiftSwap, { nullable: true, description: 'The swap; null when refused.' })
  swap?: ShiftSwap | null;
}

@InputType({ description: 'Which of the caller’s proposed swaps to withdraw.' })
export class CancelShiftSwapInput {
  @Field(() => ID, { description: "The swap's global id." })
  id!: string;
}

@ObjectType({ description: 'The result of cancelShiftSwap.' })
export class CancelShiftSwapPayload extends Payload {
  @Field(() => ShiftSwap, { nullable: true, description: 'The swap, now CANCELLED; null when refused.' })
  swap?: ShiftSwap | null;
}
