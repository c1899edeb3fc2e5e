// A club's volunteer positions and the owner's mutations on them. The `club` relation is declared
// by VolunteerPositionResolver (volunteer-positions.resolver.ts).
import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Node, PageArgs, connectionOf } from '../../graphql/relay.js';
import { Payload } from '../../graphql/payload.js';
import { DateScalar } from '../../graphql/scalars.js';
import { OpportunityStatusEnum, WaitlistPolicyEnum } from '../opportunities/opportunity-enums.types.js';
import { OFFER_HOURS_DEFAULT, OFFER_HOURS_MAX, PLACES_MAX } from '../opportunities/opportunities.rules.js';

@ObjectType({
  implements: Node,
  description:
    "A club's volunteer position (volunteers call a live, ACTIVE one an opportunity). New positions are hidden until the club makes them live: everyone sees the live positions of approved clubs; the club's owner and platform administrators see all of them; a volunteer who applied to one still sees it.",
})
export class VolunteerPosition extends Node {
  @Field(() => String, { description: 'The role, at least 2 characters.' })
  title!: string;

  @Field(() => String, { description: 'What the role is, at least 10 characters.' })
  description!: string;

  @Field(() => String, { description: 'What the volunteer does; empty when not given.' })
  responsibilities!: string;

  @Field(() => String, { description: 'What the volunteer needs; empty when not given.' })
  requirements!: string;

  @Field(() => String, { description: 'How much time it takes; empty when not given.' })
  timeCommitment!: string;

  @Field(() => String, { description: 'Where it happens; empty when not given.' })
  location!: string;

  @Field(() => String, { description: 'Whom to ask and how; empty when not given.' })
  contactInfo!: string;

  @Field(() => Boolean, { description: 'Whether the public sees it (the club made it live).' })
  isLive!: boolean;

  @Field(() => OpportunityStatusEnum, { description: 'Whether it takes applications (ACTIVE) or has been filled or cancelled.' })
  status!: OpportunityStatusEnum;

  @Field(() => [String], { description: 'The skills it asks for, as the club wrote them (at most 20); empty when none.' })
  requiredSkills!: string[];

  @Field(() => DateScalar, { nullable: true, description: 'The day it starts; null when not given.' })
  startDate!: string | null;

  @Field(() => Boolean, { description: 'Whether it recurs (a regular commitment rather than a one-off).' })
  isRecurring!: boolean;

  @Field(() => Int, { nullable: true, description: 'How many volunteers it takes; null: no limit.' })
  places!: number | null;

  @Field(() => WaitlistPolicyEnum, { description: 'What happens when a place frees on a full position.' })
  waitlistPolicy!: WaitlistPolicyEnum;

  @Field(() => Int, { description: 'How many hours a timed offer stands (shortened close to the start).' })
  offerHours!: number;

  @Field(() => Date, { description: 'When it was added.' })
  createdAt!: Date;

  @Field(() => Date, { description: 'When it last changed.' })
  updatedAt!: Date;
}

@ObjectType({ description: "A page of a club's volunteer positions, newest first." })
export class VolunteerPositionConnection extends connectionOf(VolunteerPosition, 'VolunteerPosition', {
  totalCount: 'How many positions the list holds, over all pages.',
}) {}

@ArgsType()
export class ClubPositionsArgs extends PageArgs {
  @Field(() => Boolean, {
    defaultValue: false,
    description: "Also list the hidden positions. Only for the club's owner and platform administrators; everyone else gets the live positions whatever this says.",
  })
  includeHidden!: boolean;
}

@InputType({ description: 'A new volunteer position of the caller’s club. Blank optional texts are stored empty.' })
export class CreateVolunteerPositionInput {
  @Field(() => String, { description: 'The role, 2 to 120 characters.' })
  title!: string;

  @Field(() => String, { description: 'What the role is, 10 to 2000 characters.' })
  description!: string;

  @Field(() => String, { nullable: true, description: 'What the volunteer does, at most 2000 characters.' })
  responsibilities?: string | null;

  @Field(() => String, { nullable: true, description: 'What the volunteer needs, at most 2000 characters.' })
  requirements?: string | null;

  @Field(() => String, { nullable: true, description: 'How much time it takes, at most 200 characters.' })
  timeCommitment?: string | null;

  @Field(() => String, { nullable: true, description: 'Where it happens, at most 200 characters.' })
  location?: string | null;

  @Field(() => String, { nullable: true, description: 'Whom to ask and how, at most 200 characters.' })
  contactInfo?: string | null;

  @Field(() => [String], { nullable: true, description: 'The skills it asks for: at most 20 of 1 to 40 characters; blanks and letter-case repeats are dropped. Null or omitted for none.' })
  requiredSkills?: string[] | null;

  @Field(() => DateScalar, { nullable: true, description: 'The day it starts; null or omitted for none.' })
  startDate?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether it recurs; null or omitted for false.' })
  isRecurring?: boolean | null;

  @Field(() => Int, { nullable: true, description: `How many volunteers it takes, 1 to ${PLACES_MAX}; null or omitted for no limit. Never fewer than those already accepted or offered a place.` })
  places?: number | null;

  @Field(() => WaitlistPolicyEnum, { nullable: true, description: 'What happens when a place frees on a full position; null or omitted for AUTOMATIC.' })
  waitlistPolicy?: WaitlistPolicyEnum | null;

  @Field(() => Int, { nullable: true, description: `How long a timed offer stands, 1 to ${OFFER_HOURS_MAX} hours; null or omitted for ${OFFER_HOURS_DEFAULT}.` })
  offerHours?: number | null;
  // Safeguarding (issue 30 §5).
  @Field(() => ID, { nullable: true, description: 'The safeguarding check it requires: a CheckKind global id from `checkKinds` (one retired since may stay on a position that already requires it); null or omitted for none.' })
  requiredCheckId?: string | null;
}

@InputType({ description: 'New texts for one of the caller’s club’s positions (all of them: an omitted optional text is stored empty).' })
export class UpdateVolunteerPositionInput extends CreateVolunteerPositionInput {
  @Field(() => ID, { description: "The position's global id." })
  id!: string;
}

@InputType({ description: 'Shows or hides one of the caller’s club’s positions.' })
export class SetVolunteerPositionLiveInput {
  @Field(() => ID, { description: "The position's global id." })
  id!: string;

  @Field(() => Boolean, { description: 'true shows it to the public, false hides it.' })
  isLive!: boolean;
}

@InputType({ description: 'Which of the caller’s club’s positions to delete.' })
export class DeleteVolunteerPositionInput {
  @Field(() => ID, { description: "The position's global id." })
  id!: string;
}

@ObjectType({ description: 'The result of createVolunteerPosition.' })
export class CreateVolunteerPositionPayload extends Payload {
  @Field(() => VolunteerPosition, { nullable: true, description: 'The new position (hidden); null when refused.' })
  position?: VolunteerPosition | null;
}

@ObjectType({ description: 'The result of updateVolunteerPosition.' })
export class UpdateVolunteerPositionPayload extends Payload {
  @Field(() => VolunteerPosition, { nullable: true, description: 'The position as saved; null when refused.' })
  position?: VolunteerPosition | null;
}

@ObjectType({ description: 'The result of setVolunteerPositionLive.' })
export class SetVolunteerPositionLivePayload extends Payload {
  @Field(() => VolunteerPosition, { nullable: true, description: 'The position, now shown or hidden; null when refused.' })
  position?: VolunteerPosition | null;
}

@ObjectType({ description: 'The result of deleteVolunteerPosition.' })
export class DeleteVolunteerPositionPayload extends Payload {
  @Field(() => ID, { nullable: true, description: 'The global id of the deleted position; null when refused.' })
  deletedPositionId?: string | null;
}
