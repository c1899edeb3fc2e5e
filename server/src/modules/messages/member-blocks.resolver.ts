import { Arg, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { RequiresScope, ReadScope } from '../../graphql/access.js';
import { mutate } from '../../graphql/payload.js';
import { databaseId } from '../../graphql/relay.js';
import type { UserView } from '../users/users.service.js';
import { Member } from '../users/users.types.js';
import { BLOCKS_MAX } from './messages.rules.js';
import { BlockMemberPayload, MemberBlockInput, UnblockMemberPayload } from './messages.types.js';

/** The member a blocking mutation names, as the payload answers it. */
const memberOf = (ctx: Context) => async (id: string) => (await ctx.loaders.user.load(id)) as unknown as Member;

@Resolver(() => Member)
export class MemberBlocksResolver {
  @Authorized()
  @RequiresScope('messages:write')
  @Mutation(() => BlockMemberPayload, {
    description: `Blocks a member: they can no longer message the caller (refused with 'This member does not accept messages from you.'), and nothing they do reaches the caller as a notification. Blocking again changes nothing; at most ${BLOCKS_MAX} members. The moderators see how many members blocked someone.`,
  })
  async blockMember(@Arg('input', () => MemberBlockInput, { description: 'Who.' }) input: MemberBlockInput, @Ctx() ctx: Context) {
    return mutate(async () => memberOf(ctx)(await ctx.services.memberBlocks.block(ctx.viewer!, { memberId: databaseId(input.memberId, 'Member') })), (member) => ({ member }));
  }

  @Authorized()
  @RequiresScope('messages:write')
  @Mutation(() => UnblockMemberPayload, { description: 'Unblocks a member the caller blocked (one not blocked: nothing changes).' })
  async unblockMember(@Arg('input', () => MemberBlockInput, { description: 'Who.' }) input: MemberBlockInput, @Ctx() ctx: Context) {
    return mutate(async () => memberOf(ctx)(await ctx.services.memberBlocks.unblock(ctx.viewer!, { memberId: databaseId(input.memberId, 'Member') })), (member) => ({ member }));
  }

  @Authorized()
  @ReadScope('read:messages')
  @Query(() => [Member], { description: `The members the caller blocked, oldest block first (at most ${BLOCKS_MAX}).` })
  async blockedMembers(@Ctx() ctx: Context) {
    const ids = await ctx.services.memberBlocks.blockedBy(ctx.viewer!);
    const rows = await ctx.loaders.user.loadMany(ids);
    return rows.filter((r): r is UserView => r !== null && !(r instanceof Error));
  }

  @FieldResolver(() => Boolean, { description: 'Whether the caller blocked this member (false for an anonymous caller).' })
  blockedByMe(@Root() member: UserView, @Ctx() ctx: Context): Promise<boolean> | boolean {
    if (!ctx.viewer || ctx.viewer.userId === member.id) return false;
    return ctx.loaders.blocked.load(`${ctx.viewer.userId}|${member.id}`);
  }
}
