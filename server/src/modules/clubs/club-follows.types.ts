// Following a club: the GraphQL types (issue 29 §1).
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { Payload } from '../../graphql/payload.js';
import { connectionOf } from '../../graphql/relay.js';
import { Member } from '../users/users.types.js';
import { Club } from './clubs.types.js';

@InputType({ description: 'The club to follow or unfollow.' })
export class ClubFollowInput {
  @Field(() => ID, { description: "The club's global id." })
  clubId!: string;
}

@ObjectType({ description: 'The result of followClub.' })
export class FollowClubPayload extends Payload {
  @Field(() => Club, { nullable: true, description: 'The club, now followed by the caller; null when refused.' })
  club?: Club | null;
}

@ObjectType({ description: 'The result of unfollowClub.' })
export class UnfollowClubPayload extends Payload {
  @Field(() => Club, { nullable: true, description: 'The club, no longer followed by the caller; null when refused or when the caller may not see it.' })
  club?: Club | null;
}

@ObjectType({ description: 'A member who follows a club, as its owner sees them (their name, never their email).' })
export class ClubFollower {
  @Field(() => Member, { description: 'The member.' })
  member!: Member;

  @Field(() => Date, { description: 'When they followed the club.' })
  followedAt!: Date;
}

@ObjectType({ description: 'A club the caller follows.' })
export class FollowedClub {
  @Field(() => Club, { description: 'The club.' })
  club!: Club;

  @Field(() => Date, { description: 'When the caller followed it.' })
  followedAt!: Date;
}

@ObjectType({ description: "A page of a club's followers." })
export class ClubFollowerConnection extends connectionOf(ClubFollower, 'ClubFollower', { totalCount: 'How many members follow the club.' }) {}
@ObjectType({ description: 'A page of the clubs the caller follows.' })
export class FollowedClubConnection extends connectionOf(FollowedClub, 'FollowedClub', { totalCount: 'How many clubs the caller follows (that are still listed).' }) {}
