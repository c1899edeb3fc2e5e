// The one count of volunteers (issue 25, item 19; the definition is in volunteer-count.rules.ts):
// the admin panel's 'Total Volunteers' and the Analytics tab's 'Volunteers' both use this
// statement, so the two cards cannot disagree again.
import { sql, type SQL } from 'drizzle-orm';
import { users, volunteerProfiles } from '../../db/schema/index.js';

/** A scalar subquery: the number of volunteers (an int), to use inside a select list. */
export function volunteerCount(): SQL<number> {
  return sql<number>`(select count(*) from ${volunteerProfiles} v join ${users} u on u.id = v.user_id
    where u.status = 'active' and v.removed_at is null)::int`;
}
