// What both bearer credentials (a session's JWT, an API token) read of their account on every
// request, and the caller it makes: one statement each (modules/auth/auth.service.ts,
// modules/tokens/tokens.service.ts), the same columns and joins. A foundation beside viewer.ts, so
// the two modules that build a caller share it without importing each other.
import { eq, sql } from 'drizzle-orm';
import { clubs, councilAdmins, users } from '../db/schema/index.js';
import type { ApiScopeName } from './shared/api-scopes.js';
import { roleOf, type Viewer } from './viewer.js';

/** The account's columns: who the user is, whether they own a club, whether they sit on the council. */
export const VIEWER_ACCOUNT = {
  user: { id: users.id, email: users.email, isPlatformAdmin: users.isPlatformAdmin, status: users.status },
  clubId: clubs.id,
  councilEmail: councilAdmins.email,
};

/** Joins from users: the club an account owns (same id) and its council seat (by email, any case). */
export const CLUB_OF_USER = eq(clubs.id, users.id);
export const COUNCIL_SEAT_OF_USER = eq(councilAdmins.email, sql`lower(${users.email})`);

interface AccountRow {
  user: { id: string; email: string; isPlatformAdmin: boolean };
  clubId: string | null;
  councilEmail: string | null;
}

/** The scope without which an API token has no platform administrator rights. */
export const ADMIN_SCOPE: ApiScopeName = 'admin';

/**
 * The caller an account row makes (the credential adds its own fields): the account's rights, and
 * for an API token (`scopes`) those rights narrowed to its scopes. This is the one place that
 * decides it, so every check — root fields, node fetchers, field resolvers, subscriptions, REST —
 * reads the same rights: an administrator's token is a platform administrator (and has the
 * `platform_admin` role) only with `admin`; without it the account is what it is as a member (its
 * club makes it `club_admin`). Council administration is not narrowed: the council's reads are
 * covered by `read` and its writes name `council:write` (docs/API.md, 'API tokens').
 */
export function accountViewer({ user, clubId, councilEmail }: AccountRow, scopes?: readonly ApiScopeName[]): Pick<Viewer, 'userId' | 'email' | 'role' | 'isPlatformAdmin' | 'isCouncilAdmin'> {
  const isPlatformAdmin = user.isPlatformAdmin && (scopes === undefined || scopes.includes(ADMIN_SCOPE));
  return {
    userId: user.id,
    email: user.email,
    role: roleOf(isPlatformAdmin, clubId !== null),
    isPlatformAdmin,
    isCouncilAdmin: user.isPlatformAdmin || councilEmail !== null,
  };
}
