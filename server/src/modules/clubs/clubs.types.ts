import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { ClubApplicationStatusEnum } from '../users/users.types.js';

@ObjectType({ description: 'A weekly session: an ISO day (1 = Monday … 7 = Sunday) and a start and end time (HH:MM).' })
export class MeetingTime {
  @Field(() => Int, { description: '1 = Monday … 7 = Sunday.' })
  dayOfWeek!: number;

  @Field(() => String, { description: "The day's name, e.g. 'Monday'." })
  dayName!: string;

  @Field(() => String, { description: 'HH:MM, a 30-minute slot from 06:00.' })
  startTime!: string;

  @Field(() => String, { description: 'HH:MM, later than startTime, at most 22:00.' })
  endTime!: string;
}

@ObjectType({ description: "A club's volunteer position. New positions are hidden until the club makes them live." })
export class VolunteerPosition {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  clubId!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String, { description: 'Empty when not given.' })
  responsibilities!: string;

  @Field(() => String, { description: 'Empty when not given.' })
  requirements!: string;

  @Field(() => String, { description: 'Empty when not given.' })
  timeCommitment!: string;

  @Field(() => String, { description: 'Empty when not given.' })
  location!: string;

  @Field(() => String, { description: 'Empty when not given.' })
  contactInfo!: string;

  @Field(() => Boolean, { description: 'Visible to the public when true.' })
  isLive!: boolean;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;
}

@ObjectType({ description: "The owner's view of their club: the profile form's fields and where the application stands." })
export class ClubProfile {
  @Field(() => ID, { description: "The club's id: its owner's user id." })
  id!: string;

  @Field(() => String, { description: 'Read-only once the profile has been saved.' })
  clubName!: string;

  @Field(() => String, { nullable: true, description: 'One of sportCategories.' })
  category!: string | null;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true })
  website!: string | null;

  @Field(() => String)
  contactEmail!: string;

  @Field(() => String, { nullable: true })
  contactPhone!: string | null;

  @Field(() => String, { nullable: true })
  facebookUrl!: string | null;

  @Field(() => String, { nullable: true })
  instagramUrl!: string | null;

  @Field(() => String, { nullable: true })
  twitterUrl!: string | null;

  @Field(() => String, { nullable: true })
  address!: string | null;

  @Field(() => String, { nullable: true })
  city!: string | null;

  @Field(() => String, { nullable: true })
  postcode!: string | null;

  @Field(() => String, { nullable: true, description: '///word.word.word' })
  what3words!: string | null;

  @Field(() => String, { nullable: true })
  googleMapsUrl!: string | null;

  @Field(() => Boolean, { description: 'Whether the club has been approved (its application status is approved).' })
  approved!: boolean;

  @Field(() => ClubApplicationStatusEnum)
  applicationStatus!: ClubApplicationStatusEnum;

  @Field(() => Boolean)
  verified!: boolean;

  @Field(() => Boolean, { description: 'Whether the owner has saved the profile (until then the name may still change).' })
  profileSaved!: boolean;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;
}

@ObjectType({ description: 'A club as the directory, its public page and administrators see it.' })
export class Club {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'The first letters of up to two words of the name.' })
  initials!: string;

  @Field(() => String, { nullable: true })
  logoUrl!: string | null;

  @Field(() => String, { nullable: true, description: 'The city, or else the address.' })
  location!: string | null;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true })
  category!: string | null;

  @Field(() => [String], { description: "The club's sports (its category)." })
  sportTypes!: string[];

  @Field(() => String)
  contactEmail!: string;

  @Field(() => String, { nullable: true })
  contactPhone!: string | null;

  @Field(() => String, { nullable: true })
  websiteUrl!: string | null;

  @Field(() => String, { nullable: true })
  facebookUrl!: string | null;

  @Field(() => String, { nullable: true })
  instagramUrl!: string | null;

  @Field(() => String, { nullable: true })
  twitterUrl!: string | null;

  @Field(() => String, { nullable: true })
  address!: string | null;

  @Field(() => String, { nullable: true })
  city!: string | null;

  @Field(() => String, { nullable: true })
  postcode!: string | null;

  @Field(() => String, { nullable: true })
  what3words!: string | null;

  @Field(() => String, { nullable: true })
  googleMapsUrl!: string | null;

  @Field(() => Boolean)
  verified!: boolean;

  @Field(() => ClubApplicationStatusEnum)
  applicationStatus!: ClubApplicationStatusEnum;

  @Field(() => Date, { nullable: true })
  reviewedAt!: Date | null;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType({ description: 'One page of the club directory.' })
export class ClubDirectoryPage {
  @Field(() => [Club])
  clubs!: Club[];

  @Field(() => Int, { description: 'How many clubs match the search and filter, over all pages.' })
  totalCount!: number;

  @Field(() => Boolean)
  hasMore!: boolean;

  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page.' })
  endCursor!: string | null;
}

@InputType({ description: 'The club profile form.' })
export class ClubProfileInput {
  @Field(() => String, { description: 'At least 2 characters; cannot change once the profile is saved.' })
  clubName!: string;

  @Field(() => String, { description: 'One of sportCategories.' })
  category!: string;

  @Field(() => String, { description: '10 to 500 characters.' })
  description!: string;

  @Field(() => String, { nullable: true })
  website?: string | null;

  @Field(() => String)
  contactEmail!: string;

  @Field(() => String, { nullable: true })
  contactPhone?: string | null;

  @Field(() => String, { nullable: true })
  facebookUrl?: string | null;

  @Field(() => String, { nullable: true })
  instagramUrl?: string | null;

  @Field(() => String, { nullable: true })
  twitterUrl?: string | null;

  @Field(() => String, { nullable: true })
  address?: string | null;

  @Field(() => String, { nullable: true })
  city?: string | null;

  @Field(() => String, { nullable: true })
  postcode?: string | null;

  @Field(() => String, { nullable: true, description: '///word.word.word in lowercase letters.' })
  what3words?: string | null;

  @Field(() => String, { nullable: true })
  googleMapsUrl?: string | null;
}

@InputType({ description: 'A row of the meeting times editor; a row missing its day, start or end is dropped.' })
export class MeetingTimeInput {
  @Field(() => Int, { nullable: true, description: '1 = Monday … 7 = Sunday.' })
  dayOfWeek?: number | null;

  @Field(() => String, { nullable: true, description: 'HH:MM, a 30-minute slot from 06:00 to 22:00.' })
  startTime?: string | null;

  @Field(() => String, { nullable: true, description: 'HH:MM, later than startTime.' })
  endTime?: string | null;
}

@InputType({ description: 'The volunteer position form. Blank optional fields are stored empty.' })
export class VolunteerPositionInput {
  @Field(() => String, { description: 'At least 2 characters.' })
  title!: string;

  @Field(() => String, { description: 'At least 10 characters.' })
  description!: string;

  @Field(() => String, { nullable: true })
  responsibilities?: string | null;

  @Field(() => String, { nullable: true })
  requirements?: string | null;

  @Field(() => String, { nullable: true })
  timeCommitment?: string | null;

  @Field(() => String, { nullable: true })
  location?: string | null;

  @Field(() => String, { nullable: true })
  contactInfo?: string | null;
}
