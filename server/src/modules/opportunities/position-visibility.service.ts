// Who may see a volunteer position, applied through the request's loaders: one rule for the
// position's own lookups (node(id), an application's position) and for other modules' resolvers
// (the clubs module registers VolunteerPosition's node fetcher with it; moderation asks it whether
// a reporter may see the position they report).
import type { Shown } from '../../db/columns.js';
import type { ClubVolunteerPositionRow } from '../../db/schema/index.js';
import type { Context } from '../../graphql/context.js';
import { ownsOrAdministers } from '../clubs/clubs.service.js';

/**
 * The positions the caller may see, in the order asked (null where not): live positions of
 * approved clubs for everyone; every position of a club for its owner and platform
 * administrators; and, for a volunteer who applied to it, the position even once hidden. A
 * position or club a moderator removed is seen by its owner and administrators only.
 */
export async function visiblePositions(ctx: Context, ids: readonly string[]): Promise<Array<Shown<ClubVolunteerPositionRow> | null>> {
  const rows = await ctx.loaders.position.loadMany([...ids]);
  return Promise.all(
    rows.map(async (row) => {
      if (!row || row instanceof Error) return null;
      if (ownsOrAdministers(ctx.viewer, row.clubId)) return row;
      if (row.removedAt) return null;
      const club = await ctx.loaders.club.load(row.clubId);
      if (!club || club.removedAt) return null;
      if (row.isLive && club.applicationStatus === 'approved') return row;
      if (!ctx.viewer) return null;
      return (await ctx.loaders.latestApplication.load(`${ctx.viewer.userId}:${row.id}`)) ? row : null;
    }),
  );
}
