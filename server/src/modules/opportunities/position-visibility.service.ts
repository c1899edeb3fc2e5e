// Who may see a volunteer position, applied through the request's loaders: one rule for the
// position's own lookups (node(id), an application's position) and for other modules' resolvers
// (the clubs module registers VolunteerPosition's node fetcher with it; moderation asks it whether
// a reporter may see the position they report). What anyone may see (`anyoneMaySee`) is also the
// sitemap's list of opportunity pages (OpportunitiesService.publicPositions, ANYONE_MAY_SEE).
import { sql } from 'drizzle-orm';
import type { Shown } from '../../db/columns.js';
import { clubs, clubVolunteerPositions, type ClubRow, type ClubVolunteerPositionRow } from '../../db/schema/index.js';
import type { Context } from '../../graphql/context.js';
import { ownsOrAdministers } from '../clubs/clubs.service.js';

/** Whether everyone, a signed-out visitor included, may see the position: live, of an approved
 *  club, and neither removed by a moderator (whatever its status: its page says it was filled or
 *  cancelled). */
export function anyoneMaySee(
  position: Pick<ClubVolunteerPositionRow, 'isLive' | 'removedAt'>,
  club: Pick<ClubRow, 'applicationStatus' | 'removedAt'>,
): boolean {
  return position.isLive && position.removedAt === null && club.applicationStatus === 'approved' && club.removedAt === null;
}

/** `anyoneMaySee` in SQL, over club_volunteer_positions joined with its club, for reads that list
 *  such positions (the sitemap). tests/api/sitemap.test.ts holds the two to the same answer for
 *  every combination of the four columns. */
export const ANYONE_MAY_SEE = sql`${clubVolunteerPositions.isLive} and ${clubVolunteerPositions.removedAt} is null and ${clubs.applicationStatus} = 'approved' and ${clubs.removedAt} is null`;

/**
 * The positions the caller may see, in the order asked (null where not): what anyone may see
 * (`anyoneMaySee`); every position of a club for its owner and platform administrators; and, for
 * a volunteer who applied to it, the position even once hidden. A position or club a moderator
 * removed is seen by its owner and administrators only.
 */
export async function visiblePositions(ctx: Context, ids: readonly string[]): Promise<Array<Shown<ClubVolunteerPositionRow> | null>> {
  const rows = await ctx.loaders.position.loadMany([...ids]);
  return Promise.all(
    rows.map(async (row) => {
      if (!row || row instanceof Error) return null;
      if (ownsOrAdministers(ctx.viewer, row.clubId)) return row;
      if (row.removedAt) return null;
      const club = await ctx.loaders.club.load(row.clubId);
      if (!club) return null;
      if (anyoneMaySee(row, club)) return row;
      if (!ctx.viewer || club.removedAt) return null;
      return (await ctx.loaders.latestApplication.load(`${ctx.viewer.userId}:${row.id}`)) ? row : null;
    }),
  );
}
