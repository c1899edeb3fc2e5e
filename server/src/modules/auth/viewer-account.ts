// What both bearer credentials (a session's JWT, an API token) read of their account on every
// request, and the caller it makes: one statement each (auth.service.ts, tokens.service.ts), the
// same columns and joins.
import { eq, sql } from 'drizzle-orm';
import { clubs, councilAdmins, users } from '../../db/schema/index.js';
import { roleOf } from '../users/users.service.js';
import type { Viewer } from './viewer.js';

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

/** The caller an account row makes (the credential adds its own fields). */
export function accountViewer({ user, clubId, councilEmail }: AccountRow): Pick<Viewer, 'userId' | 'email' | 'role' | 'isPlatformAdmin' | 'isCouncilAdmin'> {
  return {
    userId: user.id,
    email: user.email,
    role: roleOf(user.isPlatformAdmin, clubId !== null),
    isPlatformAdmin: user.isPlatformAdmin,
    isCouncilAdmin: user.isPlatformAdmin || councilEmail !== null,
  };
}
