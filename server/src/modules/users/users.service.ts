// Who a user is, as every screen sees them: the role derives from the account and its club.
import { eq, sql } from 'drizzle-orm';
import { anyOf, anyOfPlaceholder } from '../../db/any.js';
import type { Db, Executor } from '../../db/client.js';
import { clubs, councilAdmins, users, volunteerProfiles } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { sanitizeText } from '../../lib/sanitize.js';
import { parseInput } from '../../lib/validate.js';
import { roleOf, type Role } from '../../lib/viewer.js';
import { NAME_MIN, NAME_TOO_SHORT, updateMyProfileRules } from '../auth/auth.rules.js';
import { DELETED_MEMBER } from '../account/account.rules.js';

export type ClubApplicationStatus = 'pending' | 'approved' | 'rejected';

export interface UserView {
  id: string;
  email: string;
  fullName: string;
  role: Role;
  isPlatformAdmin: boolean;
  isCouncilAdmin: boolean;
  hasVolunteerProfile: boolean;
  status: 'active' | 'suspended' | 'banned' | 'deleted';
  /** Why the account is suspended or banned; null when active. */
  statusReason: string | null;
  /** A suspension's end; null without one. */
  suspendedUntil: Date | null;
  statusChangedAt: Date | null;
  club: { id: string; name: string; applicationStatus: ClubApplicationStatus } | null;
  createdAt: Date;
}


export class UsersService {
  constructor(private readonly db: Db) {}

  // The batched reads, prepared on the root database when first needed: every DataLoader batch
  // (every request that names a member) only fills in the ids.
  private viewManyStatement?: ReturnType<UsersService['prepareViewMany']>;
  private displayNamesStatement?: ReturnType<UsersService['prepareDisplayNames']>;

  private prepareViewMany() {
    return this.db
      .select({
        user: users,
        clubId: clubs.id,
        clubName: clubs.name,
        clubStatus: clubs.applicationStatus,
        councilEmail: councilAdmins.email,
        volunteerId: volunteerProfiles.userId,
      })
      .from(users)
      .leftJoin(clubs, eq(clubs.id, users.id))
      .leftJoin(councilAdmins, eq(councilAdmins.email, sql`lower(${users.email})`))
      .leftJoin(volunteerProfiles, eq(volunteerProfiles.userId, users.id))
      .where(anyOfPlaceholder(users.id, 'ids'))
      .prepare('users_view_many');
  }

  private prepareDisplayNames() {
    return this.db.select({ id: users.id, fullName: users.fullName, clubName: clubs.name, status: users.status }).from(users).leftJoin(clubs, eq(clubs.id, users.id)).where(anyOfPlaceholder(users.id, 'ids')).prepare('users_display_names');
  }

  /** One statement for any number of users (DataLoader batches land here). */
  async viewMany(ids: readonly string[]): Promise<UserView[]> {
    if (ids.length === 0) return [];
    const rows = await (this.viewManyStatement ??= this.prepareViewMany()).execute({ ids: [...ids] });
    return rows.map((r) =>
      toView(r.user, r.clubId ? { id: r.clubId, name: r.clubName!, applicationStatus: r.clubStatus! } : null, r.councilEmail !== null, r.volunteerId !== null),
    );
  }

  /** How each account is named to others: its club's name for a club account, else the person's
   *  ('Deleted member' once deleted).
   *  One statement for any number of ids. Given a caller's transaction, read on it (the same text,
   *  unprepared): the prepared statement runs on the root database, which PGlite's one connection
   *  serves only after that transaction ends. */
  async displayNames(ids: readonly string[], executor: Executor = this.db): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows =
      executor === this.db
        ? await (this.displayNamesStatement ??= this.prepareDisplayNames()).execute({ ids: [...ids] })
        : await executor.select({ id: users.id, fullName: users.fullName, clubName: clubs.name, status: users.status }).from(users).leftJoin(clubs, eq(clubs.id, users.id)).where(anyOf(users.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r.status === 'deleted' ? DELETED_MEMBER : (r.clubName ?? r.fullName)]));
  }

  /** The caller changes their own display name. It is sanitised like a sign-up name, and the
   *  name rule is applied again to what is left (tags alone are not a name). */
  async updateProfile(viewerId: string, raw: unknown): Promise<UserView> {
    const input = parseInput(updateMyProfileRules, raw);
    const fullName = sanitizeText(input.fullName);
    if (fullName.length < NAME_MIN) throw errors.validation(NAME_TOO_SHORT, { fullName: NAME_TOO_SHORT });
    const [updated] = await this.db.update(users).set({ fullName, updatedAt: new Date() }).where(eq(users.id, viewerId)).returning({ id: users.id });
    if (!updated) throw errors.sessionExpired();
    return (await this.view(viewerId))!;
  }

  async view(id: string): Promise<UserView | null> {
    const [view] = await this.viewMany([id]);
    return view ?? null;
  }
}

export function toView(
  user: typeof users.$inferSelect,
  club: UserView['club'],
  listedCouncilAdmin: boolean,
  hasVolunteerProfile: boolean,
): UserView {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    role: roleOf(user.isPlatformAdmin, club !== null),
    isPlatformAdmin: user.isPlatformAdmin,
    isCouncilAdmin: user.isPlatformAdmin || listedCouncilAdmin,
    hasVolunteerProfile,
    status: user.status,
    statusReason: user.statusReason,
    suspendedUntil: user.suspendedUntil,
    statusChangedAt: user.statusChangedAt,
    club,
    createdAt: user.createdAt,
  };
}

declare module '../../lib/services.js' {
  interface Services {
    users: UsersService;
  }
}
