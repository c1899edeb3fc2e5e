// Certificates of approved volunteer hours (issue 30 §4). A volunteer asks for one (a club or all,
// a period): the statement (`facts`) and the hours it counted are written with an unguessable code
// in one transaction, which also schedules the job that makes the PDF and tells the volunteer.
// The PDF downloads through a signed, short-lived link (certificates.rest.ts); anyone can check
// the code at /verify/{code}, which says when a club has since revoked hours it counted.
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { inParts } from '../../db/batch.js';
import { certificateHours, clubs, clubVolunteerPositions, users, volunteerCertificates, volunteerHours, volunteerProfiles } from '../../db/schema/index.js';
import { Topic, type PubSub } from '../../graphql/pubsub.js';
import { connectionFrom, cursorValue, keyset, pageRequest, preciseInstant, type PageArgs } from '../../graphql/relay.js';
import { scheduleJob } from '../../jobs/queue.js';
import { JOB_MAX_ATTEMPTS, type ClaimedJob, type JobOutcome } from '../../jobs/worker.js';
import { AppError, errors } from '../../lib/errors.js';
import type { SignedLinks } from '../../lib/signed-links.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import type { NotificationDispatcher } from '../notifications/notify.service.js';
import { factsOf } from './certificate-facts.js';
import { renderCertificatePdf } from './certificate-pdf.js';
import {
  CERTIFICATE_CODE_ALPHABET,
  CERTIFICATE_CODE_GROUPS,
  CERTIFICATE_LINK_MINUTES,
  CERTIFICATE_MESSAGES as M,
  CERTIFICATES_PAGE_DEFAULT,
  CERTIFICATES_PER_DAY,
  certificateRequestRules,
  formatHours,
  isCertificateCode,
  normaliseCertificateCode,
  verificationPath,
} from './certificates.rules.js';
import type { CertificateFacts } from './certificates.types.js';

export const CERTIFICATE_JOB = 'volunteer-certificate';
/** Where a ready certificate downloads (GET, `?token=`). */
export const CERTIFICATE_DOWNLOAD_PATH = '/api/me/certificates/download';

/** A certificate without its PDF bytes, and what of its hours still stands. */
export interface CertificateView {
  id: string;
  code: string;
  volunteerId: string;
  clubId: string | null;
  fromDate: string;
  toDate: string;
  facts: CertificateFacts;
  totalMinutes: number;
  status: 'pending' | 'ready' | 'failed';
  issuedAt: Date;
}

export interface Revocation {
  stillApprovedMinutes: number;
  parts: Array<{ clubName: string; positionTitle: string; minutes: number }>;
}

export type Verification =
  | { status: 'not_a_code' | 'unknown'; certificate: null; revocation: null }
  | { status: 'valid' | 'revoked'; certificate: CertificateView; revocation: Revocation };

/** A new verification code: 140 random bits as 28 Crockford base32 characters in groups of four. */
export function newCertificateCode(): string {
  const bytes = randomBytes(CERTIFICATE_CODE_GROUPS * 4);
  // Each byte's low 5 bits pick a character (32 letters: no bias), 5 random bits a character.
  const chars = [...bytes].map((b) => CERTIFICATE_CODE_ALPHABET[b & 31]!);
  const groups: string[] = [];
  for (let i = 0; i < chars.length; i += 4) groups.push(chars.slice(i, i + 4).join(''));
  return groups.join('-');
}

class LinkExpired extends Error {}
export { LinkExpired as CertificateLinkExpiredError };

const VIEW_COLUMNS = {
  id: volunteerCertificates.id,
  code: volunteerCertificates.code,
  volunteerId: volunteerCertificates.volunteerId,
  clubId: volunteerCertificates.clubId,
  fromDate: volunteerCertificates.fromDate,
  toDate: volunteerCertificates.toDate,
  facts: volunteerCertificates.facts,
  totalMinutes: volunteerCertificates.totalMinutes,
  status: volunteerCertificates.status,
  issuedAt: volunteerCertificates.issuedAt,
};

export class CertificatesService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      links: SignedLinks;
      notify: Pick<NotificationDispatcher, 'notify'>;
      pubsub: PubSub;
      appUrl: string;
    },
  ) {}

  /** The public address of a code. */
  verifyUrl(code: string): string {
    return `${this.deps.appUrl}${verificationPath(code)}`;
  }

  /** Asks for a certificate of the caller's approved hours in a period (one club's or all). */
  async request(viewer: Viewer, raw: { clubId?: string | null; fromDate: string; toDate: string }): Promise<CertificateView> {
    const input = parseInput(certificateRequestRules, raw);
    const clubId = input.clubId ?? null;
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`certificates:${viewer.userId}`}, 0))`);
      const [recent] = await tx
        .select({ n: count() })
        .from(volunteerCertificates)
        .where(and(eq(volunteerCertificates.volunteerId, viewer.userId), sql`${volunteerCertificates.issuedAt} > now() - interval '24 hours'`));
      if ((recent?.n ?? 0) >= CERTIFICATES_PER_DAY) throw new AppError('RATE_LIMITED', M.perDay);

      const hours = await tx
        .select({
          id: volunteerHours.id,
          minutes: volunteerHours.minutes,
          clubId: volunteerHours.clubId,
          clubName: clubs.name,
          positionId: volunteerHours.positionId,
          title: clubVolunteerPositions.title,
        })
        .from(volunteerHours)
        .innerJoin(clubs, eq(clubs.id, volunteerHours.clubId))
        .innerJoin(clubVolunteerPositions, eq(clubVolunteerPositions.id, volunteerHours.positionId))
        .where(
          and(
            eq(volunteerHours.volunteerId, viewer.userId),
            eq(volunteerHours.status, 'approved'),
            gte(volunteerHours.workDate, input.fromDate),
            lte(volunteerHours.workDate, input.toDate),
            clubId ? eq(volunteerHours.clubId, clubId) : undefined,
          ),
        )
        .orderBy(asc(clubs.name), asc(clubVolunteerPositions.title))
        // A club revoking one of these hours meanwhile waits for this commit (and then shows on the
        // certificate as revoked), so the statement never counts an hours row already revoked.
        .for('share', { of: volunteerHours });
      if (hours.length === 0) throw errors.validation(M.noHours);

      const facts = factsOf(await this.nameOf(tx, viewer.userId), input.fromDate, input.toDate, clubId === null, hours);
      const [row] = await tx
        .insert(volunteerCertificates)
        .values({ code: newCertificateCode(), volunteerId: viewer.userId, clubId, fromDate: input.fromDate, toDate: input.toDate, facts, totalMinutes: facts.totalMinutes })
        .returning(VIEW_COLUMNS);
      for (const part of inParts(hours)) await tx.insert(certificateHours).values(part.map((h) => ({ certificateId: row!.id, hoursId: h.id })));
      await scheduleJob(tx, { kind: CERTIFICATE_JOB, key: `volunteer-certificate:${row!.id}`, runAt: new Date(), payload: { certificateId: row!.id } });
      await this.deps.pubsub.publish(Topic.OutboxQueued, {}, { executor: tx });
      return row as CertificateView;
    });
  }

  /** The name a certificate states: the volunteer profile's, else the account's. */
  private async nameOf(tx: Executor, userId: string): Promise<string> {
    const [row] = await tx
      .select({ first: volunteerProfiles.firstName, last: volunteerProfiles.lastName, full: users.fullName })
      .from(users)
      .leftJoin(volunteerProfiles, eq(volunteerProfiles.userId, users.id))
      .where(eq(users.id, userId));
    const profile = `${row?.first ?? ''} ${row?.last ?? ''}`.trim();
    return profile || row!.full;
  }

  /** One page of the caller's certificates, the newest first. */
  async page(userId: string, args: PageArgs) {
    const req = pageRequest(args, (v) => (v.length === 2 && cursorValue.instant(v[0]) && cursorValue.uuid(v[1]) ? v : null), CERTIFICATES_PAGE_DEFAULT, 'myVolunteerCertificates');
    const issued = preciseInstant(volunteerCertificates.issuedAt);
    const page = keyset([[sql`${volunteerCertificates.issuedAt}`, 'timestamptz'], [sql`${volunteerCertificates.id}`, 'uuid']], 'desc', req);
    const rows = await this.db
      .select({ ...VIEW_COLUMNS, issued })
      .from(volunteerCertificates)
      .where(and(eq(volunteerCertificates.volunteerId, userId), page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit);
    const total = async () => (await this.db.select({ n: count() }).from(volunteerCertificates).where(eq(volunteerCertificates.volunteerId, userId)))[0]!.n;
    return connectionFrom(rows as Array<CertificateView & { issued: string }>, req, (r) => [r.issued, r.id], total);
  }

  /** The caller's certificates by id (the node fetcher): others' are null. */
  async mine(userId: string, ids: readonly string[]): Promise<Array<CertificateView | null>> {
    const valid = ids.filter((id) => cursorValue.uuid(id));
    const rows = valid.length
      ? await this.db.select(VIEW_COLUMNS).from(volunteerCertificates).where(and(eq(volunteerCertificates.volunteerId, userId), inArray(volunteerCertificates.id, valid)))
      : [];
    const byId = new Map(rows.map((r) => [r.id, r as CertificateView]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  /** The clubs whose approved hours the caller could ask a certificate of, by name. */
  async clubsWithHours(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ id: clubs.id, name: clubs.name })
      .from(volunteerHours)
      .innerJoin(clubs, eq(clubs.id, volunteerHours.clubId))
      .where(and(eq(volunteerHours.volunteerId, userId), eq(volunteerHours.status, 'approved')))
      .orderBy(asc(clubs.name), asc(clubs.id));
    return rows.map((r) => r.id);
  }

  /** A short-lived signed link to a ready certificate's PDF, for its volunteer. */
  async downloadUrl(row: CertificateView): Promise<string | null> {
    if (row.status !== 'ready') return null;
    const token = await this.deps.links.sign({ sub: row.volunteerId, certificate: row.id }, CERTIFICATE_LINK_MINUTES * 60);
    return `${CERTIFICATE_DOWNLOAD_PATH}?token=${token}`;
  }

  /** The PDF a download link names: the link must be ours, unexpired, and name the certificate's
   *  own volunteer. */
  async download(token: string): Promise<{ filename: string; bytes: Uint8Array }> {
    const check = await this.deps.links.verify<{ certificate?: unknown }>(token);
    if (!check.ok) {
      if (check.reason === 'expired') throw new LinkExpired(M.linkExpired);
      throw errors.notFound(M.linkInvalid);
    }
    const { certificate, sub } = check.claims;
    if (typeof certificate !== 'string' || typeof sub !== 'string' || !cursorValue.uuid(certificate) || !cursorValue.uuid(sub)) throw errors.notFound(M.linkInvalid);
    const [row] = await this.db
      .select({ pdf: volunteerCertificates.pdf, issuedAt: volunteerCertificates.issuedAt })
      .from(volunteerCertificates)
      .where(and(eq(volunteerCertificates.id, certificate), eq(volunteerCertificates.volunteerId, sub), eq(volunteerCertificates.status, 'ready')));
    if (!row?.pdf) throw errors.notFound(M.linkInvalid);
    return { filename: `clubroom-certificate-${row.issuedAt.toISOString().slice(0, 10)}.pdf`, bytes: row.pdf };
  }

  /** What the public page says of a code. */
  async verify(rawCode: string): Promise<Verification> {
    if (!isCertificateCode(rawCode)) return { status: 'not_a_code', certificate: null, revocation: null };
    const [row] = await this.db.select(VIEW_COLUMNS).from(volunteerCertificates).where(eq(volunteerCertificates.code, normaliseCertificateCode(rawCode)));
    if (!row) return { status: 'unknown', certificate: null, revocation: null };
    const [revocation] = await this.revocations([row as CertificateView]);
    return { status: revocation!.stillApprovedMinutes < row.totalMinutes ? 'revoked' : 'valid', certificate: row as CertificateView, revocation: revocation! };
  }

  /** For each certificate, what of its hours is still approved, and what is not, by position (a
   *  club revoked it, or it is gone with its position). One statement for all of them. */
  async revocations(rows: readonly CertificateView[]): Promise<Revocation[]> {
    if (rows.length === 0) return [];
    const standing = await this.db
      .select({ certificateId: certificateHours.certificateId, positionId: volunteerHours.positionId, minutes: sql<number>`sum(${volunteerHours.minutes})::int` })
      .from(certificateHours)
      .innerJoin(volunteerHours, eq(volunteerHours.id, certificateHours.hoursId))
      .where(and(inArray(certificateHours.certificateId, rows.map((r) => r.id)), eq(volunteerHours.status, 'approved')))
      .groupBy(certificateHours.certificateId, volunteerHours.positionId);
    return rows.map((row) => {
      const still = new Map(standing.filter((s) => s.certificateId === row.id).map((s) => [s.positionId, s.minutes]));
      const parts = row.facts.clubs.flatMap((club) =>
        club.positions
          .map((p) => ({ clubName: club.name, positionTitle: p.title, minutes: p.minutes - Math.min(p.minutes, still.get(p.positionId) ?? 0) }))
          .filter((p) => p.minutes > 0),
      );
      return { stillApprovedMinutes: row.totalMinutes - parts.reduce((sum, p) => sum + p.minutes, 0), parts };
    });
  }

  /** The job: makes the PDF, keeps it and tells the volunteer, in the job's transaction. A PDF
   *  that cannot be made is retried; after the last attempt the certificate is FAILED (and the
   *  volunteer can ask again). */
  readonly build = async (tx: Executor, job: ClaimedJob): Promise<JobOutcome> => {
    const certificateId = String(job.payload.certificateId);
    const [row] = await tx.select(VIEW_COLUMNS).from(volunteerCertificates).where(eq(volunteerCertificates.id, certificateId)).for('update');
    if (!row || row.status !== 'pending') return { done: true };
    let pdf: Uint8Array;
    try {
      pdf = await renderCertificatePdf({ facts: row.facts as CertificateFacts, code: row.code, verifyUrl: this.verifyUrl(row.code) });
    } catch (err) {
      if (job.attempts < JOB_MAX_ATTEMPTS) throw err;
      await tx.update(volunteerCertificates).set({ status: 'failed' }).where(eq(volunteerCertificates.id, certificateId));
      return { done: true };
    }
    await tx.update(volunteerCertificates).set({ status: 'ready', pdf: Buffer.from(pdf) }).where(eq(volunteerCertificates.id, certificateId));
    const facts = row.facts as CertificateFacts;
    await this.deps.notify.notify(tx, row.volunteerId, {
      kind: 'volunteer_certificate_ready',
      title: 'Your volunteering certificate is ready',
      description: `Your certificate of ${formatHours(facts.totalMinutes)} (${facts.from} to ${facts.to}) can be downloaded from your certificates.`,
      actionUrl: '/volunteer/certificates',
      collapseKey: `certificate-ready:${certificateId}`,
      email: {
        paragraphs: [
          `Your certificate of ${formatHours(facts.totalMinutes)} of approved volunteering, ${facts.from} to ${facts.to}, is ready. Download it from your certificates page.`,
          `Anyone can check it at ${this.verifyUrl(row.code)}.`,
        ],
        action: { url: `${this.deps.appUrl}/volunteer/certificates`, label: 'Your certificates' },
      },
    });
    return { done: true };
  };
}

declare module '../../lib/services.js' {
  interface Services {
    certificates: CertificatesService;
  }
}
