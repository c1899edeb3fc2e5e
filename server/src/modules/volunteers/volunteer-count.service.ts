// The one count of volunteers (issue 25, item 19; the definition is in volunteer-count.rules.ts):
// the admin panel's 'Total Volunteers', the Analytics tab's 'Volunteers' and the Users tab's
// 'Volunteers' card all use volunteerCount, and the Users tab's 'Volunteers' list isVolunteer, both
// built on the one condition below, so no two of them can disagree again.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users, volunteerProfiles } from '../../db/schema/index.js';

/** The definition as SQL, over a volunteer profile `v` joined to its account `u`. */
const volunteerRows = sql`${volunteerProfiles} v join ${users} u on u.id = v.user_id
    where u.status = 'active' and v.removed_at is null`;

/** A scalar subquery: the number of volunteers (an int), to use inside a select list. */
export function volunteerCount(): SQL<number> {
  return sql<number>`(select count(*) from ${volunteerRows})::int`;
}

/** A condition: the account whose id is `userId` (a column of the outer query) is a volunteer,
 *  i.e. is one of the accounts volunteerCount counts (one profile per account). */
export function isVolunteer(userId: AnyPgColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${volunteerRows} and v.user_id = ${userId})`;
}
