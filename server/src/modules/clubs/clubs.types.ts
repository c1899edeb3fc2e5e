// The Club type (one record per club: the directory's card, a club's page and the owner's
// dashboard are all this type; owner-only fields are null for everyone else), its weekly meeting
// times, and the inputs and payloads of the owner's mutations. Relation and derived fields
// (initials, location, owner, positions, …) are declared by the resolvers in clubs.resolver.ts.
import { ArgsType, Field, InputType, Int, ObjectType } from 'type-graphql';
import { Node, PageArgs, connectionOf } from '../../graphql/relay.js';
import { Payload } from '../../graphql/payload.js';
import { LocalTimeScalar } from '../../graphql/scalars.js';
import { ClubApplicationStatusEnum } from '../users/users.types.js';
import { MEETING_TIMES_MAX } from './clubs.rules.js';

/** Said on every field that only the club's owner and platform administrators see. */
export const OWNER_ONLY = "Only for the club's owner and platform administrators; null for everyone else.";

@ObjectType({
  description: `A weekly session of a club, in the club's own local wall-clock time. A club has at most ${MEETING_TIMES_MAX}; they are listed by day, then start.`,
})
export class MeetingTime {
  @Field(() => Int, { description: 'The ISO weekday: 1 = Monday, 2 = Tuesday … 7 = Sunday.' })
  dayOfWeek!: number;

  @Field(() => LocalTimeScalar, { description: "When the session starts, on the club's clock: a 30-minute slot from 06:00." })
  startTime!: string;

  @Field(() => LocalTimeScalar, { description: "When the session ends, on the club's clock: later than startTime, at most 22:00." })
  endTime!: string;
}

@ObjectType({
  implements: Node,
  description:
    "A sports club: its directory card, its public page and its owner's profile are this one object. Everyone sees approved clubs; an unapproved club is visible only to its owner and platform administrators. Fields marked owner-only are null for everyone else.",
})
export class Club extends Node {
  @Field(() => String, { description: "The club's name; it cannot change once the owner has saved the profile." })
  name!: string;

  @Field(() => String, { nullable: true, description: 'The sport, one of `sportCategories`; null until the owner saves the profile.' })
  category!: string | null;

  @Field(() => String, { nullable: true, description: 'What the club is about (10 to 500 characters once the profile is saved).' })
  description!: string | null;

  @Field(() => String, { description: 'The email address to contact the club.' })
  contactEmail!: string;

  @Field(() => String, { nullable: true, description: 'The phone number to contact the club; null when not given.' })
  contactPhone!: string | null;

  @Field(() => String, { nullable: true, description: "The club's Facebook page; null when not given." })
  facebookUrl!: string | null;

  @Field(() => String, { nullable: true, description: "The club's Instagram page; null when not given." })
  instagramUrl!: string | null;

  @Field(() => String, { nullable: true, description: "The club's Twitter/X page; null when not given." })
  twitterUrl!: string | null;

  @Field(() => String, { nullable: true, description: 'The street address; null when not given.' })
  address!: string | null;

  @Field(() => String, { nullable: true, description: 'The town or city; null when not given.' })
  city!: string | null;

  @Field(() => String, { nullable: true, description: 'The postcode; null when not given.' })
  postcode!: string | null;

  @Field(() => String, { nullable: true, description: 'The what3words address (`///word.word.word`); null when not given.' })
  what3words!: string | null;

  @Field(() => String, { nullable: true, description: 'A Google Maps link to the club; null when not given.' })
  googleMapsUrl!: string | null;

  @Field(() => String, { nullable: true, description: "The address of the club's logo image; null when it has none." })
  logoUrl!: string | null;

  @Field(() => Boolean, { description: 'Whether a platform administrator has verified the club.' })
  verified!: boolean;

  @Field(() => ClubApplicationStatusEnum, { description: "Where the club's application stands (only approved clubs are listed in the directory)." })
  applicationStatus!: ClubApplicationStatusEnum;

  @Field(() => Date, { nullable: true, description: 'When a platform administrator last decided on the application; null before any decision.' })
  reviewedAt!: Date | null;

  @Field(() => Date, { description: 'When the club registered.' })
  createdAt!: Date;
}

@ObjectType({ description: 'A page of clubs.' })
export class ClubConnection extends connectionOf(Club, 'Club', { totalCount: 'How many clubs match the search and the sport, over all pages.' }) {}

@ArgsType()
export class ClubsArgs extends PageArgs {
  @Field(() => String, {
    nullable: true,
    description: 'Words to find (at most 100 characters): every word must begin a word of the name, description, city or sport (`foot lon` finds a football club in London). Blank for no search.',
  })
  search?: string | null;

  @Field(() => String, { nullable: true, description: 'One sport category (see `clubSports`); null for all sports.' })
  sport?: string | null;
}

@InputType({ description: "The club profile form: the owner's club, as the Club type names its fields." })
export class SaveClubProfileInput {
  @Field(() => String, { description: "The club's name, at least 2 characters; it cannot change once the profile is saved." })
  name!: string;

  @Field(() => String, { description: 'One of `sportCategories`.' })
  category!: string;

  @Field(() => String, { description: '10 to 500 characters.' })
  description!: string;

  @Field(() => String, { nullable: true, description: 'An http(s) address; blank or null for none.' })
  websiteUrl?: string | null;

  @Field(() => String, { description: 'The email address to contact the club.' })
  contactEmail!: string;

  @Field(() => String, { nullable: true, description: '5 to 20 characters of digits, spaces, +, - and brackets; blank or null for none.' })
  contactPhone?: string | null;

  @Field(() => String, { nullable: true, description: 'A facebook.com or fb.com address; blank or null for none.' })
  facebookUrl?: string | null;

  @Field(() => String, { nullable: true, description: 'An instagram.com address; blank or null for none.' })
  instagramUrl?: string | null;

  @Field(() => String, { nullable: true, description: 'A twitter.com or x.com address; blank or null for none.' })
  twitterUrl?: string | null;

  @Field(() => String, { nullable: true, description: 'The street address, at most 200 characters; blank or null for none.' })
  address?: string | null;

  @Field(() => String, { nullable: true, description: 'The town or city, at most 100 characters; blank or null for none.' })
  city?: string | null;

  @Field(() => String, { nullable: true, description: 'The postcode, at most 12 characters; blank or null for none.' })
  postcode?: string | null;

  @Field(() => String, { nullable: true, description: '`///word.word.word` in lowercase letters; blank or null for none.' })
  what3words?: string | null;

  @Field(() => String, { nullable: true, description: 'A Google Maps link; blank or null for none.' })
  googleMapsUrl?: string | null;
}

@ObjectType({ description: 'The result of saveClubProfile.' })
export class SaveClubProfilePayload extends Payload {
  @Field(() => Club, { nullable: true, description: "The caller's club as saved; null when refused." })
  club?: Club | null;
}

@InputType({ description: 'A row of the meeting times editor; a row missing its day, start or end is dropped.' })
export class MeetingTimeInput {
  @Field(() => Int, { nullable: true, description: 'The ISO weekday: 1 = Monday … 7 = Sunday.' })
  dayOfWeek?: number | null;

  @Field(() => LocalTimeScalar, { nullable: true, description: "The start on the club's clock: a 30-minute slot from 06:00 to 22:00." })
  startTime?: string | null;

  @Field(() => LocalTimeScalar, { nullable: true, description: "The end on the club's clock: a 30-minute slot, later than startTime." })
  endTime?: string | null;
}

@InputType({ description: "All of the caller's club's weekly meeting times: they replace the saved ones." })
export class SaveMeetingTimesInput {
  @Field(() => [MeetingTimeInput], {
    description: `The sessions, in any order (at most ${MEETING_TIMES_MAX} complete ones); sessions of one day must not overlap. An empty list removes every session.`,
  })
  times!: MeetingTimeInput[];
}

@ObjectType({ description: 'The result of saveMeetingTimes.' })
export class SaveMeetingTimesPayload extends Payload {
  @Field(() => Club, { nullable: true, description: "The caller's club with its saved meeting times; null when refused." })
  club?: Club | null;
}

@InputType({ description: "The caller's club account settings." })
export class UpdateClubSettingsInput {
  @Field(() => String, { description: 'The email address to contact the club (at most 254 characters).' })
  contactEmail!: string;

  @Field(() => String, { description: "The owner's name (the account's full name): 2 to 100 characters once tags are stripped." })
  ownerName!: string;

  @Field(() => Boolean, { description: 'Whether the owner is emailed about each new volunteer application.' })
  notifyApplicationsByEmail!: boolean;

  @Field(() => Boolean, { description: 'Whether the owner is emailed when a volunteer withdraws an application.' })
  notifyWithdrawalsByEmail!: boolean;
}

@ObjectType({ description: 'The result of updateClubSettings.' })
export class UpdateClubSettingsPayload extends Payload {
  @Field(() => Club, { nullable: true, description: "The caller's club with its saved settings; null when refused." })
  club?: Club | null;
}
