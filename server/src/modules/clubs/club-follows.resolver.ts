// Following a club (issue 29 §1): follow and unfollow, the caller's followed clubs, and on Club
// whether the caller follows it, how many do, and (for its owner) who. Thin: club-follows.service.ts.
import { Arg, Args, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { AdminOnly, RequiresScope, ReadScope } from '../../graphql/access.js';
import { mutate } from '../../graphql/payload.js';
import { PageArgs, connectionOfList, requireDatabaseId } from '../../graphql/relay.js';
import { Member } from '../users/users.types.js';
import type { UserView } from '../users/users.service.js';
import { FOLLOWS_MAX, FOLLOW_MESSAGES as M } from './clubs.rules.js';
import { canSeeClub, ownsOrAdministers, type ClubView } from './clubs.service.js';
import type { ClubFollowPageRow } from './club-follows.service.js';
import { Club } from './clubs.types.js';
import { ClubFollowInput, ClubFollower, ClubFollowerConnection, FollowClubPayload, FollowedClub, FollowedClubConnection, UnfollowClubPayload } from './club-follows.types.js';

const clubIdOf = (input: ClubFollowInput) => requireDatabaseId(input.clubId, 'Club', 'clubId', M.clubNotFound);

/** The club as the caller may see it after a change (null if they may not). */
async function clubFor(ctx: Context, clubId: string): Promise<Club | null> {
  ctx.loaders.club.clear(clubId);
  const row = await ctx.loaders.club.load(clubId);
  return row && canSeeClub(ctx.viewer, row) ? (row as unknown as Club) : null;
}

@Resolver(() => Club)
export class ClubFollowsResolver {
  @Authorized()
  @RequiresScope('profile:write')
  @Mutation(() => FollowClubPayload, {
    description: `Follows an approved club (its news, sessions and reminders then reach the caller). Following again changes nothing; the caller's own club is refused ('${M.ownClub}'); at most ${FOLLOWS_MAX} clubs ('${M.tooMany}'); a club that is not approved or was removed is NOT_FOUND '${M.clubNotFound}'.`,
  })
  followClub(@Arg('input', () => ClubFollowInput, { description: 'The club.' }) input: ClubFollowInput, @Ctx() ctx: Context) {
    return mutate(async () => {
      const clubId = clubIdOf(input);
      await ctx.services.clubFollows.follow(ctx.viewer!, clubId);
      return clubFor(ctx, clubId);
    }, (club) => ({ club }));
  }

  @Authorized()
  @RequiresScope('profile:write')
  @Mutation(() => UnfollowClubPayload, { description: 'Stops following a club (one not followed: nothing changes).' })
  unfollowClub(@Arg('input', () => ClubFollowInput, { description: 'The club.' }) input: ClubFollowInput, @Ctx() ctx: Context) {
    return mutate(async () => {
      const clubId = clubIdOf(input);
      await ctx.services.clubFollows.unfollow(ctx.viewer!, clubId);
      return clubFor(ctx, clubId);
    }, (club) => ({ club }));
  }

  @Authorized()
  @ReadScope('read:profile')
  @Query(() => FollowedClubConnection, { description: 'The clubs the caller follows that are still listed, the newest follow first; 20 a page unless `first` or `last` says.' })
  myFollowedClubs(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return ctx.services.clubFollows.followed(ctx.viewer!, args);
  }

  @FieldResolver(() => Boolean, { description: 'Whether the caller follows this club (false for an anonymous caller).' })
  followedByMe(@Root() club: ClubView, @Ctx() ctx: Context): boolean | Promise<boolean> {
    if (!ctx.viewer) return false;
    return ctx.loaders.followed.load(`${ctx.viewer.userId}|${club.id}`);
  }

  @FieldResolver(() => Int, { description: 'How many members follow this club.' })
  followerCount(@Root() club: ClubView, @Ctx() ctx: Context): Promise<number> {
    return ctx.loaders.followerCount.load(club.id);
  }

  @AdminOnly()
  @ReadScope('read:club')
  @FieldResolver(() => ClubFollowerConnection, {
    description: "Who follows the club, the newest first (names only); 20 a page unless `first` or `last` says. The club's owner and platform administrators only: an empty page for anyone else (followerCount is public).",
  })
  followers(@Root() club: ClubView, @Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return ownsOrAdministers(ctx.viewer, club.id) ? ctx.services.clubFollows.followers(club.id, args) : connectionOfList([], args, () => [], 20, 'followers');
  }
}

@Resolver(() => ClubFollower)
export class ClubFollowerResolver {
  @FieldResolver(() => Member, { description: 'The member.' })
  async member(@Root() row: ClubFollowPageRow, @Ctx() ctx: Context): Promise<UserView> {
    return (await ctx.loaders.user.load(row.userId))!;
  }

  @FieldResolver(() => Date, { description: 'When they followed the club.' })
  followedAt(@Root() row: ClubFollowPageRow): Date {
    return row.createdAt;
  }
}

@Resolver(() => FollowedClub)
export class FollowedClubResolver {
  @FieldResolver(() => Club, { description: 'The club.' })
  async club(@Root() row: ClubFollowPageRow, @Ctx() ctx: Context): Promise<ClubView> {
    return (await ctx.loaders.club.load(row.clubId))!;
  }

  @FieldResolver(() => Date, { description: 'When the caller followed it.' })
  followedAt(@Root() row: ClubFollowPageRow): Date {
    return row.createdAt;
  }
}
