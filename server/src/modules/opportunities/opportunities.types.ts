// The volunteer side's types: an application (a Node) and its history, the counts, the arguments
// of the opportunities browser and of the volunteer's applications, and the mutations' inputs and
// payloads. Relation and caller-dependent fields are declared by opportunities.resolver.ts.
import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Node, PageArgs, connectionOf } from '../../graphql/relay.js';
import { Payload } from '../../graphql/payload.js';
import { VolunteerPosition } from '../clubs/volunteer-positions.types.js';
import { OfferAnswerEnum, OpportunityStatusEnum, VolunteerApplicationSortEnum, VolunteerApplicationStatusEnum } from './opportunity-enums.types.js';
import {
  APPLICATION_HISTORY_MAX,
  OPPORTUNITY_LOCATION_MAX,
  OPPORTUNITY_SEARCH_MAX,
  OPPORTUNITY_SKILL_MAX,
  REVIEW_NOTE_MAX,
} from './opportunities.rules.js';

/** Who sees an application (said on every field that answers one). */
export const APPLICATION_VISIBILITY = 'Visible to its volunteer, the owner of the position’s club and platform administrators; null for everyone else.';

@ObjectType({
  implements: Node,
  description: `A volunteer's application to a club's volunteer position. ${APPLICATION_VISIBILITY}`,
})
export class VolunteerApplication extends Node {
  @Field(() => VolunteerApplicationStatusEnum, { description: 'Where it stands.' })
  status!: VolunteerApplicationStatusEnum;

  @Field(() => String, { description: "The volunteer's message to the club (10 to 2000 characters)." })
  message!: string;

  @Field(() => Date, { description: 'When the volunteer applied.' })
  appliedAt!: Date;

  @Field(() => Date, { description: 'When its status last changed.' })
  updatedAt!: Date;

  @Field(() => Date, { nullable: true, description: 'While OFFERED: until when the offered place stands; null otherwise.' })
  offerExpiresAt!: Date | null;
}

@ObjectType({ description: `One status an application had, with who set it and when (its history holds at most ${APPLICATION_HISTORY_MAX}).` })
export class VolunteerApplicationEvent {
  @Field(() => VolunteerApplicationStatusEnum, { description: 'The status it took.' })
  status!: VolunteerApplicationStatusEnum;

  @Field(() => Date, { description: 'When.' })
  createdAt!: Date;

  @Field(() => String, { nullable: true, description: "The club's note on an acceptance or rejection; null otherwise." })
  note!: string | null;
}

@ObjectType({ description: 'A page of volunteer applications.' })
export class VolunteerApplicationConnection extends connectionOf(VolunteerApplication, 'VolunteerApplication', {
  totalCount: 'How many applications the list holds (with its status filter), over all pages.',
}) {}

@ObjectType({ description: "The caller's applications counted by status." })
export class VolunteerApplicationStats {
  @Field(() => Int, { description: 'Every application of the caller.' })
  total!: number;

  @Field(() => Int, { description: 'Those waiting for the club.' })
  pending!: number;

  @Field(() => Int, { description: 'Those the club accepted.' })
  accepted!: number;

  @Field(() => Int, { description: 'Those the club rejected.' })
  rejected!: number;

  @Field(() => Int, { description: 'Those the caller withdrew.' })
  withdrawn!: number;

  @Field(() => Int, { description: 'Those on a waiting list.' })
  waitlisted!: number;

  @Field(() => Int, { description: 'Those offered a place that is waiting for their answer.' })
  offered!: number;

  @Field(() => Int, { description: 'Those whose offered place ran out.' })
  lapsed!: number;
}

@ObjectType({ description: "One position's applications counted by status (for its club's owner)." })
export class VolunteerApplicationCounts {
  @Field(() => Int, { description: 'Every application to the position.' })
  total!: number;

  @Field(() => Int, { description: 'Those waiting for a decision.' })
  pending!: number;

  @Field(() => Int, { description: 'Those accepted.' })
  accepted!: number;

  @Field(() => Int, { description: 'Those rejected.' })
  rejected!: number;

  @Field(() => Int, { description: 'Those the volunteers withdrew.' })
  withdrawn!: number;

  @Field(() => Int, { description: 'Those on a waiting list.' })
  waitlisted!: number;

  @Field(() => Int, { description: 'Those offered a place that is waiting for their answer.' })
  offered!: number;

  @Field(() => Int, { description: 'Those whose offered place ran out.' })
  lapsed!: number;
}

// ---- arguments --------------------------------------------------------------------------------

@ArgsType()
export class OpportunitiesArgs extends PageArgs {
  @Field(() => String, {
    nullable: true,
    description: `Words to find (at most ${OPPORTUNITY_SEARCH_MAX} characters): every word must begin a word of the title, description, location or time commitment, or equal a required skill (\`coach lon\` finds a coaching role in London). Blank for no search.`,
  })
  search?: string | null;

  @Field(() => String, { nullable: true, description: `One required skill, matched exactly in any letter case (at most ${OPPORTUNITY_SKILL_MAX} characters). Blank for any.` })
  skill?: string | null;

  @Field(() => String, { nullable: true, description: "The club's sport category (one of `sportCategories`). Blank for all sports." })
  sport?: string | null;

  @Field(() => String, {
    nullable: true,
    description: `Text the position's location or its club's city contains, in any letter case (at most ${OPPORTUNITY_LOCATION_MAX} characters). Blank for anywhere.`,
  })
  location?: string | null;
}

@ArgsType()
export class MyVolunteerApplicationsArgs extends PageArgs {
  @Field(() => VolunteerApplicationStatusEnum, { nullable: true, description: 'Only applications with this status; null for all.' })
  status?: VolunteerApplicationStatusEnum | null;

  @Field(() => VolunteerApplicationSortEnum, { nullable: true, defaultValue: VolunteerApplicationSortEnum.NEWEST, description: 'The order (NEWEST unless said); each order has its own cursors.' })
  sort?: VolunteerApplicationSortEnum | null;
}

@ArgsType()
export class PositionApplicationsArgs extends PageArgs {
  @Field(() => VolunteerApplicationStatusEnum, { nullable: true, description: 'Only applications with this status; null for all.' })
  status?: VolunteerApplicationStatusEnum | null;
}

// ---- inputs and payloads ------------------------------------------------------------------------

@InputType({ description: 'An application to an opportunity.' })
export class ApplyToOpportunityInput {
  @Field(() => ID, { description: "The position's global id." })
  positionId!: string;

  @Field(() => String, { description: 'The message to the club: 10 to 2000 characters once trimmed and tags are stripped.' })
  message!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Optional, 1–100 visible ASCII characters (e.g. a UUID per apply attempt, reused when retrying): a repeat of a key the caller already used applies nothing and answers the first application.',
  })
  idempotencyKey?: string | null;

  @Field(() => [ID], {
    nullable: true,
    description: 'For a position with shifts: the global ids of the shifts asked for (at least one; upcoming, not cancelled, not overlapping each other or the caller’s other shifts). Each full one puts the caller on its waiting list. Null or empty for a position without shifts.',
  })
  shiftIds?: string[] | null;
}

@ObjectType({ description: 'The result of applyToOpportunity.' })
export class ApplyToOpportunityPayload extends Payload {
  @Field(() => VolunteerApplication, { nullable: true, description: 'The pending application (or, for a repeated idempotency key, the first one); null when refused.' })
  application?: VolunteerApplication | null;
}

@InputType({ description: 'Which of the caller’s applications to withdraw.' })
export class WithdrawVolunteerApplicationInput {
  @Field(() => ID, { description: "The application's global id." })
  id!: string;
}

@ObjectType({ description: 'The result of withdrawVolunteerApplication.' })
export class WithdrawVolunteerApplicationPayload extends Payload {
  @Field(() => VolunteerApplication, { nullable: true, description: 'The application, now withdrawn; null when refused.' })
  application?: VolunteerApplication | null;
}

@InputType({ description: 'Which application to the caller’s club to accept, with an optional note.' })
export class AcceptVolunteerApplicationInput {
  @Field(() => ID, { description: "The application's global id." })
  id!: string;

  @Field(() => String, { nullable: true, description: `A note for the history (at most ${REVIEW_NOTE_MAX} characters once tags are stripped); null for none.` })
  note?: string | null;
}

@ObjectType({ description: 'The result of acceptVolunteerApplication.' })
export class AcceptVolunteerApplicationPayload extends Payload {
  @Field(() => VolunteerApplication, { nullable: true, description: 'The application, now accepted; null when refused.' })
  application?: VolunteerApplication | null;
}

@InputType({ description: 'Which application to the caller’s club to reject, with an optional note.' })
export class RejectVolunteerApplicationInput {
  @Field(() => ID, { description: "The application's global id." })
  id!: string;

  @Field(() => String, { nullable: true, description: `A note for the history (at most ${REVIEW_NOTE_MAX} characters once tags are stripped); null for none.` })
  note?: string | null;
}

@ObjectType({ description: 'The result of rejectVolunteerApplication.' })
export class RejectVolunteerApplicationPayload extends Payload {
  @Field(() => VolunteerApplication, { nullable: true, description: 'The application, now rejected; null when refused.' })
  application?: VolunteerApplication | null;
}

@InputType({ description: 'A new status for one of the caller’s club’s positions.' })
export class SetOpportunityStatusInput {
  @Field(() => ID, { description: "The position's global id." })
  id!: string;

  @Field(() => OpportunityStatusEnum, { description: 'ACTIVE (reactivate), FILLED or CANCELLED.' })
  status!: OpportunityStatusEnum;
}

@ObjectType({ description: 'The result of setOpportunityStatus.' })
export class SetOpportunityStatusPayload extends Payload {
  @Field(() => VolunteerPosition, { nullable: true, description: 'The position with its new status; null when refused.' })
  position?: VolunteerPosition | null;
}

@InputType({ description: 'Which pending application to the caller’s club to put on the waiting list, with an optional note.' })
export class WaitlistVolunteerApplicationInput {
  @Field(() => ID, { description: "The application's global id." })
  id!: string;

  @Field(() => String, { nullable: true, description: `A note for the history (at most ${REVIEW_NOTE_MAX} characters once tags are stripped); null for none.` })
  note?: string | null;
}

@ObjectType({ description: 'The result of waitlistVolunteerApplication.' })
export class WaitlistVolunteerApplicationPayload extends Payload {
  @Field(() => VolunteerApplication, { nullable: true, description: 'The application, now on the waiting list; null when refused.' })
  application?: VolunteerApplication | null;
}

@InputType({ description: 'The caller’s answer to a place offered to them.' })
export class AnswerPlaceOfferInput {
  @Field(() => ID, { description: "The application's global id." })
  id!: string;

  @Field(() => OfferAnswerEnum, { description: 'Take or refuse the place.' })
  answer!: OfferAnswerEnum;
}

@ObjectType({ description: 'The result of answerPlaceOffer.' })
export class AnswerPlaceOfferPayload extends Payload {
  @Field(() => VolunteerApplication, { nullable: true, description: 'The application, now ACCEPTED or WITHDRAWN; null when refused.' })
  application?: VolunteerApplication | null;
}

@ObjectType({ description: 'The result of answerPlaceOfferByLink.' })
export class AnswerPlaceOfferByLinkPayload extends Payload {
  @Field(() => VolunteerApplication, { nullable: true, description: 'The application, now ACCEPTED or WITHDRAWN; null when refused.' })
  application?: VolunteerApplication | null;
}

@InputType({ description: 'A one-tap offer link (from the offer’s email).' })
export class AnswerPlaceOfferByLinkInput {
  @Field(() => String, { description: 'The token of the link.' })
  token!: string;
}

@ObjectType({ description: 'What a one-tap offer link would do (it changes nothing until confirmed).' })
export class PlaceOfferLink {
  @Field(() => String, { description: "The position's title." })
  positionTitle!: string;

  @Field(() => String, { description: "The club's name." })
  clubName!: string;

  @Field(() => OfferAnswerEnum, { description: 'What the link answers.' })
  answer!: OfferAnswerEnum;

  @Field(() => Boolean, { description: 'Whether the offer still stands (false: answered, ran out or withdrawn).' })
  open!: boolean;

  @Field(() => Date, { nullable: true, description: 'Until when it stands; null when it no longer does.' })
  offerExpiresAt!: Date | null;
}
