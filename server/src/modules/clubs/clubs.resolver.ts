// The Club type: the directory, one club, the owner's profile and meeting times, and a member's
// club. Thin: rules and visibility live in clubs.service.ts, the directory in
// club-directory.service.ts, the meeting times in club-meeting-times.service.ts.
import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { AdminOnly, Public, RequiresScope, ReadScope } from '../../graphql/access.js';
import { mutate } from '../../graphql/payload.js';
import { connectionOfList, databaseId } from '../../graphql/relay.js';
import { registerNodeType } from '../../graphql/node.resolver.js';
import { Member } from '../users/users.types.js';
import type { UserView } from '../users/users.service.js';
import { clubInitials, MEETING_TIMES_MAX, SPORT_CATEGORIES } from './clubs.rules.js';
import { canSeeClub, ownsOrAdministers, removedFromDirectory, type ClubView } from './clubs.service.js';
import type { DirectoryRow } from './club-directory.service.js';
import type { ClubMeetingTime } from './club-meeting-times.service.js';
import { POSITIONS_MAX } from './volunteer-positions.service.js';
import { selectedFields } from './clubs.selection.js';
import {
  Club,
  ClubConnection,
  ClubsArgs,
  MeetingTime,
  OWNER_ONLY,
  SaveClubProfileInput,
  SaveClubProfilePayload,
  SaveMeetingTimesInput,
  SaveMeetingTimesPayload,
  UpdateClubSettingsInput,
  UpdateClubSettingsPayload,
} from './clubs.types.js';
import { ClubPositionsArgs, VolunteerPositionConnection } from './volunteer-positions.types.js';

/** Positions per page of `Club.positions` unless `first` or `last` says. */
export const POSITIONS_PAGE_DEFAULT = 100;

const toMeetingTime = (row: ClubMeetingTime): MeetingTime => ({ dayOfWeek: row.dayOfWeek, startTime: row.startTime, endTime: row.endTime });

/** The Club fields that a directory card's columns answer (CARD_COLUMNS in club-directory.service.ts:
 *  initials and location are made of name, city and address): when a query asks for nothing else
 *  of the clubs, the directory reads only those columns. */
const CARD_FIELDS = new Set([
  '__typename', 'id', 'name', 'initials', 'location', 'city', 'address', 'description', 'category',
  'contactEmail', 'contactPhone', 'websiteUrl', 'verified', 'applicationStatus', 'liveRoleCount', 'meetingTimes',
]);

/** A card's relations when the directory's statement brought them with the row (answered
 *  without a promise); other clubs load them through the DataLoaders. */
type CardRelations = Pick<DirectoryRow, 'liveRoleCount' | 'meetingTimes'>;

/** The club if the caller may see it, else null. */
async function visibleClub(ctx: Context, id: string): Promise<ClubView | null> {
  const row = await ctx.loaders.club.load(id);
  return row && canSeeClub(ctx.viewer, row) ? row : null;
}

registerNodeType('Club', 'read:public', (ctx, ids) => Promise.all(ids.map((id) => visibleClub(ctx, id))));

@Resolver(() => Club)
export class ClubResolver {
  @Public()
  @ReadScope('read:public')
  @Query(() => ClubConnection, {
    description: 'The club directory: approved clubs by name (whatever the letter case), optionally matching words and one sport; 24 a page unless `first` or `last` says.',
  })
  async clubs(@Args(() => ClubsArgs) args: ClubsArgs, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo) {
    // The page's statement computes only what the query asks for (PostGraphile's look-ahead).
    const { fields, cardFields } = selectedFields(info);
    const cardOnly = [...cardFields].every((field) => CARD_FIELDS.has(field));
    const page = await ctx.services.clubDirectory.directory(
      { ...args },
      { totalCount: fields.has('totalCount'), liveRoleCounts: cardFields.has('liveRoleCount'), meetingTimes: cardFields.has('meetingTimes'), cardOnly },
    );
    // Whole rows (cardOnly false) serve other fields too: a card's positions name their club, one
    // of these rows, so no statement is needed for it (and the cards' relations came with them).
    if (!cardOnly) for (const row of page.nodes as DirectoryRow[]) ctx.loaders.club.prime(row.id, row);
    return page;
  }

  @Public()
  @ReadScope('read:public')
  @Query(() => [String], {
    description: `The sports of approved clubs, alphabetically (the directory's filter beside All Sports): at most the ${SPORT_CATEGORIES.length} sport categories.`,
  })
  clubSports(@Ctx() ctx: Context) {
    return ctx.services.clubDirectory.sportsPresent();
  }

  @Public()
  @ReadScope('read:public')
  @Query(() => [String], { description: `Every sport category a club profile may choose, in the form's order (${SPORT_CATEGORIES.length} of them).` })
  sportCategories(): string[] {
    return [...SPORT_CATEGORIES];
  }

  @Public()
  @ReadScope('read:public')
  @Query(() => Club, {
    nullable: true,
    description: 'One club by global id; null when there is none, or when it is not approved or was removed by a moderator and the caller is neither its owner nor a platform administrator.',
  })
  club(@Arg('id', () => ID, { description: "The club's global id." }) id: string, @Ctx() ctx: Context) {
    const uuid = databaseId(id, 'Club');
    return uuid ? visibleClub(ctx, uuid) : null;
  }

  @Public()
  @ReadScope('read:public')
  @Query(() => Boolean, {
    nullable: true,
    description:
      "Whether the global id names a club that was listed in the directory and has since been removed by a moderator: its public page answers 410 Gone instead of 404. False for any other club id (unknown, unapproved or listed alike); null when the id is not a club's global id at all. Nothing else of the club is told.",
  })
  async clubRemoved(@Arg('id', () => ID, { description: "The club's global id." }) id: string, @Ctx() ctx: Context): Promise<boolean | null> {
    const uuid = databaseId(id, 'Club');
    if (!uuid) return null;
    // The request's club loader: asked beside club(id) (the club's page), no statement of its own.
    const club = await ctx.loaders.club.load(uuid);
    return !!club && removedFromDirectory(club);
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => SaveClubProfilePayload, {
    description:
      "Creates or updates the caller's club profile. The first save of an account without a club creates one, pending approval; once the profile is saved its name cannot change ('Cannot change club name').",
  })
  saveClubProfile(@Arg('input', () => SaveClubProfileInput, { description: 'The whole profile form.' }) input: SaveClubProfileInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.clubs.saveProfile(ctx.viewer!, { ...input }),
      (club) => {
        ctx.loaders.club.clear(club.id).prime(club.id, club);
        return { club };
      },
    );
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => SaveMeetingTimesPayload, {
    description:
      "Replaces all of the caller's club's weekly meeting times in one transaction; incomplete rows are dropped. Only an approved club may save them: before approval the answer is the user error 'Meeting times can be saved once your club is approved.'; a caller without a club is FORBIDDEN.",
  })
  saveMeetingTimes(@Arg('input', () => SaveMeetingTimesInput, { description: 'Every weekly session of the club.' }) input: SaveMeetingTimesInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.clubMeetingTimes.saveMeetingTimes(ctx.viewer!, input.times.map((t) => ({ ...t }))),
      ({ club, times }) => {
        ctx.loaders.club.clear(club.id).prime(club.id, club);
        ctx.loaders.meetingTimes.clear(club.id).prime(club.id, times);
        return { club };
      },
    );
  }

  @Authorized()
  @RequiresScope('club:write')
  @Mutation(() => UpdateClubSettingsPayload, {
    description:
      "Saves the caller's club account settings: the club's contact email, whether the owner is emailed about new applications and withdrawals, and the owner's name (the account's full name). A caller without a club is FORBIDDEN.",
  })
  updateClubSettings(@Arg('input', () => UpdateClubSettingsInput, { description: 'The whole settings form.' }) input: UpdateClubSettingsInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.clubs.saveSettings(ctx.viewer!, { ...input }),
      (club) => {
        ctx.loaders.club.clear(club.id).prime(club.id, club);
        ctx.loaders.user.clear(club.id);
        return { club };
      },
    );
  }

  @FieldResolver(() => String, { description: 'The first letters of up to two words of the name, upper-case.' })
  initials(@Root() club: ClubView): string {
    return clubInitials(club.name);
  }

  @FieldResolver(() => String, { nullable: true, description: 'Where the club is: its city, or else its address; null when neither is given.' })
  location(@Root() club: ClubView): string | null {
    return club.city ?? club.address;
  }

  @FieldResolver(() => String, { nullable: true, description: "The club's website (an http or https address); null when not given." })
  websiteUrl(@Root() club: ClubView): string | null {
    return club.website;
  }

  @FieldResolver(() => Int, { description: 'How many of its volunteer positions are live.' })
  liveRoleCount(@Root() club: ClubView & CardRelations, @Ctx() ctx: Context): number | Promise<number> {
    return club.liveRoleCount ?? ctx.loaders.liveRoleCount.load(club.id);
  }

  @FieldResolver(() => [MeetingTime], { description: `Its weekly meeting times by day, then start (at most ${MEETING_TIMES_MAX}).` })
  meetingTimes(@Root() club: ClubView & CardRelations, @Ctx() ctx: Context): MeetingTime[] | Promise<MeetingTime[]> {
    return club.meetingTimes ?? ctx.loaders.meetingTimes.load(club.id).then((times) => times.map(toMeetingTime));
  }

  @AdminOnly()
  @FieldResolver(() => VolunteerPositionConnection, {
    description: `Its volunteer positions, newest first, ${POSITIONS_PAGE_DEFAULT} a page unless \`first\` or \`last\` says (a club has at most ${POSITIONS_MAX}). The live ones, or with includeHidden (owner and platform administrators only) all of them.`,
  })
  async positions(@Root() club: ClubView, @Args(() => ClubPositionsArgs) args: ClubPositionsArgs, @Ctx() ctx: Context) {
    const { includeHidden, ...page } = args;
    const loader = includeHidden && ownsOrAdministers(ctx.viewer, club.id) ? ctx.loaders.allPositions : ctx.loaders.livePositions;
    return connectionOfList(await loader.load(club.id), page, (p) => [p.createdAt.toISOString(), p.id], POSITIONS_PAGE_DEFAULT, 'positions');
  }

  @FieldResolver(() => Member, {
    nullable: true,
    description: 'The account that owns the club (its name to others is the club’s name; write to it to reach the club). Null for anonymous callers: members are visible to signed-in callers only.',
  })
  owner(@Root() club: ClubView, @Ctx() ctx: Context) {
    return ctx.viewer ? ctx.loaders.user.load(club.id) : null;
  }

  @AdminOnly()
  @ReadScope('read:club')
  @FieldResolver(() => Boolean, { nullable: true, description: `Whether the owner has saved the profile (until then the name may still change and no position can be added). ${OWNER_ONLY}` })
  profileSaved(@Root() club: ClubView, @Ctx() ctx: Context): boolean | null {
    return ownsOrAdministers(ctx.viewer, club.id) ? club.profileSavedAt !== null : null;
  }

  @AdminOnly()
  @ReadScope('read:club')
  @FieldResolver(() => Boolean, {
    nullable: true,
    description: `Whether the owner is emailed about each new volunteer application (the owner's notification preference for VOLUNTEER_APPLICATION_RECEIVED by email). ${OWNER_ONLY}`,
  })
  notifyApplicationsByEmail(@Root() club: ClubView, @Ctx() ctx: Context): Promise<boolean> | null {
    return ownsOrAdministers(ctx.viewer, club.id) ? ctx.services.notificationPreferences.emailOn(club.id, 'volunteer_application_received') : null;
  }

  @AdminOnly()
  @ReadScope('read:club')
  @FieldResolver(() => Boolean, {
    nullable: true,
    description: `Whether the owner is emailed when a volunteer withdraws an application (the owner's notification preference for VOLUNTEER_APPLICATION_WITHDRAWN by email). ${OWNER_ONLY}`,
  })
  notifyWithdrawalsByEmail(@Root() club: ClubView, @Ctx() ctx: Context): Promise<boolean> | null {
    return ownsOrAdministers(ctx.viewer, club.id) ? ctx.services.notificationPreferences.emailOn(club.id, 'volunteer_application_withdrawn') : null;
  }

  @AdminOnly()
  @ReadScope('read:club')
  @FieldResolver(() => Date, { nullable: true, description: `When the profile last changed. ${OWNER_ONLY}` })
  updatedAt(@Root() club: ClubView, @Ctx() ctx: Context): Date | null {
    return ownsOrAdministers(ctx.viewer, club.id) ? club.updatedAt : null;
  }

  @AdminOnly()
  @FieldResolver(() => Date, {
    nullable: true,
    description: `When a moderator removed the club (it is then hidden from everyone else until restored; its owner may still edit it); null when it is not removed. ${OWNER_ONLY}`,
  })
  removedAt(@Root() club: ClubView, @Ctx() ctx: Context): Date | null {
    return ownsOrAdministers(ctx.viewer, club.id) ? club.removedAt : null;
  }
}

@Resolver(() => Member)
export class MemberClubResolver {
  @FieldResolver(() => Club, {
    nullable: true,
    description: "The club the member owns; null when none, or when it is not approved and the caller is neither that member nor a platform administrator (as `club(id:)`).",
  })
  club(@Root() member: UserView, @Ctx() ctx: Context) {
    // The account view already knows whether there is a club: no statement for volunteers.
    if ('club' in member && member.club === null) return null;
    return visibleClub(ctx, member.id);
  }
}
