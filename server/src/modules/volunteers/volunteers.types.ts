// The VolunteerProfile type, the volunteer search's arguments, and the inputs and payloads of the
// volunteer mutations (sign-up, profile) and of the club's settings. Relation and guarded fields
// (member, email, fullName) are declared by the resolver in volunteers.resolver.ts.
import { ArgsType, Field, InputType, ObjectType } from 'type-graphql';
import { Node, PageArgs, connectionOf } from '../../graphql/relay.js';
import { Payload } from '../../graphql/payload.js';
import { Member } from '../users/users.types.js';
import {
  AVAILABILITY_MAX,
  AVAILABILITY_OPTIONS,
  SKILL_MAX,
  SKILLS_MAX,
  VOLUNTEER_BIO_MAX,
  VOLUNTEER_LOCATION_MAX,
  VOLUNTEER_NAME_MAX,
  VOLUNTEER_SEARCH_MAX,
} from './volunteers.rules.js';

/** Who sees a volunteer profile (said on every field that answers one). */
export const PROFILE_VISIBILITY =
  'Visible to the volunteer, platform administrators, owners of approved clubs, and the owner of a club the volunteer applied to (once a moderator removed it, to the volunteer and platform administrators only); null for everyone else.';

const AVAILABILITY_LIST = AVAILABILITY_OPTIONS.map((o) => `'${o}'`).join(', ');

@ObjectType({
  implements: Node,
  description: `A volunteer's profile: what approved clubs find when they search for volunteers. One per account (its id is derived from the account's). ${PROFILE_VISIBILITY}`,
})
export class VolunteerProfile extends Node {
  @Field(() => String, { description: `The first name (1 to ${VOLUNTEER_NAME_MAX} characters).` })
  firstName!: string;

  @Field(() => String, { description: `The last name (1 to ${VOLUNTEER_NAME_MAX} characters).` })
  lastName!: string;

  @Field(() => [String], { description: `The volunteer's skills as written (at most ${SKILLS_MAX}, each at most ${SKILL_MAX} characters, no two alike in letter case).` })
  skills!: string[];

  @Field(() => [String], { description: `When the volunteer is available: at most ${AVAILABILITY_MAX} of ${AVAILABILITY_LIST}.` })
  availability!: string[];

  @Field(() => String, { nullable: true, description: 'The address of the profile image (`/uploads/<id>.<ext>`, set through the REST upload route); null when there is none.' })
  profileImageUrl!: string | null;

  @Field(() => Date, { description: 'When the profile was created.' })
  createdAt!: Date;

  @Field(() => Date, { description: 'When the profile last changed.' })
  updatedAt!: Date;
}

@ObjectType({ description: 'A page of volunteer profiles.' })
export class VolunteerProfileConnection extends connectionOf(VolunteerProfile, 'VolunteerProfile', {
  totalCount: 'How many profiles match the search, the location and the skill, over all pages.',
}) {}

@ArgsType()
export class VolunteersArgs extends PageArgs {
  @Field(() => String, {
    nullable: true,
    description: `Words to find (at most ${VOLUNTEER_SEARCH_MAX} characters): every word must begin a word of the name, location or bio (\`jo lon\` finds Jo in London). Blank for no search.`,
  })
  search?: string | null;

  @Field(() => String, { nullable: true, description: `Text the location contains, in any letter case (at most ${VOLUNTEER_LOCATION_MAX} characters). Blank for anywhere.` })
  location?: string | null;

  @Field(() => String, { nullable: true, description: `One skill the volunteer has, matched exactly in any letter case (at most ${SKILL_MAX} characters). Blank for any.` })
  skill?: string | null;
}

// ---- inputs and payloads ------------------------------------------------------------------------

@InputType({ description: "The caller's volunteer profile form: it creates the profile or replaces the saved one." })
export class SaveVolunteerProfileInput {
  @Field(() => String, { description: `1 to ${VOLUNTEER_NAME_MAX} characters once tags are stripped.` })
  firstName!: string;

  @Field(() => String, { description: `1 to ${VOLUNTEER_NAME_MAX} characters once tags are stripped.` })
  lastName!: string;

  @Field(() => String, { description: 'The contact email (at most 254 characters); shown only to the volunteer and platform administrators.' })
  email!: string;

  @Field(() => String, { nullable: true, description: `At most ${VOLUNTEER_LOCATION_MAX} characters; blank or null for none.` })
  location?: string | null;

  @Field(() => [String], { nullable: true, description: `At most ${SKILLS_MAX} skills of at most ${SKILL_MAX} characters; blanks and letter-case repeats are dropped. Null for none.` })
  skills?: string[] | null;

  @Field(() => [String], { nullable: true, description: `At most ${AVAILABILITY_MAX} of ${AVAILABILITY_LIST}; null for none.` })
  availability?: string[] | null;

  @Field(() => String, { nullable: true, description: `At most ${VOLUNTEER_BIO_MAX} characters; blank or null for none.` })
  bio?: string | null;
}

@ObjectType({ description: 'The result of saveVolunteerProfile.' })
export class SaveVolunteerProfilePayload extends Payload {
  @Field(() => VolunteerProfile, { nullable: true, description: "The caller's profile as saved; null when refused." })
  profile?: VolunteerProfile | null;
}

@InputType({ description: 'A new volunteer: the account and its volunteer profile, created together.' })
export class SignUpVolunteerInput {
  @Field(() => String, { description: 'The sign-in email (at most 254 characters), also the profile\'s contact email; one account per email, in any letter case.' })
  email!: string;

  @Field(() => String, { description: 'At least 8 characters with a lowercase and an uppercase letter, a number and a special character.' })
  password!: string;

  @Field(() => String, { description: `1 to ${VOLUNTEER_NAME_MAX} characters once tags are stripped.` })
  firstName!: string;

  @Field(() => String, { description: `1 to ${VOLUNTEER_NAME_MAX} characters once tags are stripped.` })
  lastName!: string;

  @Field(() => String, { nullable: true, description: `At most ${VOLUNTEER_LOCATION_MAX} characters; blank or null for none.` })
  location?: string | null;

  @Field(() => [String], { nullable: true, description: `At most ${SKILLS_MAX} skills of at most ${SKILL_MAX} characters; null for none.` })
  skills?: string[] | null;

  @Field(() => [String], { nullable: true, description: `At most ${AVAILABILITY_MAX} of ${AVAILABILITY_LIST}; null for none.` })
  availability?: string[] | null;

  @Field(() => String, { nullable: true, description: `At most ${VOLUNTEER_BIO_MAX} characters; blank or null for none.` })
  bio?: string | null;
}

@ObjectType({ description: 'The result of signUpVolunteer.' })
export class SignUpVolunteerPayload extends Payload {
  @Field(() => Member, { nullable: true, description: 'The new account, its own fields shown (sign in to get a session); null when refused.' })
  member?: Member | null;
}
