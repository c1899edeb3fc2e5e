import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';

export enum RoleEnum {
  VOLUNTEER = 'volunteer',
  CLUB_ADMIN = 'club_admin',
  PLATFORM_ADMIN = 'platform_admin',
}
registerEnumType(RoleEnum, { name: 'Role', description: 'What the user is on the platform.' });

export enum ClubApplicationStatusEnum {
  PENDING = 'pending',
  APPROVED = 'approved',
  REJECTED = 'rejected',
}
registerEnumType(ClubApplicationStatusEnum, { name: 'ClubApplicationStatus', description: 'Where a club application stands.' });

@ObjectType({ description: "The club a user owns, as the user's own views need it." })
export class ClubSummary {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => ClubApplicationStatusEnum)
  applicationStatus!: ClubApplicationStatusEnum;
}

@ObjectType({ description: 'A Clubroom account.' })
export class User {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  email!: string;

  @Field(() => String)
  fullName!: string;

  @Field(() => RoleEnum)
  role!: RoleEnum;

  @Field(() => Boolean, { description: 'Sports council administrators manage council meetings; platform administrators are ones.' })
  isCouncilAdmin!: boolean;

  @Field(() => Boolean)
  hasVolunteerProfile!: boolean;

  @Field(() => ClubSummary, { nullable: true })
  club!: ClubSummary | null;

  @Field(() => Date)
  createdAt!: Date;
}
