import { Arg, Authorized, Ctx, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Public } from '../../graphql/access.js';
import { Topic, type TopicPayloads } from '../../graphql/pubsub.js';
import { Member } from '../users/users.types.js';
import {
  AuthSession,
  ChangePasswordInput,
  RequestPasswordResetInput,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
  SignUpResult,
  UpdateMyProfileInput,
} from './auth.types.js';

@Resolver()
export class AuthResolver {
  @Public()
  @Query(() => Member, { nullable: true, description: 'The signed-in user, or null when signed out.' })
  me(@Ctx() ctx: Context) {
    if (ctx.authError) throw ctx.authError;
    return ctx.viewer ? ctx.loaders.user.load(ctx.viewer.userId) : null;
  }

  @Public()
  @Mutation(() => SignUpResult, { description: 'Creates an account; with clubName also the club application (pending approval).' })
  signUp(@Arg('input', () => SignUpInput) input: SignUpInput, @Ctx() ctx: Context) {
    return ctx.services.auth.signUp(input, ctx.meta);
  }

  @Public()
  @Mutation(() => AuthSession)
  signIn(@Arg('input', () => SignInInput) input: SignInInput, @Ctx() ctx: Context) {
    return ctx.services.auth.signIn(input, ctx.meta);
  }

  @Public()
  @Mutation(() => AuthSession, { description: 'Exchanges a refresh token for a new session; the old refresh token stops working.' })
  refreshSession(@Arg('refreshToken', () => String) refreshToken: string, @Ctx() ctx: Context) {
    return ctx.services.auth.refresh(refreshToken);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Ends the current session: its access token stops working at once.' })
  async signOut(@Ctx() ctx: Context) {
    await ctx.services.auth.signOut(ctx.viewer!);
    return true;
  }

  @Public()
  @Mutation(() => Boolean, { description: 'Sends a reset link when the email has an account; answers true either way.' })
  async requestPasswordReset(@Arg('input', () => RequestPasswordResetInput) input: RequestPasswordResetInput, @Ctx() ctx: Context) {
    await ctx.services.auth.requestPasswordReset(input, ctx.meta);
    return true;
  }

  @Public()
  @Mutation(() => Boolean, { description: 'Sets a new password from a reset link and ends every session of the account.' })
  async resetPassword(@Arg('input', () => ResetPasswordInput) input: ResetPasswordInput, @Ctx() ctx: Context) {
    await ctx.services.auth.resetPassword(input);
    return true;
  }

  @Authorized()
  @Mutation(() => Member, { description: "Changes the signed-in member's display name (sanitised like a sign-up name)." })
  updateMyProfile(@Arg('input', () => UpdateMyProfileInput) input: UpdateMyProfileInput, @Ctx() ctx: Context) {
    return ctx.services.users.updateProfile(ctx.viewer!.userId, input);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Sets a new password after checking the current one; every other session of the account ends (sessionRevoked), this one stays.',
  })
  async changePassword(@Arg('input', () => ChangePasswordInput) input: ChangePasswordInput, @Ctx() ctx: Context) {
    await ctx.services.auth.changePassword(ctx.viewer!, input, ctx.meta);
    return true;
  }

  @Public()
  @Mutation(() => Boolean, { description: 'Logs a path that led to the 404 page.' })
  reportNotFound(@Arg('path', () => String) path: string, @Ctx() ctx: Context) {
    ctx.log.warn({ path: path.slice(0, 2048), userId: ctx.viewer?.userId }, 'page not found');
    return true;
  }

  @Authorized()
  @Subscription(() => Boolean, {
    topics: Topic.SessionRevoked,
    topicId: ({ context }) => (context as Context).viewer?.sessionId ?? 'anonymous',
    description: 'Fires when the current session ends elsewhere (sign-out, password reset).',
  })
  sessionRevoked(@Root() _payload: TopicPayloads[Topic.SessionRevoked]): boolean {
    return true;
  }
}
