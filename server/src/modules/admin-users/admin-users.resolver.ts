// The Users tab's GraphQL: thin; rules, effects and auditing live in admin-users.service.ts. Every
// operation is for platform administrators only (API tokens: the admin scope).
import { Args, Arg, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { AdminOnly, RequiresScope, ReadScope } from '../../graphql/access.js';
import { mutate } from '../../graphql/payload.js';
import { requireDatabaseId } from '../../graphql/relay.js';
import { MemberConnection } from '../messages/messages.types.js';
import { Member } from '../users/users.types.js';
import type { UserView } from '../users/users.service.js';
import { ADMIN_USERS_MESSAGES } from './admin-users.rules.js';
import {
  AdminUserStats,
  AdminUsersArgs,
  BanUserInput,
  BanUserPayload,
  MemberActivity,
  ReinstateUserInput,
  ReinstateUserPayload,
  SetPlatformAdminInput,
  SetPlatformAdminPayload,
  SuspendUserInput,
  SuspendUserPayload,
} from './admin-users.types.js';

const ADMIN = 'Platform administrators only.';
const memberId = (id: string) => requireDatabaseId(id, 'Member', 'userId', ADMIN_USERS_MESSAGES.userNotFound);

/** The account as the payload answers it (later reads in the same request see the new state). */
function answered(ctx: Context, member: UserView) {
  ctx.loaders.user.clear(member.id).prime(member.id, member);
  return { member: member as unknown as Member };
}

@Resolver()
export class AdminUsersResolver {
  @Authorized('platform_admin')
  @ReadScope('read:admin')
  @Query(() => MemberConnection, {
    description: `Every account, newest first, by tab (\`filter\`) and \`search\` (name or email); 20 a page unless \`first\` or \`last\` says. ${ADMIN}`,
  })
  adminUsers(@Args(() => AdminUsersArgs) args: AdminUsersArgs, @Ctx() ctx: Context) {
    const { search, filter, ...page } = args;
    return ctx.services.adminUsers.list(ctx.viewer, { ...page, search, filter });
  }

  @Authorized('platform_admin')
  @ReadScope('read:admin')
  @Query(() => AdminUserStats, { description: `The Users tab's stat cards. ${ADMIN}` })
  adminUserStats(@Ctx() ctx: Context) {
    return ctx.services.adminUsers.stats(ctx.viewer);
  }

  @Authorized('platform_admin')
  @RequiresScope('admin')
  @Mutation(() => SuspendUserPayload, {
    description: `Suspends an account (again, with a new reason and end, when it already is): it cannot sign in, its sessions end at once (open sockets hear sessionRevoked ACCOUNT_SUSPENDED on every instance), it is mailed, and the audit trail records it. Not oneself, not a banned account, not the last platform administrator. ${ADMIN}`,
  })
  suspendUser(@Arg('input', () => SuspendUserInput, { description: 'Who, why, and until when.' }) input: SuspendUserInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.adminUsers.suspend(ctx.viewer, memberId(input.userId), { reason: input.reason, until: input.until }, ctx.meta),
      (member) => answered(ctx, member),
    );
  }

  @Authorized('platform_admin')
  @RequiresScope('admin')
  @Mutation(() => BanUserPayload, {
    description: `Bans an account: it cannot sign in until reinstated, its sessions end at once (sessionRevoked ACCOUNT_BANNED), it is mailed, and the audit trail records it. Not oneself, not the last platform administrator. ${ADMIN}`,
  })
  banUser(@Arg('input', () => BanUserInput, { description: 'Who and why.' }) input: BanUserInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.adminUsers.ban(ctx.viewer, memberId(input.userId), { reason: input.reason }, ctx.meta),
      (member) => answered(ctx, member),
    );
  }

  @Authorized('platform_admin')
  @RequiresScope('admin')
  @Mutation(() => ReinstateUserPayload, { description: `Reinstates a suspended or banned account: it may sign in again and is mailed. ${ADMIN}` })
  reinstateUser(@Arg('input', () => ReinstateUserInput, { description: 'Who, and an optional note.' }) input: ReinstateUserInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.adminUsers.reinstate(ctx.viewer, memberId(input.userId), { note: input.note }, ctx.meta),
      (member) => answered(ctx, member),
    );
  }

  @Authorized('platform_admin')
  @RequiresScope('admin')
  @Mutation(() => SetPlatformAdminPayload, {
    description: `Grants or revokes the platform administrator role. Revoking ends the account's sessions (sessionRevoked ROLE_CHANGED). Not one's own role; not the last platform administrator's. ${ADMIN}`,
  })
  setPlatformAdmin(@Arg('input', () => SetPlatformAdminInput, { description: 'Who, and the role.' }) input: SetPlatformAdminInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.adminUsers.setPlatformAdmin(ctx.viewer, memberId(input.userId), input.isPlatformAdmin, ctx.meta),
      (member) => answered(ctx, member),
    );
  }
}

@Resolver(() => Member)
export class MemberActivityResolver {
  @AdminOnly()
  @ReadScope('read:admin')
  @FieldResolver(() => MemberActivity, { nullable: true, description: `What the account has done: messages, applications, reports, sessions. ${ADMIN} Null for everyone else.` })
  activity(@Root() member: UserView, @Ctx() ctx: Context) {
    return ctx.viewer?.isPlatformAdmin ? ctx.loaders.memberActivity.load(member.id) : null;
  }
}
