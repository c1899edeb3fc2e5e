import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { User } from '../users/users.types.js';

@ObjectType({ description: 'A signed-in session: a short-lived access token and a rotating refresh token.' })
export class AuthSession {
  @Field(() => String, { description: 'Send as `Authorization: Bearer <token>`.' })
  accessToken!: string;

  @Field(() => Int, { description: 'When the access token expires, in seconds since the epoch.' })
  expiresAt!: number;

  @Field(() => String, { description: 'Single use: exchange it with refreshSession for a new session.' })
  refreshToken!: string;

  @Field(() => User)
  user!: User;
}

@ObjectType()
export class SignUpResult {
  @Field(() => User)
  user!: User;
}

@InputType({ description: 'A new account; with a club name it is also the club\'s application.' })
export class SignUpInput {
  @Field(() => String)
  email!: string;

  @Field(() => String)
  password!: string;

  @Field(() => String)
  fullName!: string;

  @Field(() => String, { nullable: true })
  clubName?: string | null;
}

@InputType()
export class SignInInput {
  @Field(() => String)
  email!: string;

  @Field(() => String)
  password!: string;
}

@InputType()
export class RequestPasswordResetInput {
  @Field(() => String)
  email!: string;

  @Field(() => String, { nullable: true, description: 'The /reset-password page of this site; other targets are ignored.' })
  redirectTo?: string | null;
}

@InputType()
export class ResetPasswordInput {
  @Field(() => String)
  token!: string;

  @Field(() => String)
  password!: string;
}
