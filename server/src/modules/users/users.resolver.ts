// The Member type's fields. Account details are guarded: null unless the caller is the member or a
// platform administrator.
import { Arg, Authorized, Ctx, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import { AdminOnly, ReadScope } from '../../graphql/access.js';
import type { Context } from '../../graphql/context.js';
import { isTokenViewer } from '../../graphql/scopes.js';
import { hasReadScope, type ReadScope as ReadScopeName } from '../../lib/shared/api-scopes.js';
import { registerNodeType } from '../../graphql/node.resolver.js';
import type { UserView } from './users.service.js';
import { databaseId } from '../../graphql/relay.js';
import { isProvenOwner, Member, MemberKindEnum, RoleEnum, UserStatusEnum } from './users.types.js';
import { DELETED_MEMBER } from '../account/account.rules.js';

const OWN = 'Only for the member themselves and platform administrators; null for everyone else.';

/** Whether the caller reads the member's account details: the member themselves, or a platform
 *  administrator. An API token reads its owner's own details with `read:profile` and another
 *  member's (as an administrator) with `read:admin`, or with the whole `read` (docs/API.md). */
function own(ctx: Context, member: UserView): boolean {
  if (isProvenOwner(member)) return true;
  const viewer = ctx.viewer;
  if (!viewer) return false;
  const reads = (scope: ReadScopeName) => !isTokenViewer(viewer) || hasReadScope(viewer.scopes, scope);
  return (viewer.userId === member.id && reads('read:profile')) || (viewer.isPlatformAdmin && reads('read:admin'));
}

// Members are visible to signed-in callers (anyone may write to anyone).
registerNodeType('Member', 'read:public', async (ctx, ids) => {
  if (!ctx.viewer) return ids.map(() => null);
  const rows = await ctx.loaders.user.loadMany(ids);
  return rows.map((r) => (r instanceof Error ? null : r));
});

@Resolver(() => Member)
export class MemberResolver {
  @Authorized()
  @ReadScope('read:public')
  @Query(() => Member, { nullable: true, description: 'One member by global id; null when there is none.' })
  member(@Arg('id', () => ID, { description: "The member's global id." }) id: string, @Ctx() ctx: Context) {
    const uuid = databaseId(id, 'Member');
    return uuid ? ctx.loaders.user.load(uuid) : null;
  }

  @FieldResolver(() => MemberKindEnum, { description: 'Whether the account speaks for a club or for a person.' })
  kind(@Root() member: UserView): MemberKindEnum {
    return member.club ? MemberKindEnum.CLUB : MemberKindEnum.VOLUNTEER;
  }

  @FieldResolver(() => String, { description: "How the member is named to others: the club's name for a club account, else the person's name." })
  name(@Root() member: UserView): string {
    return member.status === 'deleted' ? DELETED_MEMBER : (member.club?.name ?? member.fullName);
  }

  @AdminOnly()
  @FieldResolver(() => String, { nullable: true, description: `The person's full name. ${OWN}` })
  fullName(@Root() member: UserView, @Ctx() ctx: Context): string | null {
    return own(ctx, member) ? member.fullName : null;
  }

  @AdminOnly()
  @FieldResolver(() => String, { nullable: true, description: `The sign-in email. ${OWN}` })
  email(@Root() member: UserView, @Ctx() ctx: Context): string | null {
    return own(ctx, member) ? member.email : null;
  }

  @AdminOnly()
  @FieldResolver(() => RoleEnum, { nullable: true, description: `What the member is on the platform. ${OWN}` })
  role(@Root() member: UserView, @Ctx() ctx: Context): RoleEnum | null {
    return own(ctx, member) ? (member.role as RoleEnum) : null;
  }

  @AdminOnly()
  @FieldResolver(() => Boolean, { nullable: true, description: `Whether the member manages sports council meetings (platform administrators do). ${OWN}` })
  isCouncilAdmin(@Root() member: UserView, @Ctx() ctx: Context): boolean | null {
    return own(ctx, member) ? member.isCouncilAdmin : null;
  }

  @AdminOnly()
  @FieldResolver(() => UserStatusEnum, { nullable: true, description: `Whether the account may sign in (active, suspended or banned). ${OWN}` })
  status(@Root() member: UserView, @Ctx() ctx: Context): UserStatusEnum | null {
    return own(ctx, member) ? (member.status as UserStatusEnum) : null;
  }

  @AdminOnly()
  @FieldResolver(() => String, { nullable: true, description: `Why the account is suspended or banned; null when active. ${OWN}` })
  statusReason(@Root() member: UserView, @Ctx() ctx: Context): string | null {
    return own(ctx, member) ? member.statusReason : null;
  }

  @AdminOnly()
  @FieldResolver(() => Date, { nullable: true, description: `When a suspension ends by itself; null without an end (or when not suspended). ${OWN}` })
  suspendedUntil(@Root() member: UserView, @Ctx() ctx: Context): Date | null {
    return own(ctx, member) ? member.suspendedUntil : null;
  }

  @AdminOnly()
  @FieldResolver(() => Date, { nullable: true, description: `When the status last changed (suspension, ban, reinstatement); null when never. ${OWN}` })
  statusChangedAt(@Root() member: UserView, @Ctx() ctx: Context): Date | null {
    return own(ctx, member) ? member.statusChangedAt : null;
  }

  @AdminOnly()
  @FieldResolver(() => Boolean, { nullable: true, description: `Whether the member has a volunteer profile. ${OWN}` })
  hasVolunteerProfile(@Root() member: UserView, @Ctx() ctx: Context): boolean | null {
    return own(ctx, member) ? member.hasVolunteerProfile : null;
  }
}
