// The account operations over GraphQL: sign-up, sign-in, sessions, password reset and change, the
// caller's own profile. Credential operations are @SessionOnly: an API token never runs them (a
// document made only of them ignores the Authorization header, see app/clubroom.ts).
import { Arg, Authorized, Ctx, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Public, RequiresScope, SessionOnly, ReadScope } from '../../graphql/access.js';
import { mutate } from '../../graphql/payload.js';
import { Topic, type TopicPayloads } from '../../graphql/pubsub.js';
import { asProvenOwner, Member } from '../users/users.types.js';
import type { IssuedSession } from './auth.service.js';
import {
  AuthSession,
  ChangePasswordInput,
  ChangePasswordPayload,
  RefreshSessionInput,
  RefreshSessionPayload,
  ReportNotFoundInput,
  ReportNotFoundPayload,
  RequestPasswordResetInput,
  RequestPasswordResetPayload,
  ResetPasswordInput,
  ResetPasswordPayload,
  SessionEndReasonEnum,
  SessionRevokedEvent,
  SignInInput,
  SignInPayload,
  SignOutPayload,
  SignUpInput,
  SignUpPayload,
  UpdateMyProfileInput,
  UpdateMyProfilePayload,
} from './auth.types.js';

/** A session as GraphQL answers it: the expiry as an instant (REST keeps epoch seconds). */
function sessionOf(issued: IssuedSession): AuthSession {
  return { accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresAt: new Date(issued.expiresAt * 1000), member: asProvenOwner(issued.user) as unknown as Member };
}

@Resolver()
export class AuthResolver {
  @Public()
  @ReadScope('read:profile')
  @Query(() => Member, { nullable: true, description: 'The signed-in member, or null when signed out.' })
  me(@Ctx() ctx: Context) {
    if (ctx.authError) throw ctx.authError;
    return ctx.viewer ? ctx.loaders.user.load(ctx.viewer.userId) : null;
  }

  @Public()
  @SessionOnly()
  @Mutation(() => SignUpPayload, {
    description:
      "Creates an account; with clubName also the club's application (pending approval). An email already used is an EMAIL_IN_USE user error; sign-ups past the per-address limit are RATE_LIMITED (an error).",
  })
  signUp(@Arg('input', () => SignUpInput, { description: 'The new account.' }) input: SignUpInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.auth.signUp({ ...input }, ctx.meta),
      ({ user }) => ({ member: asProvenOwner(user) as unknown as Member }),
    );
  }

  @Public()
  @SessionOnly()
  @Mutation(() => SignInPayload, {
    description:
      "Signs in with email and password and answers a new session. A wrong email or password, or an unknown account, is an INVALID_CREDENTIALS user error 'Invalid email or password.' (and counts towards the sign-in limits); a suspended or banned account (once the password is right) an ACCOUNT_SUSPENDED user error saying why and until when, e.g. 'This account has been suspended until 1 December 2026, 12:00 UTC. Reason: …'; past the limits RATE_LIMITED (an error).",
  })
  signIn(@Arg('input', () => SignInInput, { description: 'The credentials.' }) input: SignInInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.auth.signIn({ ...input }, ctx.meta),
      (issued) => ({ session: sessionOf(issued) }),
    );
  }

  @Public()
  @SessionOnly()
  @Mutation(() => RefreshSessionPayload, {
    description: 'Exchanges a refresh token for new tokens of the same session; the old refresh token stops working. An unknown, used or expired one is UNAUTHENTICATED (an error).',
  })
  refreshSession(@Arg('input', () => RefreshSessionInput, { description: 'The refresh token.' }) input: RefreshSessionInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.auth.refresh(input.refreshToken),
      (issued) => ({ session: sessionOf(issued) }),
    );
  }

  @Authorized()
  @SessionOnly()
  @Mutation(() => SignOutPayload, { description: "Ends the caller's session: its access and refresh tokens stop working at once." })
  signOut(@Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.auth.signOut(ctx.viewer!),
      () => ({ signedOut: true }),
    );
  }

  @Public()
  @SessionOnly()
  @Mutation(() => RequestPasswordResetPayload, {
    description: 'Mails a reset link when the email has an account; answers the same either way. Requests past the limits are RATE_LIMITED (an error).',
  })
  requestPasswordReset(@Arg('input', () => RequestPasswordResetInput, { description: 'Who asks.' }) input: RequestPasswordResetInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.auth.requestPasswordReset({ ...input }, ctx.meta),
      () => ({ requested: true }),
    );
  }

  @Public()
  @SessionOnly()
  @Mutation(() => ResetPasswordPayload, {
    description: "Sets a new password from a reset link and ends every session of the account. A link that is unknown, used or expired is an INVALID_RESET_TOKEN user error.",
  })
  resetPassword(@Arg('input', () => ResetPasswordInput, { description: 'The link and the new password.' }) input: ResetPasswordInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.auth.resetPassword({ ...input }),
      () => ({ passwordChanged: true }),
    );
  }

  @Authorized()
  @RequiresScope('profile:write')
  @Mutation(() => UpdateMyProfilePayload, { description: "Changes the signed-in member's display name (sanitised like a sign-up name)." })
  updateMyProfile(@Arg('input', () => UpdateMyProfileInput, { description: 'The new profile.' }) input: UpdateMyProfileInput, @Ctx() ctx: Context) {
    return mutate(
      async () => {
        const member = await ctx.services.users.updateProfile(ctx.viewer!.userId, { ...input });
        // Later reads of this member in the same request see the new name.
        ctx.loaders.user.clear(member.id).prime(member.id, member);
        return member;
      },
      (member) => ({ member: member as unknown as Member }),
    );
  }

  @Authorized()
  @SessionOnly()
  @Mutation(() => ChangePasswordPayload, {
    description:
      "Sets a new password after checking the current one; every other session of the account ends (each hears sessionRevoked), this one stays. A wrong current password is a BAD_USER_INPUT user error 'Current password is incorrect' and counts as a failed sign-in.",
  })
  changePassword(@Arg('input', () => ChangePasswordInput, { description: 'The current and the new password.' }) input: ChangePasswordInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.auth.changePassword(ctx.viewer!, { ...input }, ctx.meta),
      () => ({ passwordChanged: true }),
    );
  }

  @Public()
  @SessionOnly()
  @Mutation(() => ReportNotFoundPayload, {
    description:
      "Logs a path of the web app that led to its 'Page not found' page, for the operators. Anyone may call it, signed in or not; it is the web app's, not part of the integration API, so an API token may not.",
  })
  reportNotFound(@Arg('input', () => ReportNotFoundInput, { description: 'The path.' }) input: ReportNotFoundInput, @Ctx() ctx: Context) {
    return mutate(
      async () => ctx.log.warn({ path: input.path.slice(0, 2048), userId: ctx.viewer?.userId }, 'page not found'),
      () => ({ reported: true }),
    );
  }

  @Authorized()
  @ReadScope('read:profile')
  @Subscription(() => SessionRevokedEvent, {
    topics: Topic.SessionRevoked,
    topicId: ({ context }) => (context as Context).viewer?.sessionId ?? 'anonymous',
    description: "Sent once when the caller's session ends elsewhere (sign-out in another tab, a password change or reset, a reused refresh token).",
  })
  sessionRevoked(@Root() payload: TopicPayloads[Topic.SessionRevoked]): SessionRevokedEvent {
    return { reason: (payload.reason as SessionEndReasonEnum | undefined) ?? null };
  }
}
