// The relations a list of clubs (or of positions, or of members) can ask for, each one statement
// per request whatever the list's length. Mutations clear what they change (see the resolvers).
import DataLoader from 'dataloader';
import type { ClubVolunteerPositionRow } from '../../db/schema/index.js';
import type { ClubsService, ClubView } from './clubs.service.js';
import type { ClubMeetingTime, ClubMeetingTimesService } from './club-meeting-times.service.js';
import type { VolunteerPositionsService } from './volunteer-positions.service.js';
import type { ClubFollowsService } from './club-follows.service.js';

export interface ClubLoaders {
  /** A club by id, whatever its status: callers check visibility (canSeeClub). */
  club: DataLoader<string, ClubView | null>;
  /** A club's live positions, counted; the directory's cards carry theirs. */
  liveRoleCount: DataLoader<string, number>;
  /** A club's meeting times by day, then start; the directory's cards carry theirs. */
  meetingTimes: DataLoader<string, ClubMeetingTime[]>;
  /** A club's live positions, newest first. */
  livePositions: DataLoader<string, ClubVolunteerPositionRow[]>;
  /** All of a club's positions, hidden ones included, newest first (for its owner). */
  allPositions: DataLoader<string, ClubVolunteerPositionRow[]>;
  /** Whether a member follows a club, keyed `{member}|{club}` (Club.followedByMe). */
  followed: DataLoader<string, boolean>;
  /** How many follow a club (Club.followerCount). */
  followerCount: DataLoader<string, number>;
}

function groupBy<T extends { clubId: string }>(ids: readonly string[], rows: T[]): T[][] {
  const byClub = new Map<string, T[]>(ids.map((id) => [id, []]));
  for (const row of rows) byClub.get(row.clubId)?.push(row);
  return ids.map((id) => byClub.get(id) ?? []);
}

export function createClubLoaders(services: {
  clubs: ClubsService;
  volunteerPositions: VolunteerPositionsService;
  clubMeetingTimes: ClubMeetingTimesService;
  clubFollows: ClubFollowsService;
}): ClubLoaders {
  const { clubs, volunteerPositions: positions, clubMeetingTimes: meetingTimes, clubFollows: follows } = services;
  return {
    followed: new DataLoader(async (keys) => {
      const byMember = new Map<string, string[]>();
      for (const key of keys) {
        const [member, club] = key.split('|') as [string, string];
        byMember.set(member, [...(byMember.get(member) ?? []), club]);
      }
      const found = new Map<string, Set<string>>();
      for (const [member, clubIds] of byMember) found.set(member, await follows.followedAmong(member, clubIds));
      return keys.map((key) => {
        const [member, club] = key.split('|') as [string, string];
        return found.get(member)?.has(club) ?? false;
      });
    }),
    followerCount: new DataLoader(async (ids) => {
      const counts = await follows.counts(ids);
      return ids.map((id) => counts.get(id) ?? 0);
    }),
    club: new DataLoader(async (ids) => {
      const byId = new Map((await clubs.byIds(ids)).map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    liveRoleCount: new DataLoader(async (ids) => {
      const counts = await positions.liveRoleCounts(ids);
      return ids.map((id) => counts.get(id) ?? 0);
    }),
    meetingTimes: new DataLoader(async (ids) => groupBy(ids, await meetingTimes.meetingTimesOf(ids))),
    livePositions: new DataLoader(async (ids) => groupBy(ids, await positions.positionsOf(ids, { hidden: false }))),
    allPositions: new DataLoader(async (ids) => groupBy(ids, await positions.positionsOf(ids, { hidden: true }))),
  };
}

declare module '../../graphql/context.js' {
  interface Loaders extends ClubLoaders {}
}
