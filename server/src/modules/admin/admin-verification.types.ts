// The GraphQL types of verification: giving or withdrawing an approved club's Verified badge.
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { Payload } from '../../graphql/payload.js';
import { Club } from '../clubs/clubs.types.js';

@InputType({ description: "Verify an approved club, or withdraw its verification." })
export class SetClubVerifiedInput {
  @Field(() => ID, { description: "The club's global id." })
  clubId!: string;

  @Field(() => Boolean, { description: 'true to verify, false to unverify.' })
  verified!: boolean;
}

@ObjectType({ description: 'The result of setClubVerified.' })
export class SetClubVerifiedPayload extends Payload {
  @Field(() => Club, { nullable: true, description: 'The club with its new verification.' })
  club!: unknown;
}
