// Certificates of approved volunteer hours (issue 30 §4): a volunteer asks for one (one club or
// all, a period); a job makes the PDF (read back here as text with unpdf, an independent parser:
// the name with its accents, the clubs, positions, hours, total, code and address); it downloads
// through a signed, expiring link for its volunteer only; /verify/{code}'s query tells a valid,
// unknown, wrongly shaped or revoked certificate and nothing else about the volunteer.
import { eq } from 'drizzle-orm';
import { PDFDict, PDFDocument, PDFName, PDFRef } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { certificateHours, dataExports, jobs, notifications, volunteerCertificates } from '../../server/src/db/schema/index.js';
import { JOB_MAX_ATTEMPTS } from '../../server/src/jobs/worker.js';
import { SignedLinks } from '../../server/src/lib/signed-links.js';
import { CERTIFICATE_MESSAGES as M } from '../../server/src/modules/certificates/certificates.rules.js';
import { newMember, STRONG_PASSWORD } from '../helpers/client.js';
import { clubGlobalId, payloadOk } from '../helpers/clubs.js';
import {
  CERTIFICATE_FIELDS,
  MY_CERTIFICATES,
  REQUEST_CERTIFICATE,
  VERIFY,
  builtCertificate,
  clubWithPositions,
  insertHours,
  revokeHours,
} from '../helpers/certificates.js';
import { dbOf, gqlOk } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createVolunteer, type Volunteer } from '../helpers/volunteers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

type Certificate = { id: string; code: string; status: string; verifyUrl: string; downloadUrl: string | null; stillApprovedMinutes: number; club: { id: string; name: string } | null; statement: Record<string, unknown> };

async function request(v: { client: Volunteer['client'] }, input: Record<string, unknown>) {
  const answer = await v.client.gql(REQUEST_CERTIFICATE, { input });
  expect(answer.errors).toBeUndefined();
  return answer.data.requestVolunteerCertificate as { certificate: Certificate | null; userErrors: Array<{ field: string | null; code: string; message: string }> };
}

async function requestOk(v: { client: Volunteer['client'] }, input: Record<string, unknown>): Promise<Certificate> {
  const payload = await request(v, input);
  expect(payload.userErrors).toEqual([]);
  return payload.certificate!;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  return (await extractText(pdf, { mergePages: true })).text as string;
}

/** A volunteer with approved hours at two clubs (and hours that must not count). */
async function volunteerWithHours(firstName = 'Zoë', lastName = 'Åström') {
  const v = await createVolunteer(server, { firstName, lastName });
  const harbour = await clubWithPositions(server, 'Harbour Rowing Club', ['Coach', 'Safety boat'], v.user.id);
  const lodz = await clubWithPositions(server, 'Łódź Fencing Society', ['Timekeeper'], v.user.id);
  const counted = [
    ...(await insertHours(server, v.user.id, harbour.clubId, harbour.position('Coach'), [
      { workDate: '2026-03-07', minutes: 90 },
      { workDate: '2026-03-14', minutes: 120 },
    ])),
    ...(await insertHours(server, v.user.id, harbour.clubId, harbour.position('Safety boat'), [{ workDate: '2026-04-04', minutes: 45 }])),
    ...(await insertHours(server, v.user.id, lodz.clubId, lodz.position('Timekeeper'), [{ workDate: '2026-05-02', minutes: 180 }])),
  ];
  // Not approved, or outside the period: never on the certificate.
  await insertHours(server, v.user.id, harbour.clubId, harbour.position('Coach'), [
    { workDate: '2026-03-21', minutes: 60, status: 'pending' },
    { workDate: '2026-03-22', minutes: 60, status: 'declined' },
    { workDate: '2026-03-23', minutes: 60, status: 'revoked' },
    { workDate: '2025-12-31', minutes: 300 },
  ]);
  return { v, harbour, lodz, counted };
}

describe('asking for a certificate', () => {
  it('refuses a period that ends before it starts, in the future or over ten years, and one without approved hours, writing nothing', async () => {
    const { v, harbour } = await volunteerWithHours();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const cases: Array<[Record<string, unknown>, { field: string | null; message: string }]> = [
      [{ fromDate: '2026-05-01', toDate: '2026-04-30' }, { field: 'toDate', message: M.toBeforeFrom }],
      [{ fromDate: '2026-01-01', toDate: tomorrow }, { field: 'toDate', message: M.future }],
      [{ fromDate: '2010-01-01', toDate: '2020-01-01' }, { field: 'toDate', message: M.tooLong }],
      [{ fromDate: '2026-06-01', toDate: '2026-06-30' }, { field: null, message: M.noHours }],
      // Only pending, declined and revoked hours on these days.
      [{ fromDate: '2026-03-21', toDate: '2026-03-23' }, { field: null, message: M.noHours }],
      [{ clubId: 'not-a-club', fromDate: '2026-01-01', toDate: '2026-06-30' }, { field: 'clubId', message: M.clubNotFound }],
      // A club the volunteer has no hours with.
      [{ clubId: clubGlobalId('00000000-0000-4000-8000-000000000000'), fromDate: '2026-01-01', toDate: '2026-06-30' }, { field: null, message: M.noHours }],
    ];
    for (const [input, expected] of cases) {
      const payload = await request(v, input);
      expect(payload.certificate, JSON.stringify(input)).toBeNull();
      // A malformed club id is NOT_FOUND, as every mutation answers an id it cannot read.
      expect(payload.userErrors, JSON.stringify(input)).toEqual([{ code: expected.field === 'clubId' ? 'NOT_FOUND' : 'BAD_USER_INPUT', ...expected }]);
    }
    // Twenty a day: the next is refused and nothing is written.
    const busy = await createVolunteer(server, { firstName: 'Busy', lastName: 'Asker' });
    const busyClub = await clubWithPositions(server, 'Busy Club', ['Helper'], busy.user.id);
    await insertHours(server, busy.user.id, busyClub.clubId, busyClub.position('Helper'), [{ workDate: '2026-02-02', minutes: 30 }]);
    await dbOf(server).insert(volunteerCertificates).values(
      Array.from({ length: 20 }, (_, i) => ({ code: `BUSY-${String(i).padStart(4, '0')}`, volunteerId: busy.user.id, fromDate: '2026-01-01', toDate: '2026-03-01', facts: {}, totalMinutes: 30 })),
    );
    const refused = await busy.client.gql(REQUEST_CERTIFICATE, { input: { fromDate: '2026-01-01', toDate: '2026-03-01' } });
    expect(refused.errors?.[0]).toMatchObject({ message: M.perDay, extensions: { code: 'RATE_LIMITED' } });
    expect(await dbOf(server).select().from(volunteerCertificates).where(eq(volunteerCertificates.volunteerId, busy.user.id))).toHaveLength(20);
    // Ten years less a day is allowed (and holds hours).
    await requestOk(v, { clubId: clubGlobalId(harbour.clubId), fromDate: '2016-03-08', toDate: '2026-03-07' });
    expect(await dbOf(server).select().from(volunteerCertificates).where(eq(volunteerCertificates.volunteerId, v.user.id))).toHaveLength(1);
  });

  it('states the approved hours of the period by club and position, fixed when asked, with the hours it counted', async () => {
    const { v, harbour, counted } = await volunteerWithHours();
    const all = await requestOk(v, { fromDate: '2026-01-01', toDate: '2026-06-30' });
    expect(all.status).toBe('PENDING');
    expect(all.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){6}$/);
    expect(all.verifyUrl).toBe(`http://clubroom.test/verify/${all.code}`);
    expect(all.downloadUrl).toBeNull();
    expect(all.statement).toEqual({
      code: all.code,
      name: 'Zoë Åström',
      fromDate: '2026-01-01',
      toDate: '2026-06-30',
      issuedOn: new Date().toISOString().slice(0, 10),
      allClubs: true,
      totalMinutes: 435,
      clubs: [
        { name: 'Harbour Rowing Club', minutes: 255, positions: [{ title: 'Coach', minutes: 210 }, { title: 'Safety boat', minutes: 45 }] },
        { name: 'Łódź Fencing Society', minutes: 180, positions: [{ title: 'Timekeeper', minutes: 180 }] },
      ],
    });
    const [row] = await dbOf(server).select().from(volunteerCertificates).where(eq(volunteerCertificates.code, all.code));
    const hours = await dbOf(server).select().from(certificateHours).where(eq(certificateHours.certificateId, row!.id));
    expect(hours.map((h) => h.hoursId).sort()).toEqual([...counted].sort());
    // One club's.
    const one = await requestOk(v, { clubId: clubGlobalId(harbour.clubId), fromDate: '2026-03-01', toDate: '2026-03-31' });
    expect(one.statement).toMatchObject({ allClubs: false, totalMinutes: 210, clubs: [{ name: 'Harbour Rowing Club', positions: [{ title: 'Coach', minutes: 210 }] }] });
    expect(one.code).not.toBe(all.code);
    expect(one.club).toEqual({ id: clubGlobalId(harbour.clubId), name: 'Harbour Rowing Club' });
    expect(all.club).toBeNull();
  });
});

describe('the PDF', () => {
  it('is made by the job, the volunteer is told, and it reads back with every fact, the code and the address', async () => {
    const { v } = await volunteerWithHours();
    const asked = await requestOk(v, { fromDate: '2026-01-01', toDate: '2026-06-30' });
    const row = await builtCertificate(server, asked.code);
    expect(row.status).toBe('ready');
    const told = await dbOf(server).select().from(notifications).where(eq(notifications.userId, v.user.id));
    expect(told.filter((n) => n.kind === 'volunteer_certificate_ready')).toMatchObject([{ title: 'Your volunteering certificate is ready', actionUrl: '/volunteer/certificates' }]);

    const [listed] = (await gqlOk(v.client, MY_CERTIFICATES)).myVolunteerCertificates.nodes as Certificate[];
    expect(listed).toMatchObject({ id: asked.id, status: 'READY', stillApprovedMinutes: 435 });
    expect(listed!.downloadUrl).toMatch(/^\/api\/me\/certificates\/download\?token=/);
    const answer = await fetch(`${server.url}${listed!.downloadUrl}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="clubroom-certificate-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');

    const text = await pdfText(bytes);
    for (const fact of [
      'Harbour Rowing Club 4.25 hours',
      'Coach 3.5 hours',
      'Timekeeper 3 hours',
      'Total 7.25 hours',
      'Certificate of volunteering',
      'Zoë Åström',
      'Harbour Rowing Club',
      'Coach',
      '3.5 hours',
      'Safety boat',
      '0.75 hours',
      '4.25 hours',
      'Łódź Fencing Society',
      'Timekeeper',
      '3 hours',
      'Total',
      '7.25 hours',
      '1 January 2026',
      '30 June 2026',
      `Issued on ${new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`,
      asked.code,
      `http://clubroom.test/verify/${asked.code}`,
    ]) {
      expect(text, fact).toContain(fact);
    }
    // Printed for the closing note: the PDF opened as text.
    console.log(`--- the certificate's PDF as text (unpdf) ---\n${text}\n---`);

    // Every font is embedded (a FontFile2 in each descriptor), as a subset: the whole document,
    // its QR code included, is smaller than the Latin Extended font file alone (78 KB; "Łódź" is in
    // it), which a whole-font embedding would carry.
    expect(bytes.byteLength).toBeLessThan(60_000);
    const doc = await PDFDocument.load(bytes);
    const fonts = doc.context.enumerateIndirectObjects().filter(([, obj]) => obj instanceof PDFDict && obj.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'));
    expect(fonts.length).toBeGreaterThan(0);
    for (const [, descriptor] of fonts) {
      const dict = descriptor as PDFDict;
      expect(dict.get(PDFName.of('FontFile2')) ?? dict.get(PDFName.of('FontFile3'))).toBeInstanceOf(PDFRef);
    }
  });
});

describe('a PDF that cannot be made', () => {
  it('is retried, and after the last attempt the certificate is FAILED (no link, nobody told)', async () => {
    const v = await createVolunteer(server, { firstName: 'Broken', lastName: 'Facts' });
    // A statement the PDF cannot be drawn from (no clubs list), its job on its last attempt.
    const [row] = await dbOf(server)
      .insert(volunteerCertificates)
      .values({ code: 'FAIL-0000-0000-0000-0000-0000-0001', volunteerId: v.user.id, fromDate: '2026-01-01', toDate: '2026-01-31', facts: { name: 'Broken Facts' }, totalMinutes: 60 })
      .returning();
    await dbOf(server).insert(jobs).values({ kind: 'volunteer-certificate', key: `volunteer-certificate:${row!.id}`, runAt: new Date(), payload: { certificateId: row!.id }, attempts: JOB_MAX_ATTEMPTS - 1 });
    const failed = await builtCertificate(server, row!.code);
    expect(failed).toMatchObject({ status: 'failed', pdf: null });
    const [listed] = (await gqlOk(v.client, '{ myVolunteerCertificates { nodes { id status downloadUrl } } }')).myVolunteerCertificates.nodes as Certificate[];
    expect(listed).toMatchObject({ status: 'FAILED', downloadUrl: null });
    expect((await dbOf(server).select().from(notifications).where(eq(notifications.userId, v.user.id))).filter((n) => n.kind === 'volunteer_certificate_ready')).toEqual([]);
  });
});

describe('downloading', () => {
  it('needs a link signed for the certificate’s own volunteer, and says when it expired', async () => {
    const { v } = await volunteerWithHours();
    const { v: other } = await volunteerWithHours('Other', 'Person');
    const mine = await requestOk(v, { fromDate: '2026-01-01', toDate: '2026-06-30' });
    const theirs = await requestOk(other, { fromDate: '2026-01-01', toDate: '2026-06-30' });
    await builtCertificate(server, mine.code);
    await builtCertificate(server, theirs.code);
    const [listed] = (await gqlOk(v.client, MY_CERTIFICATES)).myVolunteerCertificates.nodes as Certificate[];
    const token = new URL(listed!.downloadUrl!, server.url).searchParams.get('token')!;
    const links = await SignedLinks.create(server.clubroom.database.db, 'certificate-download');
    const [head, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const [theirRow] = await dbOf(server).select().from(volunteerCertificates).where(eq(volunteerCertificates.code, theirs.code));
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, certificate: theirRow!.id })).toString('base64url')}.${signature}`;
    // Signed by us, but naming another volunteer's certificate: not theirs to have.
    const crossed = await links.sign({ sub: v.user.id, certificate: theirRow!.id }, 600);
    // A data-archive link is not a certificate link.
    const otherPurpose = await (await SignedLinks.create(server.clubroom.database.db, 'data-export')).sign({ sub: v.user.id, certificate: listed!.id }, 600);
    for (const bad of [forged, crossed, otherPurpose, 'not-a-token', `${token}x`, '']) {
      const answer = await fetch(`${server.url}/api/me/certificates/download?token=${encodeURIComponent(bad)}`);
      expect(answer.status, bad).toBe(404);
      expect(await answer.json()).toMatchObject({ success: false, code: 'NOT_FOUND', error: M.linkInvalid });
    }
    const expired = await links.sign({ sub: v.user.id, certificate: claims.certificate }, -60);
    const gone = await fetch(`${server.url}/api/me/certificates/download?token=${expired}`);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ success: false, code: 'LINK_EXPIRED', error: M.linkExpired });
    // Nobody else sees the certificate or its link.
    const stranger = await newMember(server.url);
    expect((await gqlOk(stranger.client, MY_CERTIFICATES)).myVolunteerCertificates.nodes).toEqual([]);
    const node = await gqlOk(stranger.client, `query($id: ID!) { node(id: $id) { id ... on VolunteerCertificate { ${CERTIFICATE_FIELDS} } } }`, { id: listed!.id });
    expect(node.node).toBeNull();
    const own = await gqlOk(v.client, `query($id: ID!) { node(id: $id) { id ... on VolunteerCertificate { code } } }`, { id: listed!.id });
    expect(own.node).toEqual({ id: listed!.id, code: mine.code });
  });
});

describe('verification at /verify/{code}', () => {
  it('shows what the certificate states to anyone, and nothing else of the volunteer', async () => {
    const { v } = await volunteerWithHours();
    const asked = await requestOk(v, { fromDate: '2026-01-01', toDate: '2026-06-30' });
    const anonymous = new (v.client.constructor as new (url: string) => Volunteer['client'])(server.url);
    const answer = await anonymous.gql(VERIFY, { code: asked.code });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.certificateVerification).toEqual({
      status: 'VALID',
      message: null,
      stillApprovedMinutes: 435,
      revokedParts: [],
      certificate: asked.statement,
    });
    expect(JSON.stringify(answer.data)).not.toContain(v.email);
    expect(JSON.stringify(answer.data)).not.toContain(v.user.id);
    // Typed in lower case, it is the same code.
    expect((await anonymous.gql(VERIFY, { code: asked.code.toLowerCase() })).data.certificateVerification.status).toBe('VALID');
  });

  it('tells an unknown code from text that is not a code', async () => {
    const anonymous = (await newMember(server.url)).client;
    const unknown = await anonymous.gql(VERIFY, { code: '7F3K-Q9XM-2BWD-H4RT-N6PA-C8VE-Z1YJ' });
    expect(unknown.data.certificateVerification).toEqual({ status: 'UNKNOWN', message: M.unknown, stillApprovedMinutes: null, revokedParts: [], certificate: null });
    for (const notACode of ['', 'hello', '7F3K-Q9XM-2BWD-H4RT-N6PA-C8VE', '7F3K-Q9XM-2BWD-H4RT-N6PA-C8VE-Z1YU', '7F3KQ9XM2BWDH4RTN6PAC8VEZ1YJ', "' or 1=1 --", 'x'.repeat(5000)]) {
      const answer = await anonymous.gql(VERIFY, { code: notACode });
      expect(answer.data.certificateVerification, notACode).toEqual({ status: 'NOT_A_CODE', message: M.notACode, stillApprovedMinutes: null, revokedParts: [], certificate: null });
    }
  });

  it('lists the certificates in the member’s data archive', async () => {
    const { v } = await volunteerWithHours('Archie', 'Ví');
    const asked = await requestOk(v, { fromDate: '2026-01-01', toDate: '2026-06-30' });
    await builtCertificate(server, asked.code);
    payloadOk(await v.client.gql('mutation { requestDataExport { dataExport { id } userErrors { message } } }'), 'requestDataExport');
    let archive: { archive: Buffer | null } | undefined;
    for (let i = 0; i < 100 && !archive?.archive; i++) {
      await server.clubroom.jobWorker.runOnce();
      [archive] = await dbOf(server).select({ archive: dataExports.archive }).from(dataExports).where(eq(dataExports.userId, v.user.id));
      if (!archive?.archive) await new Promise((r) => setTimeout(r, 100));
    }
    const rows = parse(strFromU8(unzipSync(new Uint8Array(archive!.archive!))['certificates.csv']!), { columns: true }) as Array<Record<string, string>>;
    expect(rows).toEqual([{ code: asked.code, clubs: 'Harbour Rowing Club; Łódź Fencing Society', from: '2026-01-01', to: '2026-06-30', total_minutes: '435', status: 'ready', issued_at: expect.stringMatching(/^\d{4}-/) }]);
  });

  it('forgets the certificates of a deleted account: their codes are then unknown', async () => {
    const { v } = await volunteerWithHours('Gone', 'Soon');
    const asked = await requestOk(v, { fromDate: '2026-01-01', toDate: '2026-06-30' });
    await builtCertificate(server, asked.code);
    const deleted = await v.client.gql('mutation($input: DeleteMyAccountInput!) { deleteMyAccount(input: $input) { deleted userErrors { message } } }', { input: { password: STRONG_PASSWORD } });
    expect(deleted.data.deleteMyAccount).toEqual({ deleted: true, userErrors: [] });
    expect(await dbOf(server).select().from(volunteerCertificates).where(eq(volunteerCertificates.volunteerId, v.user.id))).toEqual([]);
    const answer = (await (await newMember(server.url)).client.gql(VERIFY, { code: asked.code })).data.certificateVerification;
    expect(answer).toMatchObject({ status: 'UNKNOWN', certificate: null });
  });

  it('says which hours a club revoked since, that the total no longer stands, and what is still approved', async () => {
    const { v, counted } = await volunteerWithHours();
    const asked = await requestOk(v, { fromDate: '2026-01-01', toDate: '2026-06-30' });
    await revokeHours(server, counted[1]!); // 120 minutes as Coach at the Harbour
    const answer = (await v.client.gql(VERIFY, { code: asked.code })).data.certificateVerification;
    expect(answer).toEqual({
      status: 'REVOKED',
      message: M.revoked,
      stillApprovedMinutes: 315,
      revokedParts: [{ clubName: 'Harbour Rowing Club', positionTitle: 'Coach', minutes: 120 }],
      certificate: asked.statement,
    });
    const [listed] = (await gqlOk(v.client, MY_CERTIFICATES)).myVolunteerCertificates.nodes as Certificate[];
    expect(listed!.stillApprovedMinutes).toBe(315);
  });
});
