// Certificates (issue 30 §4): the operations, and approved hours inserted directly (the hours
// rules and screens are another part of the issue; a certificate only reads the rows).
import { and, eq } from 'drizzle-orm';
import { clubVolunteerPositions, jobs, volunteerApplications, volunteerCertificates, volunteerHours } from '../../server/src/db/schema/index.js';
import { insertApprovedClubs } from './opportunities.js';
import { dbOf } from './messages.js';
import type { Clubroom } from '../../server/src/app/clubroom.js';
import type { TestServer } from './server.js';

type HasDb = { clubroom: Clubroom };

export const CERTIFICATE_FIELDS = `id code status issuedAt fromDate toDate verifyUrl downloadUrl stillApprovedMinutes club { id name }
  statement { code name fromDate toDate issuedOn allClubs totalMinutes clubs { name minutes positions { title minutes } } }`;
export const REQUEST_CERTIFICATE = `mutation Request($input: RequestVolunteerCertificateInput!) {
  requestVolunteerCertificate(input: $input) { certificate { ${CERTIFICATE_FIELDS} } userErrors { field code message } } }`;
export const MY_CERTIFICATES = `query Mine($first: Int, $after: String, $last: Int, $before: String) {
  myVolunteerCertificates(first: $first, after: $after, last: $last, before: $before) { totalCount pageInfo { hasNextPage endCursor } nodes { ${CERTIFICATE_FIELDS} } } }`;
export const VERIFY = `query Verify($code: String!) { certificateVerification(code: $code) {
  status message stillApprovedMinutes revokedParts { clubName positionTitle minutes }
  certificate { code name fromDate toDate issuedOn allClubs totalMinutes clubs { name minutes positions { title minutes } } } } }`;

/** A club with positions, and the volunteer accepted to each. */
export async function clubWithPositions(server: HasDb, name: string, titles: string[], volunteerId: string) {
  const [clubId] = await insertApprovedClubs(server, [{ name }]);
  const db = dbOf(server);
  const positions = await db
    .insert(clubVolunteerPositions)
    .values(titles.map((title) => ({ clubId: clubId!, title, description: `${title} at ${name}.` })))
    .returning({ id: clubVolunteerPositions.id, title: clubVolunteerPositions.title });
  const applications = await db
    .insert(volunteerApplications)
    .values(positions.map((p) => ({ positionId: p.id, volunteerId, clubId: clubId!, status: 'accepted' as const, message: 'I would love to help out on Saturday mornings.' })))
    .returning({ id: volunteerApplications.id, positionId: volunteerApplications.positionId });
  const byTitle = new Map(positions.map((p) => [p.title, { positionId: p.id, applicationId: applications.find((a) => a.positionId === p.id)!.id }]));
  return { clubId: clubId!, position: (title: string) => byTitle.get(title)! };
}

/** Hours rows, approved unless said. Answers their ids. */
export async function insertHours(
  server: HasDb,
  volunteerId: string,
  clubId: string,
  at: { positionId: string; applicationId: string },
  rows: Array<{ workDate: string; minutes: number; status?: 'pending' | 'approved' | 'declined' | 'revoked' }>,
): Promise<string[]> {
  const inserted = await dbOf(server)
    .insert(volunteerHours)
    .values(rows.map((r) => ({ volunteerId, clubId, ...at, source: 'claim' as const, workDate: r.workDate, minutes: r.minutes, status: r.status ?? 'approved' })))
    .returning({ id: volunteerHours.id });
  return inserted.map((r) => r.id);
}

export async function revokeHours(server: HasDb, id: string): Promise<void> {
  await dbOf(server).update(volunteerHours).set({ status: 'revoked', reason: 'Entered twice by mistake', decidedAt: new Date() }).where(eq(volunteerHours.id, id));
}

/** The certificate's row once its job has run (the worker may be on it already). */
export async function builtCertificate(server: TestServer, code: string) {
  for (let i = 0; i < 100; i++) {
    await server.clubroom.jobWorker.runOnce();
    const [row] = await dbOf(server).select().from(volunteerCertificates).where(eq(volunteerCertificates.code, code));
    if (row && row.status !== 'pending') return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the certificate was not built');
}

export async function certificateJobs(server: HasDb, certificateId: string) {
  return dbOf(server).select().from(jobs).where(and(eq(jobs.kind, 'volunteer-certificate'), eq(jobs.key, `volunteer-certificate:${certificateId}`)));
}
