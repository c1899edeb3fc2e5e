import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum MeetingStatusEnum {
  UPCOMING = 'upcoming',
  COMPLETED = 'completed',
  CANCELLED = 'cancelled',
}
registerEnumType(MeetingStatusEnum, { name: 'MeetingStatus', description: 'Where a council meeting stands.' });

@ObjectType({ description: 'A sports council meeting.' })
export class CouncilMeeting {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: '1 to 200 characters.' })
  title!: string;

  @Field(() => String, { description: "YYYY-MM-DD, a date in the council's time zone." })
  meetingDate!: string;

  @Field(() => String, { nullable: true, description: 'HH:MM, wall-clock time in the council’s time zone.' })
  meetingTime!: string | null;

  @Field(() => String, { nullable: true })
  location!: string | null;

  @Field(() => String, { description: 'Rich text: only b, i, em, strong, p, br, ul, ol, li, without attributes.' })
  agenda!: string;

  @Field(() => String, { description: 'Rich text, as agenda.' })
  minutes!: string;

  @Field(() => MeetingStatusEnum)
  status!: MeetingStatusEnum;

  @Field(() => Boolean, { description: 'Non-public meetings are seen by council administrators only.' })
  isPublic!: boolean;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;
}

@ObjectType({ description: "The public meetings page: the two tabs, judged against today's date in the council's time zone." })
export class PublicCouncilMeetings {
  @Field(() => String, { description: "Today's date (YYYY-MM-DD) in the council's time zone." })
  today!: string;

  @Field(() => [CouncilMeeting], { description: 'Upcoming meetings, and completed ones dated today or later; soonest first.' })
  upcoming!: CouncilMeeting[];

  @Field(() => [CouncilMeeting], { description: 'Completed meetings dated before today; latest first.' })
  past!: CouncilMeeting[];
}

@ObjectType({ description: 'The council admin overview counters.' })
export class MeetingStats {
  @Field(() => Int)
  totalMeetings!: number;

  @Field(() => Int)
  upcomingMeetings!: number;

  @Field(() => Int)
  completedMeetings!: number;

  @Field(() => Int, { description: "Meetings dated in the current year (council's time zone)." })
  meetingsThisYear!: number;
}

@ObjectType({ description: 'An account granted the sports council administrator role by email.' })
export class CouncilAdmin {
  @Field(() => String)
  email!: string;

  @Field(() => String, { nullable: true })
  fullName!: string | null;

  @Field(() => Date)
  grantedAt!: Date;
}

@InputType({ description: 'The meeting dialog. On update, omitted fields keep their values.' })
export class CouncilMeetingInput {
  @Field(() => String, { nullable: true })
  title?: string;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  meetingDate?: string;

  @Field(() => String, { nullable: true, description: 'HH:MM; empty for none.' })
  meetingTime?: string | null;

  @Field(() => String, { nullable: true })
  location?: string | null;

  @Field(() => String, { nullable: true })
  agenda?: string | null;

  @Field(() => String, { nullable: true })
  minutes?: string | null;

  @Field(() => MeetingStatusEnum, { nullable: true })
  status?: MeetingStatusEnum;

  @Field(() => Boolean, { nullable: true })
  isPublic?: boolean;
}
