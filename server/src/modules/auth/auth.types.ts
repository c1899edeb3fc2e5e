import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { Member } from '../users/users.types.js';

@ObjectType({ description: 'A signed-in session: a short-lived access token and a rotating refresh token.' })
export class AuthSession {
  @Field(() => String, { description: 'Send as `Authorization: Bearer <token>`.' })
  accessToken!: string;

  @Field(() => Int, { description: 'When the access token expires, in seconds since the epoch.' })
  expiresAt!: number;

  @Field(() => String, { description: 'Single use: exchange it with refreshSession for a new session.' })
  refreshToken!: string;

  @Field(() => Member)
  user!: Member;
}

@ObjectType()
export class SignUpResult {
  @Field(() => Member)
  user!: Member;
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

@InputType({ description: "The signed-in member's own profile." })
export class UpdateMyProfileInput {
  @Field(() => String, { description: 'Display name: at least 2 characters once tags and script are stripped, at most 100.' })
  fullName!: string;
}

@InputType({ description: 'A new password for the signed-in account.' })
export class ChangePasswordInput {
  @Field(() => String, { description: 'The password in use now; a wrong one changes nothing (BAD_USER_INPUT on currentPassword).' })
  currentPassword!: string;

  @Field(() => String, { description: 'Meets the password rules: 8 characters, a lowercase and an uppercase letter, a number and a special character.' })
  newPassword!: string;
}
