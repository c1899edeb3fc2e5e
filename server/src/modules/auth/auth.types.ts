import { Field, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { Payload } from '../../graphql/payload.js';
import { Member } from '../users/users.types.js';

@ObjectType({ description: 'A signed-in session: a short-lived access token and a single-use refresh token.' })
export class AuthSession {
  @Field(() => String, { description: 'Send as `Authorization: Bearer <token>` (HTTP) or in `connection_init` (graphql-ws).' })
  accessToken!: string;

  @Field(() => Date, { description: 'When the access token stops working; get a new one with refreshSession before then.' })
  expiresAt!: Date;

  @Field(() => String, { description: 'Single use: exchange it with refreshSession for a new session (a second use ends the session).' })
  refreshToken!: string;

  @Field(() => Member, { description: 'The signed-in member, its own fields (email, role, …) shown: the caller has proved to be it.' })
  member!: Member;
}

// ---- inputs ---------------------------------------------------------------------------------

@InputType({ description: "A new account; with a club name it is also the club's application (pending approval)." })
export class SignUpInput {
  @Field(() => String, { description: 'The sign-in email (at most 254 characters); one account per email, in any letter case.' })
  email!: string;

  @Field(() => String, { description: 'At least 8 characters with a lowercase and an uppercase letter, a number and a special character.' })
  password!: string;

  @Field(() => String, { description: 'The display name: 2 to 100 characters once tags and script are stripped.' })
  fullName!: string;

  @Field(() => String, { nullable: true, description: "The club's name (2 to 100 characters) when registering a club; omit for a member account." })
  clubName?: string | null;
}

@InputType({ description: 'Credentials to sign in with.' })
export class SignInInput {
  @Field(() => String, { description: 'The account email (any letter case).' })
  email!: string;

  @Field(() => String, { description: "The account's password." })
  password!: string;
}

@InputType({ description: 'A refresh token to exchange.' })
export class RefreshSessionInput {
  @Field(() => String, { description: 'The `refreshToken` of the latest session (each one works once).' })
  refreshToken!: string;
}

@InputType({ description: 'Who asks for a password reset link.' })
export class RequestPasswordResetInput {
  @Field(() => String, { description: "The account's email." })
  email!: string;

  @Field(() => String, { nullable: true, description: "The page the mailed link opens: only this site's /reset-password is used; anything else is ignored." })
  redirectTo?: string | null;
}

@InputType({ description: 'A new password set from a reset link.' })
export class ResetPasswordInput {
  @Field(() => String, { description: 'The `token` of the mailed link.' })
  token!: string;

  @Field(() => String, { description: 'The new password; it meets every password rule.' })
  password!: string;
}

@InputType({ description: "The signed-in member's own profile." })
export class UpdateMyProfileInput {
  @Field(() => String, { description: 'Display name: at least 2 characters once tags and script are stripped, at most 100.' })
  fullName!: string;
}

@InputType({ description: 'A new password for the signed-in account.' })
export class ChangePasswordInput {
  @Field(() => String, { description: "The password in use now; a wrong one changes nothing (a BAD_USER_INPUT user error on currentPassword)." })
  currentPassword!: string;

  @Field(() => String, { description: 'Meets the password rules: 8 characters, a lowercase and an uppercase letter, a number and a special character; differs from the current one.' })
  newPassword!: string;
}

@InputType({ description: 'A path of the web app that led nowhere.' })
export class ReportNotFoundInput {
  @Field(() => String, { description: 'The path that was asked for (the first 2048 characters are logged).' })
  path!: string;
}

// ---- payloads -------------------------------------------------------------------------------

@ObjectType({ description: 'The result of signUp.' })
export class SignUpPayload extends Payload {
  @Field(() => Member, { nullable: true, description: "The new account, its own fields shown (sign in to get a session); null when refused." })
  member?: Member | null;
}

@ObjectType({ description: 'The result of signIn.' })
export class SignInPayload extends Payload {
  @Field(() => AuthSession, { nullable: true, description: 'The new session; null when refused.' })
  session?: AuthSession | null;
}

@ObjectType({ description: 'The result of refreshSession.' })
export class RefreshSessionPayload extends Payload {
  @Field(() => AuthSession, { nullable: true, description: 'The session with new tokens; null when refused.' })
  session?: AuthSession | null;
}

@ObjectType({ description: 'The result of signOut.' })
export class SignOutPayload extends Payload {
  @Field(() => Boolean, { nullable: true, description: 'True: the session has ended; null when refused.' })
  signedOut?: boolean | null;
}

@ObjectType({ description: 'The result of requestPasswordReset.' })
export class RequestPasswordResetPayload extends Payload {
  @Field(() => Boolean, {
    nullable: true,
    description: 'True: when the email has an account, a reset link is on its way (the answer is the same either way); null when refused.',
  })
  requested?: boolean | null;
}

@ObjectType({ description: 'The result of resetPassword.' })
export class ResetPasswordPayload extends Payload {
  @Field(() => Boolean, { nullable: true, description: "True: the new password is set and every session of the account has ended; null when refused." })
  passwordChanged?: boolean | null;
}

@ObjectType({ description: 'The result of changePassword.' })
export class ChangePasswordPayload extends Payload {
  @Field(() => Boolean, { nullable: true, description: "True: the new password is set and the account's other sessions have ended; null when refused." })
  passwordChanged?: boolean | null;
}

@ObjectType({ description: 'The result of updateMyProfile.' })
export class UpdateMyProfilePayload extends Payload {
  @Field(() => Member, { nullable: true, description: 'The caller, as saved; null when refused.' })
  member?: Member | null;
}

@ObjectType({ description: 'The result of reportNotFound.' })
export class ReportNotFoundPayload extends Payload {
  @Field(() => Boolean, { nullable: true, description: 'True: the path was logged.' })
  reported?: boolean | null;
}

// ---- events ---------------------------------------------------------------------------------

export enum SessionEndReasonEnum {
  SIGNED_OUT = 'signed_out',
  PASSWORD_CHANGED = 'password_changed',
  PASSWORD_RESET = 'password_reset',
  REFRESH_TOKEN_REUSED = 'refresh_token_reused',
  ACCOUNT_SUSPENDED = 'account_suspended',
  ACCOUNT_BANNED = 'account_banned',
  ROLE_CHANGED = 'role_changed',
  ACCOUNT_DELETED = 'account_deleted',
}
registerEnumType(SessionEndReasonEnum, {
  name: 'SessionEndReason',
  description: 'Why a session ended.',
  valuesConfig: {
    SIGNED_OUT: { description: 'The session was signed out (signOut, possibly from another tab of the same session).' },
    PASSWORD_CHANGED: { description: "The account's password was changed from another session." },
    PASSWORD_RESET: { description: "The account's password was reset from a mailed link." },
    REFRESH_TOKEN_REUSED: { description: 'A refresh token of the session was used twice (it may have been stolen), so the session was ended.' },
    ACCOUNT_SUSPENDED: { description: 'A platform administrator suspended the account (signing in again tells why and until when).' },
    ACCOUNT_BANNED: { description: 'A platform administrator banned the account.' },
    ROLE_CHANGED: { description: "The account's administrator role was revoked: sign in again with the new permissions." },
    ACCOUNT_DELETED: { description: 'The member deleted the account (deleteMyAccount), from this or another device.' },
  },
});

@ObjectType({ description: "The caller's session has ended: its tokens no longer work and its sockets are about to close." })
export class SessionRevokedEvent {
  @Field(() => SessionEndReasonEnum, { nullable: true, description: 'Why it ended; null when the server does not say (e.g. the API token it used was revoked).' })
  reason!: SessionEndReasonEnum | null;
}
