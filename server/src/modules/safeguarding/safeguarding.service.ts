// Safeguarding checks (issue 30 §5), a volunteer's own: they record their checks with the minimum
// data (kind, issue date, expiry or renewal date), change their dates and delete them, and read
// each check's audit (volunteer_check_events), where every view by a club owner or an administrator
// and every change is written. Recording or changing a check (re)schedules its expiry reminder in
// the same transaction. The platform's list of kinds is check-kinds.service.ts's, clubs seeing and
// verifying checks check-reviews.service.ts's, the reminder job check-reminders.service.ts's; what
// they share is safeguarding.shared.ts.
//
// The enforcement the applications use (applying, accepting, promoting from a waiting list) is
// checkProblem and verifiedVolunteers below: functions of an executor, so they run inside the
// caller's own transaction.
import { and, eq, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { checkKinds, jobs, volunteerCheckEvents, volunteerCheckVerifications, volunteerChecks, volunteerProfiles, type VolunteerCheckRow } from '../../db/schema/index.js';
import { creationPage } from '../../graphql/creation-page.js';
import { databaseId, type ConnectionResult, type PageArgs } from '../../graphql/relay.js';
import { cancelJob } from '../../jobs/queue.js';
import { AppError, errors } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import { todayIn } from '../council/council.rules.js';
import { CHECK_MESSAGES as M, CHECK_PROBLEMS as P, CHECK_PAGE_DEFAULT, checkDatesRules, isExpired } from './safeguarding.rules.js';
import { audit, checkColumns, checkExpiryJobKey, checkNotFound, scheduleReminder, type CheckEventRow } from './safeguarding.shared.js';

export type { CheckEventRow } from './safeguarding.shared.js';

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

/** A deleted account's checks go with it: their reminders, the checks (and so their
 *  verifications) and their audit. Called in the account deletion's transaction. */
export async function deleteChecksOf(tx: Executor, volunteerId: string): Promise<void> {
  const gone = await tx.delete(volunteerChecks).where(eq(volunteerChecks.volunteerId, volunteerId)).returning({ id: volunteerChecks.id });
  if (gone.length) await tx.delete(jobs).where(and(eq(jobs.status, 'pending'), anyOf(jobs.key, gone.map((c) => checkExpiryJobKey(c.id)))));
  await tx.delete(volunteerCheckEvents).where(eq(volunteerCheckEvents.volunteerId, volunteerId));
}

export class SafeguardingService {
  constructor(
    private readonly db: Db,
    private readonly deps: { timeZone: string },
  ) {}

  /** The platform's day (YYYY-MM-DD): what 'in the future' and 'expired' are judged against. */
  today(now = new Date()): string {
    return todayIn(this.deps.timeZone, now);
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
      await audit(tx, row, viewer.userId, 'recorded', null, { kind: kind.name, issuedOn: row.issuedOn, expiresOn: row.expiresOn });
      await scheduleReminder(tx, row, this.today());
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
      await audit(tx, row!, viewer.userId, 'changed', null, {
        issuedOn: row!.issuedOn,
        expiresOn: row!.expiresOn,
        previous: { issuedOn: before.issuedOn, expiresOn: before.expiresOn },
        verificationsRemoved: unverified.length,
      });
      await scheduleReminder(tx, row!, this.today());
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
      await audit(tx, check, viewer.userId, 'deleted', null, { kind: kind?.name ?? null, issuedOn: check.issuedOn, expiresOn: check.expiresOn });
      await cancelJob(tx, checkExpiryJobKey(check.id));
      return check;
    });
  }

  private async ownCheck(tx: Executor, viewer: Viewer, checkId: string | null): Promise<VolunteerCheckRow> {
    if (!checkId) throw checkNotFound();
    const [row] = await tx
      .select()
      .from(volunteerChecks)
      .where(and(eq(volunteerChecks.id, checkId), eq(volunteerChecks.volunteerId, viewer.userId)))
      .for('update');
    if (!row) throw checkNotFound();
    return row;
  }

  // ---- the audit ----------------------------------------------------------------------------

  /** A check's audit, newest first, a page at a time, for its volunteer only (an empty page for
   *  anyone else). */
  history(viewer: Viewer | null, check: Pick<VolunteerCheckRow, 'id' | 'volunteerId'>, args: PageArgs): Promise<ConnectionResult<CheckEventRow & { cursorAt: string }>> {
    const own = viewer !== null && viewer.userId === check.volunteerId;
    const where = own ? and(eq(volunteerCheckEvents.checkId, check.id), eq(volunteerCheckEvents.volunteerId, check.volunteerId)) : sql`false`;
    return creationPage(this.db, volunteerCheckEvents, where, args, { list: 'checkHistory', defaultSize: CHECK_PAGE_DEFAULT });
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** Safeguarding checks, a volunteer's own: recording, changing, deleting them, their audit. */
    safeguarding: SafeguardingService;
  }
}
