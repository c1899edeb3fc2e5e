// The Users tab's GraphQL types: the account status, the list's filter, the stat cards, a member's
// activity counts, and the inputs and payloads of suspend, ban, reinstate and the administrator role.
import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Payload } from '../../graphql/payload.js';
import { PageArgs } from '../../graphql/relay.js';
import { Member } from '../users/users.types.js';
import { VOLUNTEER_DEFINITION } from '../volunteers/volunteer-count.rules.js';

export enum AdminUserFilterEnum {
  ALL = 'all',
  VOLUNTEERS = 'volunteers',
  CLUBS = 'clubs',
  SUSPENDED = 'suspended',
}
registerEnumType(AdminUserFilterEnum, {
  name: 'AdminUserFilter',
  description: "The Users tab's tabs.",
  valuesConfig: {
    ALL: { description: 'Every account.' },
    VOLUNTEERS: { description: `The accounts AdminUserStats.volunteers and PlatformStats.totalVolunteers count. ${VOLUNTEER_DEFINITION}` },
    CLUBS: { description: 'Accounts owning a club (any application status).' },
    SUSPENDED: { description: 'Suspended or banned accounts.' },
  },
});

@ArgsType()
export class AdminUsersArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Text to find (case-insensitive, at most 100 characters) in the name or the email.' })
  search?: string | null;

  @Field(() => AdminUserFilterEnum, { defaultValue: AdminUserFilterEnum.ALL, description: 'Which accounts: a tab of the Users tab.' })
  filter!: AdminUserFilterEnum;
}

@ObjectType({ description: "The Users tab's stat cards." })
export class AdminUserStats {
  @Field(() => Int, { description: 'Every account.' })
  total!: number;

  @Field(() => Int, { description: VOLUNTEER_DEFINITION })
  volunteers!: number;

  @Field(() => Int, { description: 'Accounts owning a club.' })
  clubs!: number;

  @Field(() => Int, { description: 'Platform administrators (any status).' })
  administrators!: number;

  @Field(() => Int, { description: 'Suspended accounts.' })
  suspended!: number;

  @Field(() => Int, { description: 'Banned accounts.' })
  banned!: number;

  @Field(() => Int, { description: 'Accounts created in the last 7 days.' })
  newThisWeek!: number;
}

@ObjectType({ description: "What an account has done on the platform (the Users tab's detail). Platform administrators only." })
export class MemberActivity {
  @Field(() => Int, { description: 'Messages the member sent.' })
  messagesSent!: number;

  @Field(() => Int, { description: 'Messages the member received.' })
  messagesReceived!: number;

  @Field(() => Int, { description: 'Volunteer applications the member made.' })
  applications!: number;

  @Field(() => Int, { description: 'Content reports the member made.' })
  reportsMade!: number;

  @Field(() => Int, { description: "Content reports about the member's content." })
  reportsAgainst!: number;

  @Field(() => Int, { description: 'How many members blocked this member.' })
  blockedBy!: number;

  @Field(() => Int, { description: 'Signed-in sessions that have not ended.' })
  activeSessions!: number;

  @Field(() => Date, { nullable: true, description: 'When a session of the member last signed in or refreshed; null when never.' })
  lastActiveAt!: Date | null;
}

// ---- inputs ---------------------------------------------------------------------------------

@InputType({ description: 'A suspension: the account cannot sign in until `until` (or until reinstated).' })
export class SuspendUserInput {
  @Field(() => ID, { description: "The member's global id." })
  userId!: string;

  @Field(() => String, { description: 'Why (told to the member at sign-in and by mail): required, under 1000 characters.' })
  reason!: string;

  @Field(() => Date, { nullable: true, description: 'When the suspension ends by itself (in the future); null: until reinstated.' })
  until?: Date | null;
}

@InputType({ description: 'A ban: the account cannot sign in until reinstated.' })
export class BanUserInput {
  @Field(() => ID, { description: "The member's global id." })
  userId!: string;

  @Field(() => String, { description: 'Why (told to the member at sign-in and by mail): required, under 1000 characters.' })
  reason!: string;
}

@InputType({ description: 'A reinstatement of a suspended or banned account.' })
export class ReinstateUserInput {
  @Field(() => ID, { description: "The member's global id." })
  userId!: string;

  @Field(() => String, { nullable: true, description: 'An optional note for the audit trail (under 1000 characters).' })
  note?: string | null;
}

@InputType({ description: 'Grants or revokes the platform administrator role.' })
export class SetPlatformAdminInput {
  @Field(() => ID, { description: "The member's global id." })
  userId!: string;

  @Field(() => Boolean, { description: 'True to grant the role, false to revoke it.' })
  isPlatformAdmin!: boolean;
}

// ---- payloads -------------------------------------------------------------------------------

@ObjectType({ description: 'The result of suspendUser.' })
export class SuspendUserPayload extends Payload {
  @Field(() => Member, { nullable: true, description: 'The suspended account; null when refused.' })
  member?: Member | null;
}

@ObjectType({ description: 'The result of banUser.' })
export class BanUserPayload extends Payload {
  @Field(() => Member, { nullable: true, description: 'The banned account; null when refused.' })
  member?: Member | null;
}

@ObjectType({ description: 'The result of reinstateUser.' })
export class ReinstateUserPayload extends Payload {
  @Field(() => Member, { nullable: true, description: 'The reinstated account; null when refused.' })
  member?: Member | null;
}

@ObjectType({ description: 'The result of setPlatformAdmin.' })
export class SetPlatformAdminPayload extends Payload {
  @Field(() => Member, { nullable: true, description: 'The account with its new role; null when refused.' })
  member?: Member | null;
}
