import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Node, connectionOf } from '../../graphql/relay.js';
import { Payload } from '../../graphql/payload.js';
import { DateScalar, LocalTimeScalar } from '../../graphql/scalars.js';
import { Member } from '../users/users.types.js';

export enum MeetingStatusEnum {
  UPCOMING = 'upcoming',
  COMPLETED = 'completed',
  CANCELLED = 'cancelled',
}
registerEnumType(MeetingStatusEnum, {
  name: 'MeetingStatus',
  description: 'Where a council meeting stands.',
  valuesConfig: {
    UPCOMING: { description: 'Planned: listed under upcoming meetings whatever its date.' },
    COMPLETED: { description: 'Held: upcoming while dated today or later, then past (with its minutes).' },
    CANCELLED: { description: 'Called off: in neither public list; the calendar feed keeps it, marked cancelled.' },
  },
});

const COUNCIL_ZONE = "in the council's time zone (`COUNCIL_TIME_ZONE`, default Europe/London)";

@ObjectType({ implements: Node, description: 'A sports council meeting. Non-public meetings are seen by council administrators only.' })
export class CouncilMeeting extends Node {
  @Field(() => String, { description: 'The title, 1 to 200 characters.' })
  title!: string;

  @Field(() => DateScalar, { description: `The calendar day of the meeting ${COUNCIL_ZONE}.` })
  meetingDate!: string;

  @Field(() => LocalTimeScalar, { nullable: true, description: `When it starts, on the council's wall clock ${COUNCIL_ZONE}; null when no time is set (an all-day event in calendars).` })
  meetingTime!: string | null;

  @Field(() => String, { nullable: true, description: 'Where it takes place; null when not given.' })
  location!: string | null;

  @Field(() => String, { description: 'The agenda as rich text: only b, i, em, strong, p, br, ul, ol, li, without attributes; empty when none.' })
  agenda!: string;

  @Field(() => String, { description: 'The minutes, rich text as the agenda; empty until published.' })
  minutes!: string;

  @Field(() => MeetingStatusEnum, { description: 'Upcoming, completed or cancelled.' })
  status!: MeetingStatusEnum;

  @Field(() => Boolean, { description: 'Whether everyone may see it; non-public meetings are seen by council administrators only.' })
  isPublic!: boolean;

  @Field(() => Date, { description: 'When the meeting was created.' })
  createdAt!: Date;

  @Field(() => Date, { description: 'When the meeting last changed.' })
  updatedAt!: Date;
}

@ObjectType({ description: 'A page of council meetings, in the order its field states.' })
export class CouncilMeetingConnection extends connectionOf(CouncilMeeting, 'CouncilMeeting', { totalCount: 'How many meetings the list holds, over all pages.' }) {}

@ObjectType({
  description:
    "The public meetings page: public meetings in two lists judged against `today` in the council's time zone. Cancelled and non-public meetings are in neither, whoever asks.",
})
export class PublicCouncilMeetings {
  @Field(() => DateScalar, { description: `Today's date ${COUNCIL_ZONE}: the day the two lists are judged against.` })
  today!: string;

  /** The year filter the lists were asked with (not a field). */
  year!: number | null;
}

@ObjectType({ description: 'The council admin overview counters, over the meetings the caller may see.' })
export class CouncilMeetingStats {
  @Field(() => Int, { description: 'All meetings.' })
  totalMeetings!: number;

  @Field(() => Int, { description: 'Meetings with status upcoming.' })
  upcomingMeetings!: number;

  @Field(() => Int, { description: 'Meetings with status completed.' })
  completedMeetings!: number;

  @Field(() => Int, { description: `Meetings dated in the current year ${COUNCIL_ZONE}.` })
  meetingsThisYear!: number;
}

@ObjectType({
  description:
    'An email granted the sports council administrator role (platform administrators hold it without a grant). A grant is named by its email; it is not a Node.',
})
export class CouncilAdmin {
  @Field(() => String, { description: 'The granted email, in lower case.' })
  email!: string;

  @Field(() => String, { nullable: true, description: "The full name of the account using this email; null when no account uses it any more." })
  fullName!: string | null;

  @Field(() => Date, { description: 'When the role was granted.' })
  grantedAt!: Date;

  /** The account using the email, if any (resolved into `member`). */
  userId!: string | null;
}

@ObjectType({ description: 'A page of council administrator grants, by email.' })
export class CouncilAdminConnection extends connectionOf(CouncilAdmin, 'CouncilAdmin', { totalCount: 'How many grants there are, over all pages.' }) {}

// ---- inputs and payloads --------------------------------------------------------------------

@InputType({ description: 'A new council meeting (the meeting dialog).' })
export class CreateCouncilMeetingInput {
  @Field(() => String, { description: "1 to 200 characters ('Title is required', 'Title must be less than 200 characters')." })
  title!: string;

  @Field(() => DateScalar, { description: `The calendar day ${COUNCIL_ZONE}.` })
  meetingDate!: string;

  @Field(() => LocalTimeScalar, { nullable: true, description: "The start on the council's wall clock; null or omitted for none." })
  meetingTime?: string | null;

  @Field(() => String, { nullable: true, description: 'Where; at most 200 characters; empty or null for none.' })
  location?: string | null;

  @Field(() => String, { nullable: true, description: 'Rich text; tags other than b, i, em, strong, p, br, ul, ol, li and every attribute are removed.' })
  agenda?: string | null;

  @Field(() => String, { nullable: true, description: 'Rich text, cleaned as the agenda.' })
  minutes?: string | null;

  @Field(() => MeetingStatusEnum, { nullable: true, description: 'UPCOMING when omitted.' })
  status?: MeetingStatusEnum | null;

  @Field(() => Boolean, { nullable: true, description: 'True (public) when omitted.' })
  isPublic?: boolean | null;
}

@InputType({ description: 'Changes to a council meeting: omitted fields keep their values; the whole meeting must still meet the rules.' })
export class UpdateCouncilMeetingInput {
  @Field(() => ID, { description: "The meeting's global id." })
  id!: string;

  @Field(() => String, { nullable: true, description: 'A new title, 1 to 200 characters.' })
  title?: string | null;

  @Field(() => DateScalar, { nullable: true, description: `A new calendar day ${COUNCIL_ZONE}.` })
  meetingDate?: string | null;

  @Field(() => LocalTimeScalar, { nullable: true, description: 'A new start time; null removes the time.' })
  meetingTime?: string | null;

  @Field(() => String, { nullable: true, description: 'A new place; empty or null removes it.' })
  location?: string | null;

  @Field(() => String, { nullable: true, description: 'A new agenda (rich text, cleaned).' })
  agenda?: string | null;

  @Field(() => String, { nullable: true, description: 'New minutes (rich text, cleaned).' })
  minutes?: string | null;

  @Field(() => MeetingStatusEnum, { nullable: true, description: 'A new status; null or omitted keeps it.' })
  status?: MeetingStatusEnum | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether everyone may see it; null or omitted keeps it.' })
  isPublic?: boolean | null;
}

@InputType({ description: 'The council meeting to delete.' })
export class DeleteCouncilMeetingInput {
  @Field(() => ID, { description: "The meeting's global id." })
  id!: string;
}

@ObjectType({ description: 'The result of createCouncilMeeting.' })
export class CreateCouncilMeetingPayload extends Payload {
  @Field(() => CouncilMeeting, { nullable: true, description: 'The new meeting; null when refused.' })
  meeting?: CouncilMeeting | null;
}

@ObjectType({ description: 'The result of updateCouncilMeeting.' })
export class UpdateCouncilMeetingPayload extends Payload {
  @Field(() => CouncilMeeting, { nullable: true, description: 'The meeting as saved; null when refused.' })
  meeting?: CouncilMeeting | null;
}

@ObjectType({ description: 'The result of deleteCouncilMeeting.' })
export class DeleteCouncilMeetingPayload extends Payload {
  @Field(() => ID, { nullable: true, description: 'The global id of the meeting that was deleted; null when refused.' })
  deletedMeetingId?: string | null;
}

@InputType({ description: 'Whom to make a council administrator.' })
export class GrantCouncilAdminInput {
  @Field(() => String, { description: 'The email of an existing account (any letter case).' })
  email!: string;
}

@InputType({ description: 'Whose council administrator grant to remove.' })
export class RevokeCouncilAdminInput {
  @Field(() => String, { description: 'The granted email (any letter case).' })
  email!: string;
}

@ObjectType({ description: 'The result of grantCouncilAdmin.' })
export class GrantCouncilAdminPayload extends Payload {
  @Field(() => CouncilAdmin, { nullable: true, description: 'The grant (granting twice keeps the first); null when refused.' })
  councilAdmin?: CouncilAdmin | null;
}

@ObjectType({ description: 'The result of revokeCouncilAdmin.' })
export class RevokeCouncilAdminPayload extends Payload {
  @Field(() => Boolean, { nullable: true, description: 'Whether a grant was removed (false: the email had none); null when refused.' })
  revoked?: boolean | null;
}

export { Member };
