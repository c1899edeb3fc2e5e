// A club's volunteer hours exported (issue 30 §3: 'the club sees hours per volunteer and per
// position, exportable as CSV/XLSX through the existing export path (neutralised cells)'): the
// signed 5-minute address, the files parsed back with csv-parse and exceljs, member-typed text
// that starts a formula neutralised, who may export and download; and the volunteer's own data
// export carrying their hours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { dataExports } from '../../server/src/db/schema/index.js';
import { ApiClient } from '../helpers/client.js';
import { dbOf, onlyError } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createVolunteer, type Volunteer } from '../helpers/volunteers.js';
import { accept, applyOk, clubWithOpportunity, uuid } from '../helpers/opportunities.js';
import { EXPORT, HOURS_TEXT as T, approve, claim, dayIn } from '../helpers/hours.js';

let server: TestServer;
let club: Awaited<ReturnType<typeof clubWithOpportunity>>;
let volunteer: Volunteer;
let day: string;
const TITLE = '=HYPERLINK("http://evil.example","Steward")';
const NOTE = '+44 20 7946 0000 called me in';

async function exportFile(client: ApiClient, format: 'CSV' | 'XLSX') {
  const answer = await client.gql(EXPORT, { input: { format } });
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  expect(answer.data.exportClubVolunteerHours.userErrors).toEqual([]);
  return answer.data.exportClubVolunteerHours.file as { downloadUrl: string; filename: string; expiresAt: string };
}

async function download(path: string) {
  const res = await fetch(server.url + path);
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  server = await startServer();
  club = await clubWithOpportunity(server, { clubName: 'Harbour Hawks', position: { title: TITLE } });
  volunteer = await createVolunteer(server, { firstName: 'Alex', lastName: 'Morgan' });
  const app = await applyOk(volunteer.client, club.positionId);
  await accept(club.client, app.id);
  await dbOf(server).execute(sql`update volunteer_applications set applied_at = now() - interval '20 days' where id = ${uuid(app.id)}`);
  day = await dayIn(server, 'Europe/London', -2);
  const a = await claim(volunteer.client, { positionId: club.positionId, workDate: day, hours: 2.5, note: NOTE });
  const b = await claim(volunteer.client, { positionId: club.positionId, workDate: day, hours: 1, note: '=1+1' });
  await approve(club.client, [a.data.claimVolunteerHours.hours.id]);
  expect(b.data.claimVolunteerHours.hours.status).toBe('PENDING');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('the club exports its hours', () => {
  it('as CSV: every hours row, then approved hours per volunteer and per position, each text that starts a formula neutralised', async () => {
    const file = await exportFile(club.client, 'CSV');
    expect(file.downloadUrl).toMatch(/^\/api\/hours\/exports\/.+/);
    expect(file.filename).toMatch(/^volunteer-hours-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(new Date(file.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000 + 1000);
    const got = await download(file.downloadUrl);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="${file.filename}"`);
    expect(got.headers.get('cache-control')).toBe('no-store');
    const lines = parse(got.body, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
    const sections: string[][][] = [[]];
    for (const line of lines) {
      if (line.length === 1 && line[0] === '') sections.push([]);
      else sections.at(-1)!.push(line);
    }
    expect(sections.map((s) => s[0]![0])).toEqual(['Hours', 'Approved per volunteer', 'Approved per position']);
    const [hours, perVolunteer, perPosition] = sections;
    expect(hours![1]).toEqual(['Volunteer', 'Position', 'Date', 'Hours', 'Source', 'Status', 'Note', 'Reason', 'Decided (UTC)']);
    const rows = hours!.slice(2);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.slice(0, 8)).toEqual(['Alex Morgan', `'${TITLE}`, day, '2.5', 'claim', 'approved', `'${NOTE}`, '']);
    expect(rows[0]![8]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(rows[1]!.slice(0, 8)).toEqual(['Alex Morgan', `'${TITLE}`, day, '1', 'claim', 'pending', "'=1+1", '']);
    expect(perVolunteer!.slice(1)).toEqual([
      ['Volunteer', 'Approved hours'],
      ['Alex Morgan', '2.5'],
    ]);
    expect(perPosition!.slice(1)).toEqual([
      ['Position', 'Approved hours'],
      [`'${TITLE}`, '2.5'],
    ]);
  });

  it('as XLSX: three worksheets, numbers as numbers, no formula anywhere, text neutralised', async () => {
    const file = await exportFile(club.client, 'XLSX');
    const got = await download(file.downloadUrl);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(got.body as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Hours', 'Approved per volunteer', 'Approved per position']);
    const values = (sheet: ExcelJS.Worksheet) => {
      const out: unknown[][] = [];
      sheet.eachRow((row) => {
        const cells: unknown[] = [];
        for (let c = 1; c <= sheet.columnCount; c++) {
          const cell = row.getCell(c);
          expect(cell.type, `${sheet.name}!${cell.address}`).not.toBe(ExcelJS.ValueType.Formula);
          cells.push(cell.value ?? null);
        }
        out.push(cells);
      });
      return out;
    };
    const hours = values(workbook.worksheets[0]!);
    expect(hours[1]!.slice(0, 8)).toEqual(['Alex Morgan', `'${TITLE}`, day, 2.5, 'claim', 'approved', `'${NOTE}`, null]);
    expect(hours[1]![8]).toBeInstanceOf(Date);
    expect(values(workbook.worksheets[1]!)).toEqual([
      ['Volunteer', 'Approved hours'],
      ['Alex Morgan', 2.5],
    ]);
    expect(values(workbook.worksheets[2]!)).toEqual([
      ['Position', 'Approved hours'],
      [`'${TITLE}`, 2.5],
    ]);
  });

  it('a member without a club cannot export (FORBIDDEN), anonymous is UNAUTHENTICATED', async () => {
    expect(onlyError(await volunteer.client.gql(EXPORT, { input: { format: 'CSV' } }))).toMatchObject({ message: T.noClub, extensions: { code: 'FORBIDDEN' } });
    expect(onlyError(await new ApiClient(server.url).gql(EXPORT, { input: { format: 'CSV' } })).extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('a forged or altered address is not found; the admin export address does not open it; a suspended owner cannot download', async () => {
    const file = await exportFile(club.client, 'CSV');
    const forged = await download(`/api/hours/exports/${file.downloadUrl.split('/').pop()!.slice(0, -3)}abc`);
    expect(forged.status).toBe(404);
    expect(JSON.parse(forged.body.toString('utf8'))).toMatchObject({ success: false, error: T.linkInvalid });
    const elsewhere = await download(file.downloadUrl.replace('/api/hours/exports/', '/api/admin/exports/'));
    expect(elsewhere.status).toBe(404);
    await dbOf(server).execute(sql`update users set status = 'suspended' where id = ${club.clubUuid}`);
    try {
      expect((await download(file.downloadUrl)).status).toBe(403);
    } finally {
      await dbOf(server).execute(sql`update users set status = 'active' where id = ${club.clubUuid}`);
    }
    expect((await download(file.downloadUrl)).status).toBe(200);
  });
});

describe("the volunteer's data export", () => {
  it('carries their hours, with status and reason', async () => {
    const asked = await volunteer.client.gql('mutation { requestDataExport { dataExport { id } userErrors { message } } }');
    expect(asked.data.requestDataExport.userErrors).toEqual([]);
    let archive: Uint8Array | null = null;
    for (let i = 0; i < 100 && !archive; i++) {
      await server.clubroom.jobWorker.runOnce();
      const [row] = await dbOf(server).select().from(dataExports).where(eq(dataExports.userId, volunteer.user.id));
      if (row?.status === 'ready' && row.archive) archive = new Uint8Array(row.archive);
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(archive).not.toBeNull();
    const files = unzipSync(archive!);
    expect(strFromU8(files['README.md']!)).toContain('## volunteer-hours.csv');
    const rows = parse(strFromU8(files['volunteer-hours.csv']!), { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => [r.club, r.position, r.source, r.work_date, r.hours, r.note, r.status])).toEqual([
      ['Harbour Hawks', TITLE, 'claim', day, '2.5', NOTE, 'approved'],
      ['Harbour Hawks', TITLE, 'claim', day, '1', '=1+1', 'pending'],
    ]);
  });
});
