// The relations a list of clubs can ask for, each one statement per request whatever the list's length.
import DataLoader from 'dataloader';
import type { ClubMeetingTimeRow, ClubVolunteerPositionRow } from '../../db/schema/index.js';
import type { ClubsService } from './clubs.service.js';

export interface ClubLoaders {
  liveRoleCount: DataLoader<string, number>;
  meetingTimes: DataLoader<string, ClubMeetingTimeRow[]>;
  livePositions: DataLoader<string, ClubVolunteerPositionRow[]>;
}

function groupBy<T extends { clubId: string }>(ids: readonly string[], rows: T[]): T[][] {
  const byClub = new Map<string, T[]>(ids.map((id) => [id, []]));
  for (const row of rows) byClub.get(row.clubId)?.push(row);
  return ids.map((id) => byClub.get(id) ?? []);
}

export function createClubLoaders(clubs: ClubsService): ClubLoaders {
  return {
    liveRoleCount: new DataLoader(async (ids) => {
      const counts = await clubs.liveRoleCounts(ids);
      return ids.map((id) => counts.get(id) ?? 0);
    }),
    meetingTimes: new DataLoader(async (ids) => groupBy(ids, await clubs.meetingTimesOf(ids))),
    livePositions: new DataLoader(async (ids) => groupBy(ids, await clubs.livePositionsOf(ids))),
  };
}
