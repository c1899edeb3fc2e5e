import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Public } from '../../graphql/access.js';
import type { ClubMeetingTimeRow, ClubRow } from '../../db/schema/index.js';
import { clubInitials, SPORT_CATEGORIES, weekdayName } from './clubs.rules.js';
import {
  Club,
  ClubDirectoryPage,
  ClubProfile,
  ClubProfileInput,
  MeetingTime,
  MeetingTimeInput,
  VolunteerPosition,
  VolunteerPositionInput,
} from './clubs.types.js';

const toMeetingTime = (row: ClubMeetingTimeRow): MeetingTime => ({
  dayOfWeek: row.dayOfWeek,
  dayName: weekdayName(row.dayOfWeek),
  startTime: row.startTime,
  endTime: row.endTime,
});

@Resolver(() => ClubProfile)
export class ClubProfileResolver {
  @Authorized()
  @Query(() => ClubProfile, { nullable: true, description: "The caller's club profile; null when the caller has no club." })
  myClub(@Ctx() ctx: Context) {
    return ctx.services.clubs.mine(ctx.viewer!);
  }

  @Authorized()
  @Mutation(() => ClubProfile, {
    description: "Creates or updates the caller's club profile. The first save creates the club pending approval; the club name cannot change afterwards.",
  })
  saveClubProfile(@Arg('input', () => ClubProfileInput) input: ClubProfileInput, @Ctx() ctx: Context) {
    return ctx.services.clubs.saveProfile(ctx.viewer!, { ...input });
  }

  @Authorized()
  @Mutation(() => [MeetingTime], {
    description: "Replaces all of the caller's weekly meeting times (approved clubs only); incomplete rows are dropped. Answers the saved times by day and start.",
  })
  async saveMeetingTimes(@Arg('times', () => [MeetingTimeInput]) times: MeetingTimeInput[], @Ctx() ctx: Context) {
    const rows = await ctx.services.clubs.saveMeetingTimes(ctx.viewer!, times.map((t) => ({ ...t })));
    return rows.map(toMeetingTime);
  }

  @FieldResolver(() => String)
  clubName(@Root() club: ClubRow) {
    return club.name;
  }

  @FieldResolver(() => Boolean)
  approved(@Root() club: ClubRow) {
    return club.applicationStatus === 'approved';
  }

  @FieldResolver(() => Boolean)
  profileSaved(@Root() club: ClubRow) {
    return club.profileSavedAt !== null;
  }

  @FieldResolver(() => [MeetingTime], { description: 'The weekly meeting times, by day then start.' })
  async meetingTimes(@Root() club: ClubRow, @Ctx() ctx: Context) {
    return (await ctx.loaders.meetingTimes.load(club.id)).map(toMeetingTime);
  }
}

@Resolver(() => VolunteerPosition)
export class VolunteerPositionsResolver {
  @Authorized()
  @Query(() => [VolunteerPosition], { description: "The caller's club's volunteer positions, newest first, hidden ones included." })
  myVolunteerPositions(@Ctx() ctx: Context) {
    return ctx.services.clubs.myPositions(ctx.viewer!);
  }

  @Authorized()
  @Mutation(() => VolunteerPosition, { description: "Adds a position to the caller's club; it starts hidden." })
  createVolunteerPosition(@Arg('input', () => VolunteerPositionInput) input: VolunteerPositionInput, @Ctx() ctx: Context) {
    return ctx.services.clubs.createPosition(ctx.viewer!, { ...input });
  }

  @Authorized()
  @Mutation(() => VolunteerPosition, { description: "Edits one of the caller's club's positions." })
  updateVolunteerPosition(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => VolunteerPositionInput) input: VolunteerPositionInput,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.clubs.updatePosition(ctx.viewer!, id, { ...input });
  }

  @Authorized()
  @Mutation(() => VolunteerPosition, { description: "Shows (true) or hides (false) one of the caller's club's positions." })
  setVolunteerPositionLive(@Arg('id', () => ID) id: string, @Arg('isLive', () => Boolean) isLive: boolean, @Ctx() ctx: Context) {
    return ctx.services.clubs.setPositionLive(ctx.viewer!, id, isLive);
  }

  @Authorized()
  @Mutation(() => ID, { description: "Deletes one of the caller's club's positions; answers its id." })
  deleteVolunteerPosition(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.clubs.deletePosition(ctx.viewer!, id);
  }
}

@Resolver(() => Club)
export class ClubsResolver {
  @Public()
  @Query(() => ClubDirectoryPage, {
    description: 'The club directory: approved clubs ordered by name, optionally matching words (name, description, city, sport; prefixes match) and one sport.',
  })
  clubDirectory(
    @Arg('search', () => String, { nullable: true }) search: string | null,
    @Arg('sport', () => String, { nullable: true, description: 'One sport category; null for All Sports.' }) sport: string | null,
    @Arg('first', () => Int, { defaultValue: 24, description: 'Page size, 1 to 100.' }) first: number,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page.' }) after: string | null,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.clubs.directory({ search, sport, first, after });
  }

  @Public()
  @Query(() => [String], { description: 'The sports of approved clubs, alphabetically (the directory filter beside All Sports).' })
  clubSports(@Ctx() ctx: Context) {
    return ctx.services.clubs.sportsPresent();
  }

  @Public()
  @Query(() => [String], { description: 'Every sport category a club profile may choose.' })
  sportCategories(): string[] {
    return [...SPORT_CATEGORIES];
  }

  @Public()
  @Query(() => Club, { description: "One club's public page (NOT_FOUND unless approved, or the caller owns it or is a platform administrator)." })
  club(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.clubs.publicClub(ctx.viewer, id);
  }

  @FieldResolver(() => String)
  initials(@Root() club: ClubRow) {
    return clubInitials(club.name);
  }

  @FieldResolver(() => String, { nullable: true })
  location(@Root() club: ClubRow) {
    return club.city ?? club.address;
  }

  @FieldResolver(() => [String])
  sportTypes(@Root() club: ClubRow) {
    return club.category ? [club.category] : [];
  }

  @FieldResolver(() => String, { nullable: true })
  websiteUrl(@Root() club: ClubRow) {
    return club.website;
  }

  @FieldResolver(() => Int, { description: 'How many of its volunteer positions are live.' })
  liveRoleCount(@Root() club: ClubRow, @Ctx() ctx: Context) {
    return ctx.loaders.liveRoleCount.load(club.id);
  }

  @FieldResolver(() => [MeetingTime], { description: 'The weekly meeting times, by day then start.' })
  async meetingTimes(@Root() club: ClubRow, @Ctx() ctx: Context) {
    return (await ctx.loaders.meetingTimes.load(club.id)).map(toMeetingTime);
  }

  @FieldResolver(() => [VolunteerPosition], { description: 'Its live volunteer positions, newest first.' })
  livePositions(@Root() club: ClubRow, @Ctx() ctx: Context) {
    return ctx.loaders.livePositions.load(club.id);
  }
}
