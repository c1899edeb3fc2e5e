// Clubs reviewing a volunteer's safeguarding checks (issue 30 §5): the owner of a club the volunteer
// applied to (or a platform administrator) reads their checks, each read written to the check's
// audit; the club verifies a check for itself or withdraws its verification; who may read which
// verifications. A volunteer's own checks and the enforcement are safeguarding.service.ts's, the
// kinds check-kinds.service.ts's, the expiry reminders check-reminders.service.ts's; what they
// share is safeguarding.shared.ts.
import { and, asc, eq, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import type { Db } from '../../db/client.js';
import { checkKinds, clubs, volunteerApplications, volunteerCheckEvents, volunteerCheckVerifications, volunteerChecks, type VolunteerCheckRow } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import type { Viewer } from '../../lib/viewer.js';
import { todayIn } from '../council/council.rules.js';
import { CHECK_MESSAGES as M, isExpired } from './safeguarding.rules.js';
import { audit, checkColumns, checkNotFound, type CheckVerificationRow } from './safeguarding.shared.js';

export type { CheckVerificationRow } from './safeguarding.shared.js';

/** Who may read a check's verifications: the volunteer and administrators all of them, a club's
 *  owner their own club's only (no club learns which other clubs a volunteer works with). */
export function visibleVerifications(viewer: Viewer | null, check: Pick<VolunteerCheckRow, 'volunteerId'>, rows: readonly CheckVerificationRow[]): CheckVerificationRow[] {
  if (!viewer) return [];
  if (viewer.userId === check.volunteerId || viewer.isPlatformAdmin) return [...rows];
  return rows.filter((r) => r.clubId === viewer.userId);
}

export class CheckReviewsService {
  constructor(
    private readonly db: Db,
    private readonly deps: { timeZone: string },
  ) {}

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
      if (!check) throw checkNotFound();
      const [applied] = await tx
        .select({ id: volunteerApplications.id })
        .from(volunteerApplications)
        .where(and(eq(volunteerApplications.clubId, club.id), eq(volunteerApplications.volunteerId, check.volunteerId)))
        .limit(1);
      if (!applied) throw checkNotFound();
      if (verified) {
        if (isExpired(check.expiresOn, todayIn(this.deps.timeZone))) {
          const [kind] = await tx.select({ name: checkKinds.name }).from(checkKinds).where(eq(checkKinds.id, check.kindId));
          throw errors.validation(M.expiredCannotVerify(kind!.name), { checkId: M.expiredCannotVerify(kind!.name) });
        }
        const added = await tx.insert(volunteerCheckVerifications).values({ checkId: check.id, clubId: club.id, verifiedBy: viewer.userId }).onConflictDoNothing().returning();
        if (added.length) await audit(tx, check, viewer.userId, 'verified', club.id, { issuedOn: check.issuedOn, expiresOn: check.expiresOn });
      } else {
        const removed = await tx
          .delete(volunteerCheckVerifications)
          .where(and(eq(volunteerCheckVerifications.checkId, check.id), eq(volunteerCheckVerifications.clubId, club.id)))
          .returning();
        if (removed.length) await audit(tx, check, viewer.userId, 'unverified', club.id, null);
      }
      return check;
    });
  }

  /** Every verification of these checks, oldest first (callers filter: visibleVerifications). */
  async verificationsOf(checkIds: readonly string[]): Promise<Map<string, CheckVerificationRow[]>> {
    const byCheck = new Map<string, CheckVerificationRow[]>(checkIds.map((id) => [id, []]));
    if (checkIds.length === 0) return byCheck;
    const rows = await this.db.select().from(volunteerCheckVerifications).where(anyOf(volunteerCheckVerifications.checkId, checkIds)).orderBy(asc(volunteerCheckVerifications.verifiedAt));
    for (const row of rows) byCheck.get(row.checkId)?.push(row);
    return byCheck;
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** Clubs' reviews of safeguarding checks: an applicant's checks (audited), verifying, the verifications. */
    checkReviews: CheckReviewsService;
  }
}
