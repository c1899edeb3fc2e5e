// The admin panel's Users tab (../shared/spec/administration.md, Users; issue 13 contract section
// 1): the account list and its stat cards, and suspend, ban, reinstate and the administrator role.
// Every action writes the users row, ends what it must end, mails the member and writes its audit
// entry in ONE transaction; a refused action leaves nothing behind.
import { and, count, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { clubs, contentReports, messages, sessions, users, volunteerApplications, memberBlocks } from '../../db/schema/index.js';
import { connectionFrom, cursorValue, keyset, pageRequest, preciseInstant, type ConnectionResult, type PageArgs } from '../../graphql/relay.js';
import type { PubSub } from '../../graphql/pubsub.js';
import { AppError, errors } from '../../lib/errors.js';
import { containsPattern } from '../../lib/like.js';
import { parseInput } from '../../lib/validate.js';
import type { Actor, AdminService } from '../admin/admin.service.js';
import type { RequestMeta, Viewer } from '../../lib/viewer.js';
import type { UsersService, UserView } from '../users/users.service.js';
import { isVolunteer, volunteerCount } from '../volunteers/volunteer-count.service.js';
import { bannedNotice, endAccess, endDueSuspensions, reinstatedNotice, suspendedNotice } from './admin-users.effects.js';
import type { NotificationDispatcher } from '../notifications/notify.service.js';
import {
  ADMIN_USERS_MESSAGES,
  ADMIN_USERS_PAGE_DEFAULT,
  USER_AUDIT_DETAILS,
  adminUserSearchRule,
  banUserRules,
  reinstateUserRules,
  suspendUserRules,
} from './admin-users.rules.js';

/** What other modules call of the account effects (sign-in lifts its own account's suspension
 *  once its end has passed). */
export { endAccess, endDueSuspensions };

const M = ADMIN_USERS_MESSAGES;

export type AdminUserFilter = 'all' | 'volunteers' | 'clubs' | 'suspended';
export type UserRow = typeof users.$inferSelect;

export interface MemberActivityRow {
  messagesSent: number;
  messagesReceived: number;
  applications: number;
  reportsMade: number;
  reportsAgainst: number;
  blockedBy: number;
  activeSessions: number;
  lastActiveAt: Date | null;
}

export interface AdminUserStatsRow {
  total: number;
  volunteers: number;
  clubs: number;
  administrators: number;
  suspended: number;
  banned: number;
  newThisWeek: number;
}

/** Serialises every change that could leave no active platform administrator (suspend, ban or
 *  revoke of an administrator): the second of two such changes counts after the first committed. */
const ADMIN_ROLES_LOCK = sql`select pg_advisory_xact_lock(72640013)`;

const hasClub = sql`exists (select 1 from ${clubs} where ${clubs.id} = ${users.id})`;

const notFound = () => new AppError('NOT_FOUND', M.userNotFound, { userId: M.userNotFound });
const refuse = (message: string) => errors.validation(message, { userId: message });

export class AdminUsersService {
  constructor(
    private readonly db: Db,
    private readonly admin: AdminService,
    private readonly users: UsersService,
    private readonly pubsub: PubSub,
    private readonly notify: Pick<NotificationDispatcher, 'notify'>,
    private readonly appUrl: string,
  ) {}

  // ---- reads ------------------------------------------------------------------------------------

  /** Accounts, newest first (keyset on created_at, id), by tab and search; 20 a page. */
  async list(viewer: Viewer | null, args: PageArgs & { search?: string | null; filter?: AdminUserFilter | null }): Promise<ConnectionResult<UserView>> {
    this.admin.requireAdmin(viewer);
    const search = parseInput(adminUserSearchRule, args.search)?.trim().toLowerCase();
    const conditions: (SQL | undefined)[] = [];
    switch (args.filter ?? 'all') {
      case 'volunteers':
        // The accounts the 'Volunteers' card counts (volunteer-count.service.ts), no more, no fewer.
        conditions.push(isVolunteer(users.id));
        break;
      case 'clubs':
        conditions.push(hasClub);
        break;
      case 'suspended':
        // A literal: a prepared statement's generic plan keeps users_status_created_idx (partial).
        conditions.push(sql`${users.status} <> 'active'`);
        break;
    }
    if (search) {
      const term = containsPattern(search);
      // A club account is shown by its club's name, so that name is searched too.
      conditions.push(
        or(
          sql`lower(${users.fullName}) like ${term}`,
          sql`lower(${users.email}) like ${term}`,
          sql`exists (select 1 from ${clubs} where ${clubs.id} = ${users.id} and lower(${clubs.name}) like ${term})`,
        ),
      );
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const req = pageRequest(args, (v) => (v.length === 2 && cursorValue.instant(v[0]) && cursorValue.uuid(v[1]) ? v : null), ADMIN_USERS_PAGE_DEFAULT, 'adminUsers');
    const page = keyset([[sql`${users.createdAt}`, 'timestamptz'], [sql`${users.id}`, 'uuid']], 'desc', req);
    const rows = await this.db
      .select({ id: users.id, cursorAt: preciseInstant(users.createdAt) })
      .from(users)
      .where(and(where, page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit);
    const result = connectionFrom(rows, req, (r) => [r.cursorAt, r.id], async () => {
      const [n] = await this.db.select({ n: count() }).from(users).where(where);
      return Number(n?.n ?? 0);
    });
    const views = new Map((await this.users.viewMany(result.nodes.map((r) => r.id))).map((v) => [v.id, v]));
    return result.withEdges(result.edges.flatMap((e) => (views.has(e.node.id) ? [{ cursor: e.cursor, node: views.get(e.node.id)! }] : [])));
  }

  async stats(viewer: Viewer | null): Promise<AdminUserStatsRow> {
    this.admin.requireAdmin(viewer);
    const [row] = await this.db
      .select({
        total: count(),
        // The one count of volunteers: the panel header's Total Volunteers, and this tab's list.
        volunteers: volunteerCount(),
        clubs: count(clubs.id),
        administrators: sql<number>`count(*) filter (where ${users.isPlatformAdmin})`,
        suspended: sql<number>`count(*) filter (where ${users.status} = 'suspended')`,
        banned: sql<number>`count(*) filter (where ${users.status} = 'banned')`,
        newThisWeek: sql<number>`count(*) filter (where ${users.createdAt} >= now() - interval '7 days')`,
      })
      .from(users)
      .leftJoin(clubs, eq(clubs.id, users.id));
    const n = (v: unknown) => Number(v ?? 0);
    return {
      total: n(row?.total),
      volunteers: n(row?.volunteers),
      clubs: n(row?.clubs),
      administrators: n(row?.administrators),
      suspended: n(row?.suspended),
      banned: n(row?.banned),
      newThisWeek: n(row?.newThisWeek),
    };
  }

  /** The activity counts of any number of accounts in one statement (Member.activity's loader);
   *  each count reads an index on its owner column. */
  async activityMany(ids: readonly string[]): Promise<Map<string, MemberActivityRow>> {
    if (ids.length === 0) return new Map();
    const list = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const rows = rowsOf<Record<string, string | number | null>>(
      await this.db.execute(sql`
        select u.id,
          (select count(*) from ${messages} m where m.sender_id = u.id) as messages_sent,
          (select count(*) from ${messages} m where m.recipient_id = u.id) as messages_received,
          (select count(*) from ${volunteerApplications} a where a.volunteer_id = u.id) as applications,
          (select count(*) from ${contentReports} r where r.reporter_id = u.id) as reports_made,
          (select count(*) from ${contentReports} r where r.target_owner_id = u.id) as reports_against,
          (select count(*) from ${memberBlocks} b where b.blocked_id = u.id) as blocked_by,
          (select count(*) from ${sessions} s where s.user_id = u.id and s.revoked_at is null and s.idle_expires_at > now() and s.expires_at > now()) as active_sessions,
          (select max(greatest(s.last_refreshed_at, s.created_at)) from ${sessions} s where s.user_id = u.id) as last_active_at
        from unnest(array[${list}]::uuid[]) as u(id)`),
    );
    return new Map(
      rows.map((r) => [
        String(r.id),
        {
          messagesSent: Number(r.messages_sent),
          messagesReceived: Number(r.messages_received),
          applications: Number(r.applications),
          reportsMade: Number(r.reports_made),
          reportsAgainst: Number(r.reports_against),
          blockedBy: Number(r.blocked_by),
          activeSessions: Number(r.active_sessions),
          lastActiveAt: r.last_active_at == null ? null : new Date(r.last_active_at),
        },
      ]),
    );
  }

  // ---- actions ----------------------------------------------------------------------------------

  async suspend(viewer: Viewer | null, userId: string, raw: unknown, meta: RequestMeta): Promise<UserView> {
    const actor = await this.actorOf(viewer, meta);
    const input = parseInput(suspendUserRules, raw);
    await this.db.transaction((tx) => this.suspendWithin(tx, actor, userId, input));
    return this.done(userId);
  }

  /**
   * Suspends an account inside the caller's transaction `tx` (moderation's account suspension uses
   * it): the same rules (self, banned, last administrator), the same effects (sessions end, sockets
   * told 'account_suspended', the member told by email through the dispatcher) and the same audit
   * entry as suspendUser. A suspended account may be suspended again with a new reason and end.
   * The mail is delivered after `tx` commits.
   */
  async suspendWithin(tx: Executor, actor: Actor, userId: string, raw: { reason: string; until?: Date | string | null }): Promise<UserRow> {
    const input = parseInput(suspendUserRules, raw);
    if (actor.id === userId) throw refuse(M.selfSuspend);
    const target = await this.lockTarget(tx, userId);
    if (target.user.status === 'banned') throw refuse(M.banned);
    await this.keepAnAdmin(tx, target.user);
    const [user] = await tx
      .update(users)
      .set({ status: 'suspended', statusReason: input.reason, suspendedUntil: input.until, statusChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    await endAccess(tx, this.pubsub, userId, 'account_suspended');
    await this.notify.notify(tx, userId, suspendedNotice(input.reason, input.until));
    await this.admin.record(tx, actor, { actionType: 'suspend', targetType: 'user', targetId: userId, targetName: target.name, details: USER_AUDIT_DETAILS.suspend(input.reason, input.until) });
    return user!;
  }

  async ban(viewer: Viewer | null, userId: string, raw: unknown, meta: RequestMeta): Promise<UserView> {
    const actor = await this.actorOf(viewer, meta);
    const input = parseInput(banUserRules, raw);
    if (actor.id === userId) throw refuse(M.selfBan);
    await this.db.transaction(async (tx) => {
      const target = await this.lockTarget(tx, userId);
      await this.keepAnAdmin(tx, target.user);
      await tx
        .update(users)
        .set({ status: 'banned', statusReason: input.reason, suspendedUntil: null, statusChangedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      await endAccess(tx, this.pubsub, userId, 'account_banned');
      await this.notify.notify(tx, userId, bannedNotice(input.reason));
      await this.admin.record(tx, actor, { actionType: 'ban', targetType: 'user', targetId: userId, targetName: target.name, details: USER_AUDIT_DETAILS.ban(input.reason) });
    });
    return this.done(userId);
  }

  async reinstate(viewer: Viewer | null, userId: string, raw: unknown, meta: RequestMeta): Promise<UserView> {
    const actor = await this.actorOf(viewer, meta);
    const input = parseInput(reinstateUserRules, raw);
    await this.db.transaction(async (tx) => {
      const target = await this.lockTarget(tx, userId);
      if (target.user.status === 'active') throw refuse(M.alreadyActive);
      await tx
        .update(users)
        .set({ status: 'active', statusReason: null, suspendedUntil: null, statusChangedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      await this.notify.notify(tx, userId, reinstatedNotice(this.appUrl));
      await this.admin.record(tx, actor, { actionType: 'reinstate', targetType: 'user', targetId: userId, targetName: target.name, details: USER_AUDIT_DETAILS.reinstate(input.note) });
    });
    return this.done(userId);
  }

  /** Grants or revokes the platform administrator role. Revoking ends the account's sessions
   *  (reason 'role_changed') so that no open tab or socket keeps administrator rights. */
  async setPlatformAdmin(viewer: Viewer | null, userId: string, isPlatformAdmin: boolean, meta: RequestMeta): Promise<UserView> {
    const actor = await this.actorOf(viewer, meta);
    if (actor.id === userId) throw refuse(M.selfRole);
    await this.db.transaction(async (tx) => {
      const target = await this.lockTarget(tx, userId);
      if (target.user.isPlatformAdmin === isPlatformAdmin) throw refuse(M.sameRole);
      if (!isPlatformAdmin) await this.keepAnAdmin(tx, target.user);
      await tx.update(users).set({ isPlatformAdmin, updatedAt: sql`now()` }).where(eq(users.id, userId));
      if (!isPlatformAdmin) await endAccess(tx, this.pubsub, userId, 'role_changed');
      await this.admin.record(tx, actor, {
        actionType: isPlatformAdmin ? 'grant_admin' : 'revoke_admin',
        targetType: 'user',
        targetId: userId,
        targetName: target.name,
        details: isPlatformAdmin ? USER_AUDIT_DETAILS.grantAdmin : USER_AUDIT_DETAILS.revokeAdmin,
      });
    });
    return this.done(userId);
  }

  /** The worker's round: lifts every suspension whose end has passed (and mails the member). */
  async endDueSuspensions(): Promise<number> {
    return this.db.transaction((tx) => endDueSuspensions(tx, { tell: { notify: this.notify, appUrl: this.appUrl } }));
  }

  // ---- helpers ----------------------------------------------------------------------------------

  private async actorOf(viewer: Viewer | null, meta: RequestMeta): Promise<Actor> {
    return this.admin.actor(this.admin.requireAdmin(viewer), meta);
  }

  /** The target's row, locked until `tx` ends, and its display name (its club's name for a club).
   *  NO KEY UPDATE: audit rows naming the target's id (a foreign key) by another transaction still pass. */
  private async lockTarget(tx: Executor, userId: string): Promise<{ user: UserRow; name: string }> {
    const [row] = await tx.select({ user: users, clubName: clubs.name }).from(users).leftJoin(clubs, eq(clubs.id, users.id)).where(eq(users.id, userId)).for('no key update', { of: users });
    if (!row) throw notFound();
    return { user: row.user, name: row.clubName ?? row.user.fullName };
  }

  /** A member's own deletion (modules/account): their row, locked until `tx` ends, after the same
   *  last-administrator rule as a suspension (refused with `lastAdmin`). */
  async lockForDeletion(tx: Executor, userId: string, lastAdmin: () => Error): Promise<UserRow> {
    const { user } = await this.lockTarget(tx, userId);
    await this.keepAnAdmin(tx, user, lastAdmin);
    return user;
  }

  /** Refuses to suspend, ban, demote or delete the last active platform administrator. Under a lock
   *  every such change takes, so two administrators acting on each other at once cannot both pass. */
  private async keepAnAdmin(tx: Executor, target: UserRow, refusal: () => Error = () => refuse(M.lastAdmin)): Promise<void> {
    if (!target.isPlatformAdmin || target.status !== 'active') return;
    await tx.execute(ADMIN_ROLES_LOCK);
    const [others] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(sql`${users.isPlatformAdmin}`, eq(users.status, 'active'), ne(users.id, target.id)));
    if (Number(others?.n ?? 0) === 0) throw refusal();
  }

  /** After a committed action: the account as it is now. */
  private async done(userId: string): Promise<UserView> {
    const view = await this.users.view(userId);
    if (!view) throw notFound();
    return view;
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** The admin panel's Users tab: accounts, suspension, ban, reinstatement, the administrator role. */
    adminUsers: AdminUsersService;
  }
}
