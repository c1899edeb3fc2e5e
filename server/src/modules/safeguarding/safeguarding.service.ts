// Safeguarding checks (issue 30 §5). Administrators keep the platform's list of check kinds; a
// volunteer records their own checks with the minimum data (kind, issue date, expiry or renewal
// date); the owner of a club the volunteer applied to sees them and verifies them for that club.
// Every view of a check by a club owner or an administrator and every change is written to the
// check's audit (volunteer_check_events), which the volunteer reads. A durable job per check
// reminds the volunteer and the clubs relying on it CHECK_REMINDER_DAYS before it expires.
//
// The enforcement the applications use (applying, accepting, promoting from a waiting list) is
// checkProblem and verifiedVolunteers below: functions of an executor, so they run inside the
// caller's own transaction.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import {
  checkKinds,
  clubs,
  clubVolunteerPositions,
  jobs,
  volunteerApplications,
  volunteerCheckEvents,
  volunteerCheckVerifications,
  volunteerChecks,
  volunteerProfiles,
  type CheckKindRow,
  type VolunteerCheckRow,
} from '../../db/schema/index.js';
import { creationPage } from '../../graphql/creation-page.js';
import { databaseId, type ConnectionResult, type PageArgs } from '../../graphql/relay.js';
import { cancelJob, scheduleJob } from '../../jobs/queue.js';
import type { JobHandler } from '../../jobs/worker.js';
import { AppError, errors } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import { todayIn } from '../council/council.rules.js';
import type { NotificationDispatcher } from '../notifications/notify.service.js';
import {
  addDays,
  CHECK_MESSAGES as M,
  CHECK_PROBLEMS as P,
  CHECK_KINDS_MAX,
  CHECK_PAGE_DEFAULT,
  CHECK_REMINDER_DAYS,
  CHECK_TEXTS as T,
  checkDatesRules,
  checkKindRules,
  isExpired,
} from './safeguarding.rules.js';

export const CHECK_EXPIRY_JOB = 'check-expiry';
/** The durable job key of one check's expiry reminder. */
export const checkExpiryJobKey = (checkId: string) => `${CHECK_EXPIRY_JOB}:${checkId}`;

export type CheckAction = (typeof volunteerCheckEvents.action.enumValues)[number];
export type CheckVerificationRow = typeof volunteerCheckVerifications.$inferSelect;
export type CheckEventRow = typeof volunteerCheckEvents.$inferSelect;

/** What a position needs of a volunteer's check: recorded and unexpired (to apply), or verified by
 *  the position's club and unexpired (to be accepted or promoted). */
export type CheckNeed = 'recorded' | 'verified';

/** The part of a position the enforcement reads. */
export interface CheckedPosition {
  clubId: string;
  requiredCheckKindId: string | null;
}

// ---------------------------------------------------------------------------------------------
// Enforcement (called by the applications inside their own transactions).

/**
 * Whether `volunteerId` may go ahead with `position` as far as its required check goes: null when
 * fine (no check required, or the volunteer's check does), else the clear message naming the
 * check. `need` 'recorded' (applying): the volunteer has recorded the kind and it has not expired
 * on `today` (YYYY-MM-DD); the club can verify an applicant's check only once they have applied.
 * `need` 'verified' (accepting, promoting from the waiting list): besides, the position's club has
 * verified it. The check's row is locked (FOR SHARE) until the caller's transaction ends, so it
 * cannot be changed, deleted or unverified between this answer and the caller's decision.
 */
export async function checkProblem(executor: Executor, volunteerId: string, position: CheckedPosition, need: CheckNeed, today: string): Promise<string | null> {
  if (!position.requiredCheckKindId) return null;
  const [kind] = await executor.select({ name: checkKinds.name }).from(checkKinds).where(eq(checkKinds.id, position.requiredCheckKindId));
  if (!kind) return null;
  const [check] = rowsOf<{ expiresOn: string; verified: boolean }>(
    await executor.execute(sql`
      select c.expires_on::text as "expiresOn",
        exists (select 1 from volunteer_check_verifications v where v.check_id = c.id and v.club_id = ${position.clubId}) as verified
      from volunteer_checks c
      where c.volunteer_id = ${volunteerId} and c.kind_id = ${position.requiredCheckKindId}
      for share`),
  );
  const forClub = need === 'verified';
  if (!check) return forClub ? P.notRecordedForClub(kind.name) : P.notRecorded(kind.name);
  if (isExpired(check.expiresOn, today)) return forClub ? P.expiredForClub(kind.name, check.expiresOn) : P.expiredForApplicant(kind.name, check.expiresOn);
  if (forClub && !check.verified) return P.notVerified(kind.name);
  return null;
}

/**
 * Of `volunteerIds`, the ones whose check of the kind `position` requires is verified by its club
 * and unexpired on `today`, in one statement (every one when the position requires none): whom a
 * waiting list may promote.
 */
export async function verifiedVolunteers(executor: Executor, volunteerIds: readonly string[], position: CheckedPosition, today: string): Promise<Set<string>> {
  if (!position.requiredCheckKindId) return new Set(volunteerIds);
  if (volunteerIds.length === 0) return new Set();
  const rows = rowsOf<{ volunteerId: string }>(
    await executor.execute(sql`
      select c.volunteer_id as "volunteerId" from volunteer_checks c
      join volunteer_check_verifications v on v.check_id = c.id and v.club_id = ${position.clubId}
      where c.kind_id = ${position.requiredCheckKindId} and c.volunteer_id = any(${sql.param([...volunteerIds])}::uuid[]) and c.expires_on > ${today}::date`),
  );
  return new Set(rows.map((r) => r.volunteerId));
}

/**
 * The check kind a position form chose, as a database id (null: none): `globalId` must name a kind
 * that is offered (not retired), or the one the position `positionId` already requires (a kind
 * retired since stays on the positions that name it). A userError on `requiredCheckId` otherwise.
 */
export async function offeredCheckKindId(executor: Executor, globalId: unknown, positionId: string | null): Promise<string | null> {
  if (globalId === null || globalId === undefined || globalId === '') return null;
  const id = databaseId(globalId, 'CheckKind');
  if (!id) throw new AppError('NOT_FOUND', M.kindRequired, { requiredCheckId: M.kindRequired });
  const [kind] = await executor.select().from(checkKinds).where(eq(checkKinds.id, id));
  if (!kind) throw new AppError('NOT_FOUND', M.kindRequired, { requiredCheckId: M.kindRequired });
  if (kind.retiredAt) {
    const kept = positionId
      ? await executor
          .select({ id: clubVolunteerPositions.id })
          .from(clubVolunteerPositions)
          .where(and(eq(clubVolunteerPositions.id, positionId), eq(clubVolunteerPositions.requiredCheckKindId, id)))
      : [];
    if (kept.length === 0) throw errors.validation(M.kindRetired(kind.name), { requiredCheckId: M.kindRetired(kind.name) });
  }
  return id;
}

/** A deleted account's checks go with it: their reminders, the checks (and so their
 *  verifications) and their audit. Called in the account deletion's transaction. */
export async function deleteChecksOf(tx: Executor, volunteerId: string): Promise<void> {
  const gone = await tx.delete(volunteerChecks).where(eq(volunteerChecks.volunteerId, volunteerId)).returning({ id: volunteerChecks.id });
  if (gone.length) await tx.delete(jobs).where(and(eq(jobs.status, 'pending'), anyOf(jobs.key, gone.map((c) => checkExpiryJobKey(c.id)))));
  await tx.delete(volunteerCheckEvents).where(eq(volunteerCheckEvents.volunteerId, volunteerId));
}

/** Who may read a check's verifications: the volunteer and administrators all of them, a club's
 *  owner their own club's only (no club learns which other clubs a volunteer works with). */
export function visibleVerifications(viewer: Viewer | null, check: Pick<VolunteerCheckRow, 'volunteerId'>, rows: readonly CheckVerificationRow[]): CheckVerificationRow[] {
  if (!viewer) return [];
  if (viewer.userId === check.volunteerId || viewer.isPlatformAdmin) return [...rows];
  return rows.filter((r) => r.clubId === viewer.userId);
}

const notFound = (field = 'checkId') => new AppError('NOT_FOUND', M.checkNotFound, { [field]: M.checkNotFound });
const kindNotFound = () => new AppError('NOT_FOUND', M.kindNotFound, { checkKindId: M.kindNotFound });

/** When a check's reminder is due: CHECK_REMINDER_DAYS before it expires, at 09:00 UTC. */
export const reminderAt = (expiresOn: string) => new Date(`${addDays(expiresOn, -CHECK_REMINDER_DAYS)}T09:00:00Z`);

export class SafeguardingService {
  constructor(
    private readonly db: Db,
    private readonly deps: { notify: Pick<NotificationDispatcher, 'notify'>; timeZone: string; appUrl: string },
  ) {}

  /** The platform's day (YYYY-MM-DD): what 'in the future' and 'expired' are judged against. */
  today(now = new Date()): string {
    return todayIn(this.deps.timeZone, now);
  }

  // ---- check kinds ------------------------------------------------------------------------

  /** The kinds offered (not retired), by name; with `includeRetired`, every kind (administrators). */
  async kinds(opts: { includeRetired?: boolean } = {}): Promise<CheckKindRow[]> {
    return this.db
      .select()
      .from(checkKinds)
      .where(opts.includeRetired ? undefined : isNull(checkKinds.retiredAt))
      .orderBy(sql`lower(${checkKinds.name})`, asc(checkKinds.id));
  }

  async kindsByIds(ids: readonly string[]): Promise<CheckKindRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(checkKinds).where(anyOf(checkKinds.id, ids));
  }

  async createKind(viewer: Viewer, raw: unknown): Promise<CheckKindRow> {
    this.assertAdmin(viewer);
    const input = parseInput(checkKindRules, raw);
    return this.db.transaction(async (tx) => {
      await this.assertNameFree(tx, input.name, null);
      const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from check_kinds`)) as [{ n: number }];
      if (n >= CHECK_KINDS_MAX) throw errors.validation(M.tooManyKinds);
      const [row] = await tx.insert(checkKinds).values(input).returning();
      return row!;
    });
  }

  async updateKind(viewer: Viewer, id: string | null, raw: unknown): Promise<CheckKindRow> {
    this.assertAdmin(viewer);
    const input = parseInput(checkKindRules, raw);
    if (!id) throw kindNotFound();
    return this.db.transaction(async (tx) => {
      await this.assertNameFree(tx, input.name, id);
      const [row] = await tx.update(checkKinds).set(input).where(eq(checkKinds.id, id)).returning();
      if (!row) throw kindNotFound();
      return row;
    });
  }

  /** Retires a kind (no longer offered for new checks and positions; kept where it is named) or
   *  restores it. */
  async setKindRetired(viewer: Viewer, id: string | null, retired: boolean): Promise<CheckKindRow> {
    this.assertAdmin(viewer);
    if (!id) throw kindNotFound();
    const [row] = await this.db
      .update(checkKinds)
      .set({ retiredAt: retired ? sql`coalesce(${checkKinds.retiredAt}, now())` : null })
      .where(eq(checkKinds.id, id))
      .returning();
    if (!row) throw kindNotFound();
    return row;
  }

  /** Names are unique whatever their letter case; kinds are named one at a time (a transaction
   *  lock), so two administrators cannot add the same name at once. */
  private async assertNameFree(tx: Executor, name: string, except: string | null): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('check_kinds.name'))`);
    const [taken] = await tx
      .select({ id: checkKinds.id, name: checkKinds.name })
      .from(checkKinds)
      .where(and(sql`lower(${checkKinds.name}) = lower(${name})`, except ? sql`${checkKinds.id} <> ${except}` : undefined));
    if (taken) throw errors.validation(M.kindNameTaken(taken.name), { name: M.kindNameTaken(taken.name) });
  }

  private assertAdmin(viewer: Viewer): void {
    if (!viewer.isPlatformAdmin) throw errors.forbidden();
  }

  // ---- a volunteer's own checks -------------------------------------------------------------

  /** The caller's checks, by kind name. */
  async mine(viewer: Viewer): Promise<VolunteerCheckRow[]> {
    return this.db
      .select(checkColumns)
      .from(volunteerChecks)
      .innerJoin(checkKinds, eq(checkKinds.id, volunteerChecks.kindId))
      .where(eq(volunteerChecks.volunteerId, viewer.userId))
      .orderBy(sql`lower(${checkKinds.name})`);
  }

  /** Checks by id, whatever their owner (callers decide who may see them). */
  async checksByIds(ids: readonly string[]): Promise<VolunteerCheckRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(volunteerChecks).where(anyOf(volunteerChecks.id, ids));
  }

  /** Records a check of an offered kind on the caller's volunteer profile (one per kind), its
   *  expiry reminder scheduled in the same transaction. */
  async record(viewer: Viewer, raw: { kindId?: unknown; issuedOn?: unknown; expiresOn?: unknown }): Promise<VolunteerCheckRow> {
    const kindId = databaseId(raw.kindId, 'CheckKind');
    const dates = parseInput(checkDatesRules(this.today()), { issuedOn: raw.issuedOn, expiresOn: raw.expiresOn });
    return this.db.transaction(async (tx) => {
      const [profile] = await tx.select({ id: volunteerProfiles.userId }).from(volunteerProfiles).where(eq(volunteerProfiles.userId, viewer.userId)).for('share');
      if (!profile) throw errors.validation(M.noVolunteerProfile);
      const [kind] = kindId ? await tx.select().from(checkKinds).where(eq(checkKinds.id, kindId)) : [];
      if (!kind) throw new AppError('NOT_FOUND', M.kindRequired, { kindId: M.kindRequired });
      if (kind.retiredAt) throw errors.validation(M.kindRetired(kind.name), { kindId: M.kindRetired(kind.name) });
      const [row] = await tx.insert(volunteerChecks).values({ volunteerId: viewer.userId, kindId: kind.id, ...dates }).onConflictDoNothing().returning();
      if (!row) throw errors.validation(M.alreadyRecorded(kind.name), { kindId: M.alreadyRecorded(kind.name) });
      await this.audit(tx, row, viewer.userId, 'recorded', null, { kind: kind.name, issuedOn: row.issuedOn, expiresOn: row.expiresOn });
      await this.scheduleReminder(tx, row);
      return row;
    });
  }

  /** New dates for one of the caller's checks. Changed dates remove every club's verification
   *  (they verified other data) and move the expiry reminder. */
  async change(viewer: Viewer, checkId: string | null, raw: { issuedOn?: unknown; expiresOn?: unknown }): Promise<VolunteerCheckRow> {
    const dates = parseInput(checkDatesRules(this.today()), { issuedOn: raw.issuedOn, expiresOn: raw.expiresOn });
    return this.db.transaction(async (tx) => {
      const before = await this.ownCheck(tx, viewer, checkId);
      if (before.issuedOn === dates.issuedOn && before.expiresOn === dates.expiresOn) return before;
      const [row] = await tx
        .update(volunteerChecks)
        .set({ ...dates, updatedAt: new Date() })
        .where(eq(volunteerChecks.id, before.id))
        .returning();
      const unverified = await tx.delete(volunteerCheckVerifications).where(eq(volunteerCheckVerifications.checkId, before.id)).returning({ clubId: volunteerCheckVerifications.clubId });
      await this.audit(tx, row!, viewer.userId, 'changed', null, {
        issuedOn: row!.issuedOn,
        expiresOn: row!.expiresOn,
        previous: { issuedOn: before.issuedOn, expiresOn: before.expiresOn },
        verificationsRemoved: unverified.length,
      });
      await this.scheduleReminder(tx, row!);
      return row!;
    });
  }

  /** Deletes one of the caller's checks (its verifications with it) and its reminder; the audit
   *  keeps that it was deleted. */
  async remove(viewer: Viewer, checkId: string | null): Promise<VolunteerCheckRow> {
    return this.db.transaction(async (tx) => {
      const check = await this.ownCheck(tx, viewer, checkId);
      const [kind] = await tx.select({ name: checkKinds.name }).from(checkKinds).where(eq(checkKinds.id, check.kindId));
      await tx.delete(volunteerChecks).where(eq(volunteerChecks.id, check.id));
      await this.audit(tx, check, viewer.userId, 'deleted', null, { kind: kind?.name ?? null, issuedOn: check.issuedOn, expiresOn: check.expiresOn });
      await cancelJob(tx, checkExpiryJobKey(check.id));
      return check;
    });
  }

  private async ownCheck(tx: Executor, viewer: Viewer, checkId: string | null): Promise<VolunteerCheckRow> {
    if (!checkId) throw notFound();
    const [row] = await tx
      .select()
      .from(volunteerChecks)
      .where(and(eq(volunteerChecks.id, checkId), eq(volunteerChecks.volunteerId, viewer.userId)))
      .for('update');
    if (!row) throw notFound();
    return row;
  }

  // ---- clubs: seeing and verifying an applicant's checks -------------------------------------

  /**
   * The checks of the volunteer who made the application `applicationId`, for the owner of its
   * club or a platform administrator (each check read writes a 'viewed' event, in one statement);
   * null for anyone else or an unknown application.
   */
  async applicantChecks(viewer: Viewer, applicationId: string | null): Promise<VolunteerCheckRow[] | null> {
    if (!applicationId) return null;
    const [application] = await this.db
      .select({ clubId: volunteerApplications.clubId, volunteerId: volunteerApplications.volunteerId })
      .from(volunteerApplications)
      .where(eq(volunteerApplications.id, applicationId));
    if (!application || (application.clubId !== viewer.userId && !viewer.isPlatformAdmin)) return null;
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select(checkColumns)
        .from(volunteerChecks)
        .innerJoin(checkKinds, eq(checkKinds.id, volunteerChecks.kindId))
        .where(eq(volunteerChecks.volunteerId, application.volunteerId))
        .orderBy(sql`lower(${checkKinds.name})`);
      const clubId = application.clubId === viewer.userId ? application.clubId : null;
      if (rows.length) {
        await tx.insert(volunteerCheckEvents).values(rows.map((c) => ({ checkId: c.id, volunteerId: c.volunteerId, clubId, actorId: viewer.userId, action: 'viewed' as const })));
      }
      return rows;
    });
  }

  /** The caller's club verifies (`verified`) or withdraws its verification of a check of a volunteer
   *  who applied to one of its positions (any status). Only a club's owner; an expired check cannot
   *  be verified. Verifying twice, or withdrawing none, changes nothing. */
  async setVerified(viewer: Viewer, checkId: string | null, verified: boolean): Promise<VolunteerCheckRow> {
    return this.db.transaction(async (tx) => {
      const [club] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, viewer.userId));
      if (!club) throw errors.forbidden(M.noClub);
      const [check] = checkId ? await tx.select().from(volunteerChecks).where(eq(volunteerChecks.id, checkId)).for('update') : [];
      if (!check) throw notFound();
      const [applied] = await tx
        .select({ id: volunteerApplications.id })
        .from(volunteerApplications)
        .where(and(eq(volunteerApplications.clubId, club.id), eq(volunteerApplications.volunteerId, check.volunteerId)))
        .limit(1);
      if (!applied) throw notFound();
      if (verified) {
        if (isExpired(check.expiresOn, this.today())) {
          const [kind] = await tx.select({ name: checkKinds.name }).from(checkKinds).where(eq(checkKinds.id, check.kindId));
          throw errors.validation(M.expiredCannotVerify(kind!.name), { checkId: M.expiredCannotVerify(kind!.name) });
        }
        const added = await tx.insert(volunteerCheckVerifications).values({ checkId: check.id, clubId: club.id, verifiedBy: viewer.userId }).onConflictDoNothing().returning();
        if (added.length) await this.audit(tx, check, viewer.userId, 'verified', club.id, { issuedOn: check.issuedOn, expiresOn: check.expiresOn });
      } else {
        const removed = await tx
          .delete(volunteerCheckVerifications)
          .where(and(eq(volunteerCheckVerifications.checkId, check.id), eq(volunteerCheckVerifications.clubId, club.id)))
          .returning();
        if (removed.length) await this.audit(tx, check, viewer.userId, 'unverified', club.id, null);
      }
      return check;
    });
  }

  // ---- reading verifications and the audit ---------------------------------------------------

  /** Every verification of these checks, oldest first (callers filter: visibleVerifications). */
  async verificationsOf(checkIds: readonly string[]): Promise<Map<string, CheckVerificationRow[]>> {
    const byCheck = new Map<string, CheckVerificationRow[]>(checkIds.map((id) => [id, []]));
    if (checkIds.length === 0) return byCheck;
    const rows = await this.db.select().from(volunteerCheckVerifications).where(anyOf(volunteerCheckVerifications.checkId, checkIds)).orderBy(asc(volunteerCheckVerifications.verifiedAt));
    for (const row of rows) byCheck.get(row.checkId)?.push(row);
    return byCheck;
  }

  /** A check's audit, newest first, a page at a time, for its volunteer only (an empty page for
   *  anyone else). */
  history(viewer: Viewer | null, check: Pick<VolunteerCheckRow, 'id' | 'volunteerId'>, args: PageArgs): Promise<ConnectionResult<CheckEventRow & { cursorAt: string }>> {
    const own = viewer !== null && viewer.userId === check.volunteerId;
    const where = own ? and(eq(volunteerCheckEvents.checkId, check.id), eq(volunteerCheckEvents.volunteerId, check.volunteerId)) : sql`false`;
    return creationPage(this.db, volunteerCheckEvents, where, args, { list: 'checkHistory', defaultSize: CHECK_PAGE_DEFAULT });
  }

  private async audit(tx: Executor, check: Pick<VolunteerCheckRow, 'id' | 'volunteerId'>, actorId: string | null, action: CheckAction, clubId: string | null, detail: Record<string, unknown> | null): Promise<void> {
    await tx.insert(volunteerCheckEvents).values({ checkId: check.id, volunteerId: check.volunteerId, clubId, actorId, action, detail });
  }

  // ---- expiry reminders ----------------------------------------------------------------------

  /** (Re)schedules a check's reminder: CHECK_REMINDER_DAYS before it expires, or at once when
   *  that is past; none for a check that has already expired. */
  private async scheduleReminder(tx: Executor, check: VolunteerCheckRow): Promise<void> {
    const key = checkExpiryJobKey(check.id);
    if (isExpired(check.expiresOn, this.today())) return cancelJob(tx, key);
    const due = reminderAt(check.expiresOn);
    const now = new Date();
    await scheduleJob(tx, { kind: CHECK_EXPIRY_JOB, key, runAt: due > now ? due : now, payload: { checkId: check.id, userId: check.volunteerId, expiresOn: check.expiresOn } });
  }

  /**
   * The reminder job: tells the volunteer and the owner of each club that verified the check that
   * it expires soon (through the dispatcher), and writes a 'reminded' event, all in the job's
   * transaction (so exactly once). A job whose check is gone, changed since or already expired does
   * nothing.
   */
  readonly reminderJob: JobHandler = async (tx, job) => {
    const { checkId, expiresOn } = job.payload as { checkId?: string; expiresOn?: string };
    if (typeof checkId !== 'string') return { done: true };
    const [check] = await tx
      .select({ ...checkColumns, kindName: checkKinds.name, firstName: volunteerProfiles.firstName, lastName: volunteerProfiles.lastName })
      .from(volunteerChecks)
      .innerJoin(checkKinds, eq(checkKinds.id, volunteerChecks.kindId))
      .leftJoin(volunteerProfiles, eq(volunteerProfiles.userId, volunteerChecks.volunteerId))
      .where(eq(volunteerChecks.id, checkId))
      .for('update', { of: volunteerChecks });
    if (!check || check.expiresOn !== expiresOn || isExpired(check.expiresOn, this.today())) return { done: true };
    const relying = await tx
      .select({ clubId: volunteerCheckVerifications.clubId })
      .from(volunteerCheckVerifications)
      .innerJoin(clubs, eq(clubs.id, volunteerCheckVerifications.clubId))
      .where(eq(volunteerCheckVerifications.checkId, check.id));
    const path = '/volunteer/profile#safeguarding-checks';
    await this.deps.notify.notify(tx, check.volunteerId, {
      kind: 'volunteer_check_expiring',
      title: T.volunteerReminderTitle(check.kindName),
      description: T.volunteerReminder(check.kindName, check.expiresOn),
      actionUrl: path,
      collapseKey: `check-expiring:${check.id}`,
    });
    const volunteer = check.firstName ? `${check.firstName} ${check.lastName ?? ''}`.trim() : 'A volunteer';
    for (const { clubId } of relying) {
      await this.deps.notify.notify(tx, clubId, {
        kind: 'club_volunteer_check_expiring',
        title: T.clubReminderTitle(volunteer, check.kindName),
        description: T.clubReminder(volunteer, check.kindName, check.expiresOn),
        actionUrl: '/club/opportunities',
        actorId: check.volunteerId,
        collapseKey: `club-check-expiring:${check.id}`,
      });
    }
    await this.audit(tx, check, null, 'reminded', null, { expiresOn: check.expiresOn, clubs: relying.length });
    return { done: true };
  };
}

/** A check's own columns (for selects that join its kind). */
const checkColumns = {
  id: volunteerChecks.id,
  volunteerId: volunteerChecks.volunteerId,
  kindId: volunteerChecks.kindId,
  issuedOn: volunteerChecks.issuedOn,
  expiresOn: volunteerChecks.expiresOn,
  createdAt: volunteerChecks.createdAt,
  updatedAt: volunteerChecks.updatedAt,
};

declare module '../../lib/services.js' {
  interface Services {
    /** Safeguarding checks: the kinds, volunteers' checks, clubs' verifications and their audit. */
    safeguarding: SafeguardingService;
  }
}
