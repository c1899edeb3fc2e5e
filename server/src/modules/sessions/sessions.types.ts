// A club's dated sessions and events, and the answers to them: the GraphQL types (issue 29).
// Relation and derived fields (club, myAnswer, headCount, attendees, …) are declared by the
// resolvers in sessions.resolver.ts.
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Node, connectionOf } from '../../graphql/relay.js';
import { Payload } from '../../graphql/payload.js';
import { Club } from '../clubs/clubs.types.js';
import { Member } from '../users/users.types.js';
import { ANSWER_REASON_MAX, CANCEL_REASON_MAX, CAPACITY_MAX, EVENT_DAYS_MAX, REMINDER_OFFSET_CHOICES, REMINDER_OFFSETS_MAX, SESSION_DESCRIPTION_MAX, SESSION_PLACE_MAX, SESSION_TITLE_MAX } from './sessions.rules.js';

export enum ClubSessionKindEnum {
  SESSION = 'session',
  EVENT = 'event',
}
registerEnumType(ClubSessionKindEnum, {
  name: 'ClubSessionKind',
  description: 'Where a dated session comes from.',
  valuesConfig: {
    SESSION: { description: "A training session made from one of the club's weekly meeting times." },
    EVENT: { description: 'A one-off event the owner added (a tournament, a social, a match).' },
  },
});

export enum SessionAnswerEnum {
  GOING = 'going',
  CANT = 'cant',
  WAITING = 'waiting',
}
registerEnumType(SessionAnswerEnum, {
  name: 'SessionAnswer',
  description: "A member's answer for a session or event.",
  valuesConfig: {
    GOING: { description: 'Going.' },
    CANT: { description: "Can't make it." },
    WAITING: { description: 'Going, but the event was full: on the waiting list, promoted in order when a place frees.' },
  },
});

export enum SessionAnswerChoiceEnum {
  GOING = 'going',
  CANT = 'cant',
}
registerEnumType(SessionAnswerChoiceEnum, {
  name: 'SessionAnswerChoice',
  description: 'What a member can answer (a full event puts a Going on the waiting list).',
  valuesConfig: { GOING: { description: 'Going.' }, CANT: { description: "Can't make it." } },
});

@ObjectType({
  implements: Node,
  description:
    "A dated training session (made from a club's weekly meeting times, for the next weeks) or a one-off event of a club. Visible to whoever may see the club. Its page is /clubs/{clubId}/sessions/{id}. Cancelled ones stay listed (as cancelled) until they would have ended.",
})
export class ClubSession extends Node {
  @Field(() => ClubSessionKindEnum, { description: 'A training session from the meeting times, or an event.' })
  kind!: ClubSessionKindEnum;

  @Field(() => String, { nullable: true, description: `An event's title (at most ${SESSION_TITLE_MAX} characters); null for a training session (named by its club).` })
  title!: string | null;

  @Field(() => String, { nullable: true, description: `An event's description: sanitised rich text (b, i, em, strong, p, br, ul, ol, li), at most ${SESSION_DESCRIPTION_MAX} characters; null when none.` })
  description!: string | null;

  @Field(() => String, { nullable: true, description: `Where it happens, when the owner said (at most ${SESSION_PLACE_MAX} characters); otherwise the club's address applies.` })
  place!: string | null;

  @Field(() => Date, { description: 'When it starts.' })
  startsAt!: Date;

  @Field(() => Date, { description: 'When it ends.' })
  endsAt!: Date;

  @Field(() => Int, { nullable: true, description: `How many can go (an event's places, 1 to ${CAPACITY_MAX}); null: no limit.` })
  capacity!: number | null;

  @Field(() => Date, { nullable: true, description: 'When the owner cancelled it; null unless cancelled.' })
  cancelledAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'Why the owner cancelled it; null unless cancelled.' })
  cancelReason!: string | null;

  @Field(() => Date, { nullable: true, description: 'When the owner last moved it (date, time or place), or when a change of meeting times left it at its old time because members had answered; null otherwise.' })
  movedAt!: Date | null;

  @Field(() => Int, { description: 'Raised on every change (a calendar entry’s SEQUENCE).' })
  sequence!: number;
}

@ObjectType({ description: 'How many answered what (Going counts the followers who did not answer a training session of a club that counts them as attending by default).' })
export class SessionHeadCount {
  @Field(() => Int, { description: 'Going.' })
  going!: number;

  @Field(() => Int, { description: "Can't make it." })
  cant!: number;

  @Field(() => Int, { description: 'On the waiting list.' })
  waiting!: number;

  @Field(() => Int, { description: 'Followers who have not answered (0 where they count as going by default).' })
  noAnswer!: number;
}

@ObjectType({ description: "The caller's own answer for a session or event." })
export class MySessionAnswer {
  @Field(() => SessionAnswerEnum, { description: 'The answer.' })
  answer!: SessionAnswerEnum;

  @Field(() => String, { nullable: true, description: "The reason given with Can't make it; null when none." })
  reason!: string | null;

  @Field(() => Boolean, { description: 'True when the caller did not answer and counts as going because the club counts followers as attending by default.' })
  byDefault!: boolean;

  @Field(() => Int, { nullable: true, description: 'The place in the waiting line, from 1; null unless waiting.' })
  waitingPosition!: number | null;

  @Field(() => Date, { nullable: true, description: 'When the caller answered; null when counted by default.' })
  answeredAt!: Date | null;
}

@ObjectType({ description: "A member's answer, as the club's owner sees it (their name, never their email)." })
export class SessionAttendee {
  @Field(() => Member, { description: 'The member.' })
  member!: Member;

  @Field(() => SessionAnswerEnum, { description: 'Their answer.' })
  answer!: SessionAnswerEnum;

  @Field(() => String, { nullable: true, description: "Their reason for Can't make it; null when none." })
  reason!: string | null;

  @Field(() => Date, { description: 'When they answered.' })
  answeredAt!: Date;
}

@ObjectType({ description: 'A page of sessions and events, by start.' })
export class ClubSessionConnection extends connectionOf(ClubSession, 'ClubSession', { totalCount: 'How many sessions and events the list holds, over all pages.' }) {}

@ObjectType({ description: "A page of a session's answers." })
export class SessionAttendeeConnection extends connectionOf(SessionAttendee, 'SessionAttendee', { totalCount: 'How many gave that answer.' }) {}

@InputType({ description: 'An answer for a session or event.' })
export class AnswerSessionInput {
  @Field(() => ID, { description: "The session's global id." })
  sessionId!: string;

  @Field(() => SessionAnswerChoiceEnum, { description: "Going or Can't make it (Going to a full event is a place on the waiting list)." })
  answer!: SessionAnswerChoiceEnum;

  @Field(() => String, { nullable: true, description: `With Can't make it, an optional reason for the owner (at most ${ANSWER_REASON_MAX} characters).` })
  reason?: string | null;
}

@InputType({ description: 'Cancels one session or event.' })
export class CancelSessionInput {
  @Field(() => ID, { description: "The session's global id." })
  sessionId!: string;

  @Field(() => String, { description: `Why (at most ${CANCEL_REASON_MAX} characters): the followers who were coming are told.` })
  reason!: string;
}

@InputType({ description: 'Moves one session or event.' })
export class MoveSessionInput {
  @Field(() => ID, { description: "The session's global id." })
  sessionId!: string;

  @Field(() => Date, { description: 'The new start, in the future.' })
  startsAt!: Date;

  @Field(() => Date, { description: `The new end, after the start (at most ${EVENT_DAYS_MAX} days later).` })
  endsAt!: Date;

  @Field(() => String, { nullable: true, description: 'Where; null or empty: the club’s usual place.' })
  place?: string | null;
}

@InputType({ description: "An event's details." })
export class ClubEventInput {
  @Field(() => String, { description: `The title, 1 to ${SESSION_TITLE_MAX} characters.` })
  title!: string;

  @Field(() => String, { nullable: true, description: `What it is: rich text (b, i, em, strong, p, br, ul, ol, li; everything else is removed), at most ${SESSION_DESCRIPTION_MAX} characters.` })
  description?: string | null;

  @Field(() => String, { nullable: true, description: `Where, at most ${SESSION_PLACE_MAX} characters.` })
  place?: string | null;

  @Field(() => Date, { description: 'When it starts, in the future.' })
  startsAt!: Date;

  @Field(() => Date, { description: `When it ends, after the start (at most ${EVENT_DAYS_MAX} days later).` })
  endsAt!: Date;

  @Field(() => Int, { nullable: true, description: `How many can go, 1 to ${CAPACITY_MAX}; null: no limit. Not fewer than are already going.` })
  capacity?: number | null;
}

@InputType({ description: 'Changes an event.' })
export class UpdateClubEventInput extends ClubEventInput {
  @Field(() => ID, { description: "The event's global id." })
  sessionId!: string;
}

@InputType({ description: "The club's session settings." })
export class UpdateClubSessionSettingsInput {
  @Field(() => Boolean, { description: "Count followers as going to the club's training sessions (not its events) unless they answer otherwise." })
  attendingByDefault!: boolean;

  @Field(() => [Int], { description: `When reminders go out, in minutes before the start: up to ${REMINDER_OFFSETS_MAX} of ${REMINDER_OFFSET_CHOICES.join(', ')}; empty: no reminders.` })
  reminderOffsetsMinutes!: number[];
}

@ObjectType({ description: 'The result of answerSession.' })
export class AnswerSessionPayload extends Payload {
  @Field(() => ClubSession, { nullable: true, description: 'The session with the caller’s answer; null when refused.' })
  session?: ClubSession | null;
}

@ObjectType({ description: 'The result of cancelSession.' })
export class CancelSessionPayload extends Payload {
  @Field(() => ClubSession, { nullable: true, description: 'The cancelled session; null when refused.' })
  session?: ClubSession | null;
}

@ObjectType({ description: 'The result of moveSession.' })
export class MoveSessionPayload extends Payload {
  @Field(() => ClubSession, { nullable: true, description: 'The moved session; null when refused.' })
  session?: ClubSession | null;
}

@ObjectType({ description: 'The result of createClubEvent.' })
export class CreateClubEventPayload extends Payload {
  @Field(() => ClubSession, { nullable: true, description: 'The new event; null when refused.' })
  session?: ClubSession | null;
}

@ObjectType({ description: 'The result of updateClubEvent.' })
export class UpdateClubEventPayload extends Payload {
  @Field(() => ClubSession, { nullable: true, description: 'The changed event; null when refused.' })
  session?: ClubSession | null;
}

@ObjectType({ description: 'The result of updateClubSessionSettings.' })
export class UpdateClubSessionSettingsPayload extends Payload {
  @Field(() => Club, { nullable: true, description: 'The club with its settings; null when refused.' })
  club?: Club | null;
}

@ObjectType({ description: "Sent when a club's sessions, their answers or its session settings change." })
export class ClubSessionsChangedEvent {
  @Field(() => Club, { description: 'The club, as it is now.' })
  club!: Club;
}

@ObjectType({ description: 'Sent when a session or event, or its answers, change.' })
export class SessionChangedEvent {
  @Field(() => ClubSession, { description: 'The session, as it is now.' })
  session!: ClubSession;
}

@ObjectType({ description: "What a one-tap answer link of a session reminder would do, for the member it was sent to (no sign-in needed: the signed link is the authority)." })
export class SessionAnswerLink {
  @Field(() => ClubSession, { description: 'The session or event it answers for.' })
  session!: ClubSession;

  @Field(() => SessionAnswerChoiceEnum, { description: 'The answer it gives.' })
  answer!: SessionAnswerChoiceEnum;

  @Field(() => Boolean, { description: 'True when the link was used already (a link answers once).' })
  used!: boolean;
}

@InputType({ description: 'The one-tap link to act on.' })
export class AnswerSessionByLinkInput {
  @Field(() => String, { description: 'The token of the link (`token` of `/sessions/answer?token=…`).' })
  token!: string;
}

@ObjectType({ description: 'The result of answerSessionByLink.' })
export class AnswerSessionByLinkPayload extends Payload {
  @Field(() => ClubSession, { nullable: true, description: 'The session answered for; null when refused.' })
  session?: ClubSession | null;

  @Field(() => MySessionAnswer, { nullable: true, description: "The member's answer now (Going beyond an event's places is Waiting); null when refused." })
  answer?: MySessionAnswer | null;
}
