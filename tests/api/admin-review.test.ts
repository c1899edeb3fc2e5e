// Reviewing club applications (administration.md sections 4, 5, 6, 8 and 9; issue 11 'Rules'):
// only platform administrators; approve with optional notes, reject with a reason, only pending
// applications, each decision audited once with the administrator and the IP the server saw, the
// owner mailed (outbox) and notified; the directory and meeting times follow at once. Two
// administrators deciding one application at the same moment: exactly one wins. Bulk approval with
// its limits and polled progress; verification; audited views; the per-admin rate limits in the
// store every instance shares.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { collide } from '../helpers/pg.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { ApiClient, newMember, type GqlAnswer } from '../helpers/client.js';
import { CLUB_TEXT, directory, saveTimes, saveTimesOk } from '../helpers/clubs.js';
import { grantOk } from '../helpers/council.js';
import { collect, dbOf, gqlOk, onlyError, onlyUserError, pause, settled, type Member } from '../helpers/messages.js';
import { rowsOf } from '../../server/src/db/client.js';
import { createToken } from '../helpers/api-tokens.js';
import { startSecondInstance, startServer, type TestServer } from '../helpers/server.js';
import { wsClient } from '../helpers/ws.js';
import { fromGlobalId, toGlobalId } from '../../server/src/graphql/relay.js';
import { adminBulkApprovals } from '../../server/src/db/schema/index.js';
import { eq, sql } from 'drizzle-orm';
import {
  ADMIN_TEXT,
  APPLICATION,
  APPLICATIONS,
  ADMIN_ACTIONS,
  ADMIN_ACTIVITY,
  APPROVE,
  BULK_APPROVAL,
  COUNTS,
  PLATFORM_STATS,
  REJECT,
  SET_VERIFIED,
  START_BULK,
  STATISTICS,
  adminRateLimitRows,
  approve,
  approveOk,
  auditCount,
  auditRows,
  bootstrapAdmin,
  bulkApproval,
  clearAdminRateLimits,
  clubRowOf,
  memberGid,
  newAdmin,
  newApplication,
  newApplications,
  notificationRows,
  outboxTo,
  reject,
  rejectOk,
  setVerified,
  settle,
  startBulk,
  startBulkOk,
  viewApplication,
  type Application,
  type BulkView,
} from '../helpers/admin.js';

/** Tests that make many accounts or calls: room for a busy machine. */
const HEAVY_MS = 120_000;
const MONDAY_EVENING = { dayOfWeek: 1, startTime: '18:00', endTime: '19:30' };
const NOTIFICATION_ADDED = 'subscription { notificationAdded { notification { id type title description read actionUrl } } }';

let server: TestServer;
let admin: Awaited<ReturnType<typeof bootstrapAdmin>>;
const sockets: Client[] = [];

beforeAll(async () => {
  server = await startServer({ rateLimit: { windowMinutes: 15, failsPerEmailIp: 10, failsPerIpPerDay: 1000, perIp: 10_000 } });
  admin = await bootstrapAdmin(server);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.dispose()));
  await server?.close();
});
// Each test starts with fresh per-minute counts; the rate-limit tests count their own.
beforeEach(async () => {
  if (server) await clearAdminRateLimits(server);
});

const decisionMails = async (a: Application) => (await outboxTo(server, a.email)).filter((m) => /approved/.test(m.subject));
const inDirectory = async (a: Application) => (await directory(admin.client, { search: a.name, first: 100 })).clubs.some((c) => c.id === a.clubId);

/** Everything a refused call must have left as it was. */
async function snapshot(a: Application) {
  const row = await clubRowOf(server, a.uuid);
  return { status: row!.applicationStatus, reviewedAt: row!.reviewedAt, adminNotes: row!.adminNotes, audit: await auditCount(server), mails: (await outboxTo(server, a.email)).length, notes: (await notificationRows(server, a.uuid)).length };
}

// ---------------------------------------------------------------------------------------------

describe('only platform administrators, for every operation', () => {
  let pending: Application;
  let bulkId: string;
  const operations = () => [
    { name: 'adminPlatformStats', query: PLATFORM_STATS, vars: {} },
    { name: 'clubApplicationCounts', query: COUNTS, vars: {} },
    { name: 'clubApplications', query: APPLICATIONS, vars: { filter: { status: 'ALL' } } },
    { name: 'clubApplication', query: APPLICATION, vars: { id: pending.clubId } },
    { name: 'adminActions', query: ADMIN_ACTIONS, vars: {} },
    { name: 'adminActivity', query: ADMIN_ACTIVITY, vars: {} },
    { name: 'clubApplicationStatistics', query: STATISTICS, vars: {} },
    { name: 'bulkApproval', query: BULK_APPROVAL, vars: { id: bulkId } },
    { name: 'approveClubApplication', query: APPROVE, vars: { input: { clubId: pending.clubId, adminNotes: 'Sneaky' } } },
    { name: 'rejectClubApplication', query: REJECT, vars: { input: { clubId: pending.clubId, rejectionReason: 'Sneaky' } } },
    { name: 'startBulkApproval', query: START_BULK, vars: { input: { clubIds: [pending.clubId] } } },
    { name: 'setClubVerified', query: SET_VERIFIED, vars: { input: { clubId: pending.clubId, verified: true } } },
    { name: 'exportClubApplications', query: 'mutation { exportClubApplications(input: {}) { file { filename } userErrors { message } } }', vars: {} },
    { name: 'exportAdminActions', query: 'mutation { exportAdminActions(input: {}) { file { filename } userErrors { message } } }', vars: {} },
    { name: 'exportClubApplicationStatistics', query: 'mutation { exportClubApplicationStatistics(input: {}) { file { filename } userErrors { message } } }', vars: {} },
  ];

  beforeAll(async () => {
    pending = await newApplication(server);
    const started = await startBulkOk(admin.client, [toGlobalId('Club', randomUUID())]);
    bulkId = started.id;
    await settle(server);
  });

  async function expectRefusedEverywhere(client: ApiClient, code: string, message: string) {
    const before = await snapshot(pending);
    for (const op of operations()) {
      const answer = await client.gql(op.query, op.vars);
      const error = onlyError(answer);
      expect({ op: op.name, message: error.message, code: error.extensions?.code }).toEqual({ op: op.name, message, code });
      expect(answer.data?.[op.name] ?? null, op.name).toBeNull();
    }
    await settle(server);
    expect(await snapshot(pending)).toEqual(before);
  }

  it("anonymous callers get UNAUTHENTICATED 'Authentication required' and nothing changes", async () => {
    await expectRefusedEverywhere(new ApiClient(server.url), 'UNAUTHENTICATED', ADMIN_TEXT.authenticationRequired);
  });

  it("a member gets FORBIDDEN 'Admin permissions required'", async () => {
    const member = await newMember(server.url, { fullName: 'Vera Volunteer' });
    await expectRefusedEverywhere(member.client, 'FORBIDDEN', ADMIN_TEXT.adminRequired);
  });

  it("a club owner (even of the application itself) gets 'Admin permissions required'", async () => {
    await expectRefusedEverywhere(pending.client, 'FORBIDDEN', ADMIN_TEXT.adminRequired);
    const approvedOwner = await newApplication(server);
    await approveOk(admin.client, approvedOwner.clubId);
    await expectRefusedEverywhere(approvedOwner.client, 'FORBIDDEN', ADMIN_TEXT.adminRequired);
  });

  it("a sports council administrator gets 'Admin permissions required'", async () => {
    const council = await newMember(server.url, { fullName: 'Cory Council' });
    await grantOk(admin.client, council.email);
    expect((await gqlOk(council.client, '{ me { isCouncilAdmin } }')).me.isCouncilAdmin).toBe(true);
    await expectRefusedEverywhere(council.client, 'FORBIDDEN', ADMIN_TEXT.adminRequired);
  });

  it("an administrator's API token without the admin scope is refused every operation; with it, it works", async () => {
    const readOnly = await createToken(admin.client, ['READ']);
    const client = new ApiClient(server.url);
    client.accessToken = readOnly.secret;
    await expectRefusedEverywhere(client, 'FORBIDDEN', ADMIN_TEXT.adminScope);

    const full = await createToken(admin.client, ['READ', 'ADMIN']);
    client.accessToken = full.secret;
    expect((await gqlOk(client, COUNTS)).clubApplicationCounts.total).toBeGreaterThan(0);
    const other = await newApplication(server);
    expect((await approveOk(client, other.clubId)).applicationStatus).toBe('APPROVED');
  });

  it("a member's API token with the admin scope is still not an administrator", async () => {
    const member = await newMember(server.url, { fullName: 'Tina Token' });
    const token = await createToken(member.client, ['READ', 'ADMIN']);
    const client = new ApiClient(server.url);
    client.accessToken = token.secret;
    await expectRefusedEverywhere(client, 'FORBIDDEN', ADMIN_TEXT.adminRequired);
  });
});

// ---------------------------------------------------------------------------------------------

describe('approving an application', () => {
  it('approves a pending application: status, reviewedAt, notes trimmed, one audit entry with the admin and the IP the server saw', async () => {
    const a = await newApplication(server);
    expect((await clubRowOf(server, a.uuid))!.reviewedAt).toBeNull();
    const started = Date.now();
    const club = await approveOk(admin.client, a.clubId, '   Documents checked  ');
    expect(club).toMatchObject({ id: a.clubId, name: a.name, applicationStatus: 'APPROVED', adminNotes: 'Documents checked' });
    expect(Date.parse(club.reviewedAt!)).toBeGreaterThanOrEqual(started - 5000);

    const row = await clubRowOf(server, a.uuid);
    expect(row).toMatchObject({ applicationStatus: 'approved', adminNotes: 'Documents checked' });
    expect(row!.reviewedAt).toBeInstanceOf(Date);

    const audit = await auditRows(server, { targetId: a.uuid });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actionType: 'approve',
      targetType: 'club_application',
      targetId: a.uuid,
      targetName: a.name,
      adminId: admin.id,
      adminName: admin.name,
      adminEmail: admin.email,
      ipAddress: '127.0.0.1',
    });
    expect(audit[0]!.details.startsWith(ADMIN_TEXT.approvedDetail)).toBe(true);
    expect(audit[0]!.details).toContain('Documents checked');
  });

  it("records the IP the server saw, not one the client claims in X-Forwarded-For", async () => {
    const a = await newApplication(server);
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.client.accessToken}`, 'x-forwarded-for': '203.0.113.77' },
      body: JSON.stringify({ query: APPROVE, variables: { input: { clubId: a.clubId } } }),
    });
    expect(((await res.json()) as any).data.approveClubApplication.userErrors).toEqual([]);
    const [entry] = await auditRows(server, { targetId: a.uuid });
    expect(entry!.ipAddress).toBe('127.0.0.1');
  });

  it("without notes (absent, empty or blank) stores none and audits 'Application approved'", async () => {
    for (const notes of [undefined, null, '', '   \n ']) {
      const a = await newApplication(server);
      const club = await approveOk(admin.client, a.clubId, notes);
      expect(club.adminNotes).toBeNull();
      expect((await clubRowOf(server, a.uuid))!.adminNotes).toBeNull();
      const audit = await auditRows(server, { targetId: a.uuid });
      expect(audit.map((r) => r.details)).toEqual([ADMIN_TEXT.approvedDetail]);
    }
  });

  it("takes notes under 1000 characters; 1000 is 'Admin notes must be less than 1000 characters' and changes nothing", async () => {
    const a = await newApplication(server);
    const before = await snapshot(a);
    const error = onlyUserError(await approve(admin.client, a.clubId, 'n'.repeat(1000)), 'approveClubApplication');
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', message: ADMIN_TEXT.notesTooLong });
    expect(await snapshot(a)).toEqual(before);
    // Trimmed first: 999 characters between spaces are fine.
    const club = await approveOk(admin.client, a.clubId, `  ${'n'.repeat(999)}  `);
    expect(club.adminNotes).toBe('n'.repeat(999));
  });

  it('stores the notes as plain text: tags removed; notes that are only markup are none', async () => {
    const [a, b] = await newApplications(server, 2);
    expect((await approveOk(admin.client, a!.clubId, 'Checked <script>alert(1)</script><i>twice</i>')).adminNotes).toBe('Checked twice');
    expect((await approveOk(admin.client, b!.clubId, '<b> </b>')).adminNotes).toBeNull();
    expect((await auditRows(server, { targetId: b!.uuid })).map((r) => r.details)).toEqual([ADMIN_TEXT.approvedDetail]);
  });

  it('mails the owner through the outbox and notifies them (row and live notificationAdded)', async () => {
    const a = await newApplication(server);
    const ws = wsClient(server.url, a.client.accessToken!);
    sockets.push(ws);
    const added = collect<{ notificationAdded: { notification: Record<string, unknown> } }>(ws, NOTIFICATION_ADDED);
    await settled(ws);

    await approveOk(admin.client, a.clubId);
    const mails = await decisionMails(a);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(a.name);
    expect(mails[0]!.subject).toMatch(/has been approved/);

    const notes = await notificationRows(server, a.uuid);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'system', read: false });
    expect(notes[0]!.title).toMatch(/approved/i);
    const { notificationAdded } = await added.nth(1);
    expect(notificationAdded.notification).toMatchObject({ id: expect.any(String), type: 'SYSTEM', title: notes[0]!.title, read: false });
    added.dispose();
  });

  it('puts the club in the directory at once and lets its owner save meeting times; before, neither', async () => {
    const a = await newApplication(server);
    expect(await inDirectory(a)).toBe(false);
    const refused = await saveTimes(a.client, [MONDAY_EVENING]);
    expect(refused.data.saveMeetingTimes.userErrors.map((e) => e.message)).toEqual([CLUB_TEXT.notApproved]);

    await approveOk(admin.client, a.clubId);
    expect(await inDirectory(a)).toBe(true);
    expect(await saveTimesOk(a.client, [MONDAY_EVENING])).toEqual([MONDAY_EVENING]);
  });

  it("refuses an application that is not pending: 'Only pending applications can be approved or rejected…', nothing changes", async () => {
    const [approved, rejected] = await newApplications(server, 2);
    await approveOk(admin.client, approved!.clubId);
    await rejectOk(admin.client, rejected!.clubId, 'Incomplete details');
    for (const a of [approved!, rejected!]) {
      const before = await snapshot(a);
      for (const answer of [await approve(admin.client, a.clubId, 'Again'), await reject(admin.client, a.clubId, 'Again')]) {
        const field = Object.keys(answer.data)[0]!;
        expect(onlyUserError(answer, field)).toEqual({ field: 'clubId', code: 'BAD_USER_INPUT', message: ADMIN_TEXT.notPending });
      }
      expect(await snapshot(a)).toEqual(before);
    }
  });

  it("answers an id that is not a club's global id with 'Invalid club ID format' (another type, a bare UUID, garbage)", async () => {
    const a = await newApplication(server);
    const before = await snapshot(a);
    for (const clubId of [memberGid(a.uuid), toGlobalId('Message', a.uuid), a.uuid, 'not-an-id', '', 'Q2x1Yjpub3QtYS11dWlk']) {
      for (const answer of [await approve(admin.client, clubId), await reject(admin.client, clubId, 'Reason')]) {
        const field = Object.keys(answer.data)[0]!;
        expect(onlyUserError(answer, field), `${field} ${clubId}`).toEqual({ field: 'clubId', code: 'BAD_USER_INPUT', message: ADMIN_TEXT.invalidClubId });
      }
    }
    expect(await snapshot(a)).toEqual(before);
  });

  it("answers a club id that names nothing with NOT_FOUND 'Application not found'", async () => {
    const before = await auditCount(server);
    const unknown = toGlobalId('Club', randomUUID());
    expect(onlyUserError(await approve(admin.client, unknown), 'approveClubApplication')).toEqual({ field: 'clubId', code: 'NOT_FOUND', message: ADMIN_TEXT.applicationNotFound });
    expect(onlyUserError(await reject(admin.client, unknown, 'Reason'), 'rejectClubApplication')).toEqual({ field: 'clubId', code: 'NOT_FOUND', message: ADMIN_TEXT.applicationNotFound });
    expect(await auditCount(server)).toBe(before);
  });
});

// ---------------------------------------------------------------------------------------------

describe('rejecting an application', () => {
  it("rejects with a reason: stored (trimmed) as adminNotes, reviewedAt set, audit 'Application rejected: {reason}', owner mailed the reason and notified", async () => {
    const a = await newApplication(server);
    const club = await rejectOk(admin.client, a.clubId, '  Not a sports club  ');
    expect(club).toMatchObject({ applicationStatus: 'REJECTED', adminNotes: 'Not a sports club' });
    expect(club.reviewedAt).not.toBeNull();
    expect(await clubRowOf(server, a.uuid)).toMatchObject({ applicationStatus: 'rejected', adminNotes: 'Not a sports club', reviewedAt: expect.any(Date) });

    const audit = await auditRows(server, { targetId: a.uuid });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actionType: 'reject', targetType: 'club_application', targetName: a.name, details: ADMIN_TEXT.rejectedDetail('Not a sports club'), adminId: admin.id, adminEmail: admin.email, adminName: admin.name, ipAddress: '127.0.0.1' });

    const mails = (await outboxTo(server, a.email)).filter((m) => /not approved/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Not a sports club');
    const notes = await notificationRows(server, a.uuid);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.description).toContain('Not a sports club');
  });

  it('keeps a rejected club out of the directory and its meeting times refused', async () => {
    const a = await newApplication(server);
    await rejectOk(admin.client, a.clubId, 'Duplicate registration');
    expect(await inDirectory(a)).toBe(false);
    const refused = await saveTimes(a.client, [MONDAY_EVENING]);
    expect(refused.data.saveMeetingTimes.userErrors.map((e) => e.message)).toEqual([CLUB_TEXT.notApproved]);
  });

  it("requires a reason: empty or blank is 'Rejection reason is required'; 1000 characters is too long; nothing changes", async () => {
    const a = await newApplication(server);
    const before = await snapshot(a);
    for (const reason of ['', '   ', '\n\t ']) {
      expect(onlyUserError(await reject(admin.client, a.clubId, reason), 'rejectClubApplication')).toMatchObject({ code: 'BAD_USER_INPUT', message: ADMIN_TEXT.rejectionRequired });
    }
    expect(onlyUserError(await reject(admin.client, a.clubId, 'r'.repeat(1000)), 'rejectClubApplication')).toMatchObject({ code: 'BAD_USER_INPUT', message: ADMIN_TEXT.rejectionTooLong });
    expect(await snapshot(a)).toEqual(before);
    expect((await rejectOk(admin.client, a.clubId, 'r'.repeat(999))).adminNotes).toBe('r'.repeat(999));
  });

  it("a reason that is only markup is no reason: 'Rejection reason is required', and nothing is counted or changed", async () => {
    const a = await newApplication(server);
    const before = await snapshot(a);
    expect(onlyUserError(await reject(admin.client, a.clubId, '<b></b>'), 'rejectClubApplication')).toMatchObject({ message: ADMIN_TEXT.rejectionRequired });
    expect(await snapshot(a)).toEqual(before);
    expect(await adminRateLimitRows(server, 'reject')).toEqual([]);
  });

  it('stores the reason as plain text (tags removed) in the notes, the audit and the mail', async () => {
    const a = await newApplication(server);
    const club = await rejectOk(admin.client, a.clubId, 'Missing <script>alert(1)</script><b>insurance</b> details');
    expect(club.adminNotes).toBe('Missing insurance details');
    expect((await auditRows(server, { targetId: a.uuid }))[0]!.details).toBe(ADMIN_TEXT.rejectedDetail('Missing insurance details'));
  });
});

// ---------------------------------------------------------------------------------------------

/** Holds a lock on one club row from another connection while `start()` sends the decisions, and
 *  releases it once `expected` of them wait on it: they then really meet on the row. */
function collideOnClub<T>(url: string, clubUuid: string, expected: number, start: () => Array<Promise<T>>): Promise<{ results: T[]; waiting: number }> {
  return collide(
    url,
    (tx) => tx`select id from clubs where id = ${clubUuid} for update`,
    async (watcher) => {
      const [row] = await watcher`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike 'update "clubs"%'`;
      return row!.n as number;
    },
    expected,
    start,
  );
}

describe('two administrators deciding one application at the same moment', () => {
  let second: Member;
  beforeAll(async () => {
    second = await newAdmin(server, 'Sam Second');
  });

  it('exactly one wins each time; the other gets the not-pending user error; one audit entry and one mail per application', async () => {
    const apps = await newApplications(server, 12);
    const kinds = [
      ['approve', 'approve'],
      ['approve', 'reject'],
      ['reject', 'approve'],
      ['reject', 'reject'],
    ] as const;
    for (const [i, a] of apps.entries()) {
      const [kindA, kindB] = kinds[i % kinds.length]!;
      const call = (client: ApiClient, kind: 'approve' | 'reject'): Promise<GqlAnswer> => (kind === 'approve' ? approve(client, a.clubId, 'Fine') : reject(client, a.clubId, 'Not fine'));
      const send = () => [call(admin.client, kindA), call(second.client, kindB)];
      // Half the rounds are held on the row so that both requests are provably waiting on it.
      const useLock = i % 2 === 0 && server.db.url;
      const { results, waiting } = useLock ? await collideOnClub(server.db.url!, a.uuid, 2, send) : { results: await Promise.all(send()), waiting: 2 };
      expect(waiting, `round ${i}`).toBe(2);

      const outcomes = results.map((answer) => {
        expect(answer.errors, `round ${i}`).toBeUndefined();
        const payload = Object.values(answer.data)[0] as { club: unknown; userErrors: Array<{ message: string }> };
        return payload.club ? 'won' : payload.userErrors.map((e) => e.message).join();
      });
      expect(outcomes.filter((o) => o === 'won'), `round ${i}`).toHaveLength(1);
      expect(outcomes.filter((o) => o !== 'won'), `round ${i}`).toEqual([ADMIN_TEXT.notPending]);

      const winner = outcomes[0] === 'won' ? 0 : 1;
      const winnerKind = [kindA, kindB][winner]!;
      const audit = await auditRows(server, { targetId: a.uuid });
      expect(audit.map((r) => [r.actionType, r.adminId]), `round ${i}`).toEqual([[winnerKind, winner === 0 ? admin.id : second.user.id]]);
      const row = await clubRowOf(server, a.uuid);
      expect(row!.applicationStatus).toBe(winnerKind === 'approve' ? 'approved' : 'rejected');
      expect(row!.adminNotes).toBe(winnerKind === 'approve' ? 'Fine' : 'Not fine');
      expect(await decisionMails(a), `round ${i}`).toHaveLength(1);
      expect(await notificationRows(server, a.uuid), `round ${i}`).toHaveLength(1);
    }
  }, HEAVY_MS);
});

// ---------------------------------------------------------------------------------------------

describe('bulk approval', () => {
  const bulkError = async (clubIds: string[]) => onlyUserError(await startBulk(admin.client, clubIds), 'startBulkApproval');

  it("refuses an empty selection, and one of only invalid ids (they are dropped): 'No applications selected for bulk approval'", async () => {
    const a = await newApplication(server);
    const before = await snapshot(a);
    expect(await bulkError([])).toMatchObject({ code: 'BAD_USER_INPUT', message: ADMIN_TEXT.noneSelected });
    expect(await bulkError(['garbage', memberGid(a.uuid), a.uuid, toGlobalId('Message', a.uuid)])).toMatchObject({ code: 'BAD_USER_INPUT', message: ADMIN_TEXT.noneSelected });
    const tooLong = onlyUserError(await startBulk(admin.client, [a.clubId], 'n'.repeat(1000)), 'startBulkApproval');
    expect(tooLong).toMatchObject({ code: 'BAD_USER_INPUT', message: ADMIN_TEXT.notesTooLong });
    await settle(server);
    expect(await snapshot(a)).toEqual(before);
  });

  it("refuses 51 applications: 'Cannot approve more than 50 applications at once'; 50 are accepted", async () => {
    const ids = Array.from({ length: 51 }, () => toGlobalId('Club', randomUUID()));
    await settle(server);
    const before = await auditCount(server);
    expect(await bulkError(ids)).toMatchObject({ code: 'BAD_USER_INPUT', message: ADMIN_TEXT.tooManySelected });
    const fifty = await startBulkOk(admin.client, ids.slice(0, 50));
    expect(fifty.total).toBe(50);
    await settle(server);
    const done = await bulkApproval(admin.client, fifty.id);
    expect(done).toMatchObject({ status: 'COMPLETED', processed: 50, succeeded: [] });
    expect(done!.failures.every((f) => f.message === ADMIN_TEXT.applicationNotFound)).toBe(true);
    expect(await auditCount(server)).toBe(before);
  });

  it('works through the applications with progress to poll; results list what failed and why; each approval audited as BULK_APPROVE', async () => {
    const apps = await newApplications(server, 5);
    const already = await newApplication(server);
    await approveOk(admin.client, already.clubId);
    const unknown = toGlobalId('Club', randomUUID());
    const selection = [apps[0]!.clubId, apps[1]!.clubId, already.clubId, apps[2]!.clubId, unknown, apps[3]!.clubId, 'dropped-garbage', apps[4]!.clubId];
    const auditBefore = await auditCount(server);

    let started!: BulkView;
    const seen: BulkView[] = [];
    const poll = async () => {
      const view = (await bulkApproval(admin.client, started.id))!;
      seen.push(view);
      return view;
    };
    if (server.db.url) {
      // Hold the fourth application's row: the bulk approval stops there, visibly part-way.
      const holder = postgres(server.db.url, { max: 1, onnotice: () => {} });
      try {
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let locked!: () => void;
        const isLocked = new Promise<void>((resolve) => (locked = resolve));
        const held = holder.begin(async (tx) => {
          await tx`select id from clubs where id = ${apps[2]!.uuid} for update`;
          locked();
          await released;
        });
        await isLocked;
        started = await startBulkOk(admin.client, selection, 'Bulk reviewed');
        expect(started).toMatchObject({ status: 'RUNNING', total: 7 });
        const deadline = Date.now() + 10_000;
        while ((await poll()).processed < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
        const midway = seen.at(-1)!;
        expect(midway).toMatchObject({ status: 'RUNNING', total: 7, processed: 3, finishedAt: null });
        expect(midway.succeeded.map((c) => c.id)).toEqual([apps[0]!.clubId, apps[1]!.clubId]);
        expect(midway.failures.map((f) => f.reference)).toEqual([already.clubId]);
        release();
        await held;
      } finally {
        await holder.end();
      }
    } else {
      started = await startBulkOk(admin.client, selection, 'Bulk reviewed');
    }
    await settle(server);
    const done = await poll();
    // Progress only goes up, to the end.
    const processed = seen.map((v) => v.processed);
    expect(processed).toEqual([...processed].sort((x, y) => x - y));
    expect(done).toMatchObject({ status: 'COMPLETED', total: 7, processed: 7 });
    expect(done.finishedAt).not.toBeNull();
    expect(done.succeeded.map((c) => c.id)).toEqual(apps.map((a) => a.clubId));
    expect(done.succeeded.every((c) => c.applicationStatus === 'APPROVED')).toBe(true);
    expect(done.failures).toEqual([
      { reference: already.clubId, club: { id: already.clubId }, clubName: already.name, message: ADMIN_TEXT.notPending },
      { reference: unknown, club: null, clubName: null, message: ADMIN_TEXT.applicationNotFound },
    ]);

    for (const a of apps) {
      const audit = await auditRows(server, { targetId: a.uuid });
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actionType: 'bulk_approve', targetName: a.name, adminId: admin.id, adminEmail: admin.email, ipAddress: '127.0.0.1' });
      expect(audit[0]!.details).toContain(ADMIN_TEXT.approvedDetail);
      expect(await clubRowOf(server, a.uuid)).toMatchObject({ applicationStatus: 'approved', adminNotes: 'Bulk reviewed', reviewedAt: expect.any(Date) });
      expect(await decisionMails(a)).toHaveLength(1);
      expect(await notificationRows(server, a.uuid)).toHaveLength(1);
      expect(await inDirectory(a)).toBe(true);
    }
    expect(await auditCount(server)).toBe(auditBefore + 5);
    expect(await auditRows(server, { targetId: already.uuid })).toHaveLength(1);
  }, HEAVY_MS);

  it('keeps the server up when the work fails outside any one application; the stale job is closed later as not processed', async () => {
    const a = await newApplication(server);
    const db = dbOf(server);
    // Every write to the bulk approval's row fails, so its progress can be recorded neither with an
    // application nor as a failure. A sequence (not undone by the failing statement) counts the
    // refused writes.
    await db.execute(sql.raw('create sequence refused_bulk_updates'));
    await db.execute(sql.raw("create function refuse_bulk_update() returns trigger language plpgsql as $$ begin perform nextval('refused_bulk_updates'); raise exception 'bulk table unavailable'; end $$"));
    await db.execute(sql.raw('create trigger refuse_bulk_update before update on admin_bulk_approvals for each row execute function refuse_bulk_update()'));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    let started: BulkView;
    try {
      started = await startBulkOk(admin.client, [a.clubId]);
      // Both writes refused (with the application, then as its failure); nobody awaits the work
      // here, as nobody does in a running server.
      const refused = async () => Number(rowsOf<{ n: string }>(await db.execute(sql.raw('select case when is_called then last_value else 0 end as n from refused_bulk_updates')))[0]!.n);
      const deadline = Date.now() + 15_000;
      while ((await refused()) < 2 && Date.now() < deadline) await pause(20);
      expect(await refused()).toBe(2);
      await pause(300);
      expect(unhandled).toEqual([]);
      await settle(server);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await db.execute(sql.raw('drop trigger refuse_bulk_update on admin_bulk_approvals'));
      await db.execute(sql.raw('drop function refuse_bulk_update()'));
      await db.execute(sql.raw('drop sequence refused_bulk_updates'));
    }
    // The approval went back with its transaction; the server still answers.
    expect((await clubRowOf(server, a.uuid))!.applicationStatus).toBe('pending');
    expect(await auditRows(server, { targetId: a.uuid })).toEqual([]);
    expect(await bulkApproval(admin.client, started.id)).toMatchObject({ status: 'RUNNING', processed: 0 });

    // Once stale, maintenance closes it, listing the application as not processed.
    await db
      .update(adminBulkApprovals)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(adminBulkApprovals.id, fromGlobalId(started.id)!.id));
    await server.clubroom.services.adminApprovals.closeStaleBulkApprovals();
    expect(await bulkApproval(admin.client, started.id)).toMatchObject({
      status: 'COMPLETED',
      processed: 1,
      succeeded: [],
      failures: [{ reference: a.clubId, club: { id: a.clubId }, clubName: null, message: 'Not processed: the server stopped during the bulk approval. Please try again.' }],
    });
  });

  it("is seen only by the administrator who started it: another gets null", async () => {
    const a = await newApplication(server);
    const started = await startBulkOk(admin.client, [a.clubId]);
    await settle(server);
    const other = await newAdmin(server, 'Olive Other');
    expect(await bulkApproval(other.client, started.id)).toBeNull();
    expect((await gqlOk(other.client, 'query($id: ID!) { node(id: $id) { id } }', { id: started.id })).node).toBeNull();
    expect((await bulkApproval(admin.client, started.id))!.status).toBe('COMPLETED');
    // An id of another type names no bulk approval.
    expect(await bulkApproval(admin.client, a.clubId)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------

describe('club verification', () => {
  it("refuses a pending club: 'Only approved clubs can be verified.'", async () => {
    const a = await newApplication(server);
    const before = await snapshot(a);
    expect(onlyUserError(await setVerified(admin.client, a.clubId, true), 'setClubVerified')).toMatchObject({ code: 'BAD_USER_INPUT', message: ADMIN_TEXT.notApproved });
    expect(await snapshot(a)).toEqual(before);
    expect((await clubRowOf(server, a.uuid))!.verified).toBe(false);
  });

  it('verifies an approved club (the directory shows it at once, audited VERIFY) and unverifies it (UNVERIFY)', async () => {
    const a = await newApplication(server);
    await approveOk(admin.client, a.clubId);
    const verifiedIn = async () => (await gqlOk(admin.client, 'query($s: String) { clubs(search: $s, first: 100) { nodes { id verified } } }', { s: a.name })).clubs.nodes.find((c: { id: string }) => c.id === a.clubId)?.verified;
    expect(await verifiedIn()).toBe(false);

    const verified = okClub(await setVerified(admin.client, a.clubId, true));
    expect(verified.verified).toBe(true);
    expect(await verifiedIn()).toBe(true);
    const unverified = okClub(await setVerified(admin.client, a.clubId, false));
    expect(unverified.verified).toBe(false);
    expect(await verifiedIn()).toBe(false);

    const audit = (await auditRows(server, { targetId: a.uuid })).map((r) => ({ type: r.actionType, admin: r.adminId, ip: r.ipAddress, name: r.targetName }));
    expect(audit).toEqual([
      { type: 'approve', admin: admin.id, ip: '127.0.0.1', name: a.name },
      { type: 'verify', admin: admin.id, ip: '127.0.0.1', name: a.name },
      { type: 'unverify', admin: admin.id, ip: '127.0.0.1', name: a.name },
    ]);
  });

  it("answers a bad id with 'Invalid club ID format' and an unknown club with NOT_FOUND", async () => {
    expect(onlyUserError(await setVerified(admin.client, 'nope', true), 'setClubVerified')).toMatchObject({ message: ADMIN_TEXT.invalidClubId });
    expect(onlyUserError(await setVerified(admin.client, toGlobalId('Club', randomUUID()), true), 'setClubVerified')).toMatchObject({ code: 'NOT_FOUND' });
  });
});

function okClub(answer: Awaited<ReturnType<typeof setVerified>>) {
  expect(answer.errors).toBeUndefined();
  expect(answer.data.setClubVerified.userErrors).toEqual([]);
  return answer.data.setClubVerified.club!;
}

// ---------------------------------------------------------------------------------------------

describe('viewing one application', () => {
  it('answers it whatever its status and audits a VIEW for every call', async () => {
    const a = await newApplication(server);
    const first = await viewApplication(admin.client, a.clubId);
    expect(first).toMatchObject({ id: a.clubId, name: a.name, applicationStatus: 'PENDING', contactEmail: a.email, city: 'London', sportTypes: ['Football'] });
    await viewApplication(admin.client, a.clubId);
    await rejectOk(admin.client, a.clubId, 'Out of area');
    expect(await viewApplication(admin.client, a.clubId)).toMatchObject({ applicationStatus: 'REJECTED', adminNotes: 'Out of area' });
    const audit = await auditRows(server, { targetId: a.uuid });
    expect(audit.map((r) => r.actionType)).toEqual(['view', 'view', 'reject', 'view']);
    expect(audit.filter((r) => r.actionType === 'view').every((r) => r.adminId === admin.id && r.ipAddress === '127.0.0.1' && r.targetName === a.name)).toBe(true);
  });

  it('answers null (and audits nothing) for an unknown club or an id of another type', async () => {
    const a = await newApplication(server);
    const before = await auditCount(server);
    expect(await viewApplication(admin.client, toGlobalId('Club', randomUUID()))).toBeNull();
    expect(await viewApplication(admin.client, memberGid(a.uuid))).toBeNull();
    expect(await viewApplication(admin.client, 'garbage')).toBeNull();
    expect(await auditCount(server)).toBe(before);
  });

  it("shows adminNotes to administrators only, never to the club's owner", async () => {
    const a = await newApplication(server);
    await rejectOk(admin.client, a.clubId, 'Private note');
    expect((await gqlOk(a.client, '{ me { club { adminNotes applicationStatus } } }')).me.club).toEqual({ adminNotes: null, applicationStatus: 'REJECTED' });
  });
});

// ---------------------------------------------------------------------------------------------

describe('per-administrator rate limits (per minute, in the shared store)', () => {
  const isRateLimited = (answer: { errors?: Array<{ message: string; extensions?: { code?: string } }> }) => {
    const error = onlyError(answer as never);
    return error.extensions?.code === 'RATE_LIMITED' && error.message === ADMIN_TEXT.rateLimited;
  };

  it('reject: 30 a minute; the 31st is RATE_LIMITED and changes nothing; another admin is not affected', async () => {
    const limited = await newAdmin(server, 'Rita Rejecter');
    const apps = await newApplications(server, 6, () => ({ profile: false }));
    // Five real rejections and 25 of an application that does not exist: refusals count too.
    for (const a of apps.slice(0, 5)) await rejectOk(limited.client, a.clubId, 'Too many clubs today');
    const unknown = toGlobalId('Club', randomUUID());
    for (let i = 0; i < 25; i += 5) {
      const answers = await Promise.all(Array.from({ length: 5 }, () => reject(limited.client, unknown, 'No such club')));
      for (const answer of answers) expect(onlyUserError(answer, 'rejectClubApplication').message).toBe(ADMIN_TEXT.applicationNotFound);
    }
    const last = apps[5]!;
    const before = await snapshot(last);
    expect(isRateLimited(await reject(limited.client, last.clubId, 'One more'))).toBe(true);
    expect(await snapshot(last)).toEqual(before);
    // The count lives in rate_limits, keyed by the administrator.
    const rows = await adminRateLimitRows(server, 'reject');
    expect(rows.some((r) => r.key.includes(limited.user.id) && r.points >= 30)).toBe(true);
    // Another administrator still may.
    await rejectOk(admin.client, last.clubId, 'Another admin decides');
  }, HEAVY_MS);

  it('bulk: 5 a minute; the 6th is RATE_LIMITED, shared by every instance', async () => {
    const limited = await newAdmin(server, 'Bea Bulk');
    const b = await startSecondInstance(server);
    try {
      const viaB = new ApiClient(b.url);
      viaB.accessToken = limited.client.accessToken;
      const unknown = () => [toGlobalId('Club', randomUUID())];
      for (let i = 0; i < 3; i++) await startBulkOk(limited.client, unknown());
      for (let i = 0; i < 2; i++) await startBulkOk(viaB, unknown());
      await settle(server);
      await b.clubroom.services.adminApprovals.settle();
      const a = await newApplication(server);
      const before = await snapshot(a);
      expect(isRateLimited(await startBulk(limited.client, [a.clubId]))).toBe(true);
      expect(isRateLimited(await startBulk(viaB, [a.clubId]))).toBe(true);
      await settle(server);
      expect(await snapshot(a)).toEqual(before);
      expect((await adminRateLimitRows(server, 'bulk')).some((r) => r.key.includes(limited.user.id))).toBe(true);
    } finally {
      await b.close();
    }
  }, HEAVY_MS);

  it('approve: 50 a minute; the 51st is RATE_LIMITED', async () => {
    const limited = await newAdmin(server, 'Abe Approver');
    const unknown = toGlobalId('Club', randomUUID());
    for (let i = 0; i < 50; i += 10) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => approve(limited.client, unknown)));
      for (const answer of answers) expect(onlyUserError(answer, 'approveClubApplication').message).toBe(ADMIN_TEXT.applicationNotFound);
    }
    const a = await newApplication(server);
    expect(isRateLimited(await approve(limited.client, a.clubId))).toBe(true);
    expect((await clubRowOf(server, a.uuid))!.applicationStatus).toBe('pending');
  }, HEAVY_MS);

  it('view: 200 a minute; the 201st is RATE_LIMITED and not audited', async () => {
    const limited = await newAdmin(server, 'Val Viewer');
    const a = await newApplication(server);
    for (let i = 0; i < 200; i += 20) await Promise.all(Array.from({ length: 20 }, () => viewApplication(limited.client, a.clubId)));
    expect((await auditRows(server, { adminId: limited.user.id })).length).toBe(200);
    expect(isRateLimited(await limited.client.gql(APPLICATION, { id: a.clubId }))).toBe(true);
    expect((await auditRows(server, { adminId: limited.user.id })).length).toBe(200);
  }, HEAVY_MS);
});
