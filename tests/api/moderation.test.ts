// Reporting content (issue 13 contract, section 2): any member reports a message they received, a
// volunteer profile, an opportunity or a club they may see, once while the report is open, never
// their own and never a removed item, at most 20 an hour; what the item said is kept with the
// report. Reports are the administrators' to list (others are refused), the reporter sees their
// own; the administrators' counters are live.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/client.js';
import { createPositionOk, newClubOwner, validPosition } from '../helpers/clubs.js';
import { adminClient, collect, dbOf, gqlOk, onlyError, sendOk } from '../helpers/messages.js';
import { collideOnInsert } from '../helpers/pg.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { wsClient } from '../helpers/ws.js';
import { contentReports } from '../../server/src/db/schema/index.js';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import {
  CONTENT_REPORT,
  CONTENT_REPORTS,
  MODERATION_ACTIONS,
  MODERATION_STATS,
  MODERATION_TEXT as T,
  REPORT_NODE,
  STATS_CHANGED,
  insertMessagesTo,
  markReviewed,
  moderationStats,
  newCast,
  refusedWith,
  report,
  reportOk,
  reportRow,
  setRemovedAt,
  takeAction,
  type Cast,
  type StatsView,
  type TargetType,
} from '../helpers/moderation.js';

let server: TestServer;
let admin: ApiClient;
let cast: Cast;

beforeAll(async () => {
  server = await startServer();
  admin = await adminClient(server.url);
  cast = await newCast(server, 'reports');
});
afterAll(() => server?.close());

describe('reportContent', () => {
  it('files a report of each kind the reporter may see, with what the item said', async () => {
    const { volunteer, club, targets } = cast;
    const filed = [
      { reporter: volunteer.client, type: 'MESSAGE' as const },
      { reporter: club.client, type: 'PROFILE' as const },
      { reporter: volunteer.client, type: 'OPPORTUNITY' as const },
      { reporter: volunteer.client, type: 'CLUB' as const },
    ];
    for (const { reporter, type } of filed) {
      const r = await reportOk(reporter, type, targets[type].id, { reason: 'HARASSMENT', details: `  About the ${type}  ` });
      expect(r).toMatchObject({ targetType: type, targetId: targets[type].id, targetLabel: targets[type].label, reason: 'HARASSMENT', details: `About the ${type}`, status: 'PENDING', reviewedAt: null, closedAt: null });
      // The reporter sees their report, not who is behind the item nor the moderators' figures.
      expect(r.targetOwner).toBeNull();
      expect(r.openReportsOnTarget).toBe(0);
      const row = await reportRow(server, r.id);
      expect(row!.targetOwnerId).toBe(targets[type].ownerId);
      const seen = (await gqlOk(admin, CONTENT_REPORT, { id: r.id })).contentReport;
      expect(seen.targetOwner.id).toBe(toGlobalId('Member', targets[type].ownerId));
      expect(seen.openReportsOnTarget).toBe(1);
    }
    const [message, profile, position] = await Promise.all(
      (['MESSAGE', 'PROFILE', 'OPPORTUNITY'] as TargetType[]).map(async (type) => (await gqlOk(admin, CONTENT_REPORTS, { targetType: type })).contentReports.nodes[0]),
    );
    expect(message.targetExcerpt).toBe('Rude words (reports)');
    expect(profile.targetExcerpt).toBe('I coach juniors (reports).');
    expect(position.targetExcerpt).toBe('Coach the under 12s (reports).');
  });

  it('refuses an item the reporter may not see as not found', async () => {
    const { other, member, targets, club } = cast;
    // Another's message; a volunteer profile seen only by clubs; a hidden position; a pending club.
    const hidden = await createPositionOk(club.client, validPosition({ title: 'Not live yet' }));
    const pending = await newClubOwner(server, { status: 'pending', clubName: 'Pending Club Reports' });
    for (const [type, id] of [
      ['MESSAGE', targets.MESSAGE.id],
      ['PROFILE', targets.PROFILE.id],
      ['OPPORTUNITY', hidden.id],
      ['CLUB', pending.clubId],
      ['CLUB', targets.OPPORTUNITY.id],
      ['MESSAGE', 'not-an-id'],
    ] as Array<[TargetType, string]>) {
      expect(refusedWith(await report(other.client, type, id), 'reportContent'), `${type} ${id}`).toEqual({ field: 'targetId', code: 'NOT_FOUND', message: T.targetNotFound });
    }
    expect(refusedWith(await report(member.client, 'PROFILE', targets.PROFILE.id), 'reportContent').code).toBe('NOT_FOUND');
  });

  it("refuses the reporter's own item", async () => {
    const { volunteer, club, targets } = cast;
    for (const [client, type] of [
      [club.client, 'MESSAGE'],
      [volunteer.client, 'PROFILE'],
      [club.client, 'OPPORTUNITY'],
      [club.client, 'CLUB'],
    ] as Array<[ApiClient, TargetType]>) {
      expect(refusedWith(await report(client, type, targets[type].id), 'reportContent')).toEqual({ field: 'targetId', code: 'BAD_USER_INPUT', message: T.ownContent });
    }
  });

  it('refuses a second open report of the same item; once the first is closed a new one may be filed', async () => {
    const { other, targets } = cast;
    const first = await reportOk(other.client, 'CLUB', targets.CLUB.id);
    expect(refusedWith(await report(other.client, 'CLUB', targets.CLUB.id, { reason: 'OTHER' }), 'reportContent')).toEqual({ field: 'targetId', code: 'BAD_USER_INPUT', message: T.duplicate });
    expect((await markReviewed(admin, first.id)).data.markReportReviewed.report.status).toBe('REVIEWED');
    expect(refusedWith(await report(other.client, 'CLUB', targets.CLUB.id), 'reportContent').message).toBe(T.duplicate);
    expect((await takeAction(admin, first.id, 'DISMISSAL')).data.takeModerationAction.report.status).toBe('DISMISSED');
    expect((await reportOk(other.client, 'CLUB', targets.CLUB.id)).status).toBe('PENDING');
  });

  it('of concurrent reports of the same item by one member, the unique index files one', async () => {
    const tag = await newCast(server, 'concurrent');
    const file = () => report(tag.volunteer.client, 'OPPORTUNITY', tag.targets.OPPORTUNITY.id);
    // PGlite (one connection, no URL) files them one after the other, which must come out the same.
    const collided = server.db.url ? await collideOnInsert(server.db.url, 'content_reports', 3, () => [file(), file(), file()]) : { results: await Promise.all([file(), file(), file()]), waiting: 3 };
    expect(collided.waiting, 'all three inserts were in flight together').toBe(3);
    const filed = collided.results.filter((a) => a.data.reportContent.report);
    const refused = collided.results.filter((a) => a.data.reportContent.userErrors.length > 0);
    expect(filed).toHaveLength(1);
    expect(refused.map((a) => a.data.reportContent.userErrors[0].message)).toEqual([T.duplicate, T.duplicate]);
    const rows = await dbOf(server).select().from(contentReports);
    expect(rows.filter((r) => r.reporterId === tag.volunteer.user.id)).toHaveLength(1);
  });

  it('refuses a removed item as not found, and takes it again once restored', async () => {
    const tag = await newCast(server, 'removed');
    for (const type of ['MESSAGE', 'OPPORTUNITY', 'CLUB'] as TargetType[]) {
      await setRemovedAt(server, type, tag.targets[type].id, new Date());
      expect(refusedWith(await report(tag.volunteer.client, type, tag.targets[type].id), 'reportContent').message, type).toBe(T.targetNotFound);
      await setRemovedAt(server, type, tag.targets[type].id, null);
    }
    await setRemovedAt(server, 'PROFILE', tag.targets.PROFILE.id, new Date());
    expect(refusedWith(await report(tag.club.client, 'PROFILE', tag.targets.PROFILE.id), 'reportContent').message).toBe(T.targetNotFound);
    await setRemovedAt(server, 'PROFILE', tag.targets.PROFILE.id, null);
    expect((await reportOk(tag.club.client, 'PROFILE', tag.targets.PROFILE.id)).status).toBe('PENDING');
  });

  it('keeps details under 1000 characters (trimmed; blank is none)', async () => {
    const tag = await newCast(server, 'details');
    const [a, b] = await insertMessagesTo(server, tag.club.user.id, tag.other.user.id, 2);
    expect(refusedWith(await report(tag.other.client, 'MESSAGE', a!, { details: 'x'.repeat(1000) }), 'reportContent')).toEqual({ field: 'details', code: 'BAD_USER_INPUT', message: T.detailsTooLong });
    expect((await reportOk(tag.other.client, 'MESSAGE', a!, { details: ` ${'x'.repeat(999)} ` })).details).toHaveLength(999);
    expect((await reportOk(tag.other.client, 'MESSAGE', b!, { details: '   ' })).details).toBe('');
  });

  it('allows 20 reports an hour per member; the 21st is RATE_LIMITED and files nothing', async () => {
    const tag = await newCast(server, 'limit');
    const ids = await insertMessagesTo(server, tag.club.user.id, tag.member.user.id, 21);
    for (const id of ids.slice(0, 20)) await reportOk(tag.member.client, 'MESSAGE', id);
    const answer = await report(tag.member.client, 'MESSAGE', ids[20]!);
    expect(onlyError(answer)).toMatchObject({ message: T.rateLimited, extensions: { code: 'RATE_LIMITED' } });
    const rows = await dbOf(server).select().from(contentReports);
    expect(rows.filter((r) => r.reporterId === tag.member.user.id)).toHaveLength(20);
    // Another member is not affected.
    expect((await reportOk(tag.volunteer.client, 'MESSAGE', tag.messageId)).status).toBe('PENDING');
  });
});

describe('who sees reports', () => {
  it('a non-admin listing reports, actions or counters is refused; signed out: authentication required', async () => {
    const { volunteer } = cast;
    for (const [query, variables] of [
      [CONTENT_REPORTS, {}],
      [CONTENT_REPORT, { id: 'x' }],
      [MODERATION_ACTIONS, {}],
      [MODERATION_STATS, {}],
    ] as Array<[string, Record<string, unknown>]>) {
      expect(onlyError(await volunteer.client.gql(query, variables))).toMatchObject({ message: T.adminRequired, extensions: { code: 'FORBIDDEN' } });
      expect(onlyError(await volunteer.client.gql(query, variables, { token: null }))).toMatchObject({ message: T.authenticationRequired, extensions: { code: 'UNAUTHENTICATED' } });
    }
    const r = (await gqlOk(admin, CONTENT_REPORTS, { first: 1 })).contentReports.nodes[0];
    expect(onlyError(await markReviewed(volunteer.client, r.id)).message).toBe(T.adminRequired);
    expect(onlyError(await takeAction(volunteer.client, r.id, 'DISMISSAL')).message).toBe(T.adminRequired);
  });

  it('the reporter sees their own report by id; nobody else but administrators', async () => {
    const tag = await newCast(server, 'node');
    const r = await reportOk(tag.volunteer.client, 'CLUB', tag.targets.CLUB.id);
    const own = (await gqlOk(tag.volunteer.client, REPORT_NODE, { id: r.id })).node;
    expect(own).toMatchObject({ id: r.id, status: 'PENDING', targetLabel: tag.targets.CLUB.label, targetOwner: null, openReportsOnTarget: 0, actions: [] });
    expect((await gqlOk(tag.club.client, REPORT_NODE, { id: r.id })).node).toBeNull();
    expect((await gqlOk(tag.other.client, REPORT_NODE, { id: r.id })).node).toBeNull();
    expect((await gqlOk(admin, REPORT_NODE, { id: r.id })).node.targetOwner.id).toBeTruthy();
  });

  it('lists newest first with totalCount, by status and kind, a page at a time', async () => {
    const all = (await gqlOk(admin, CONTENT_REPORTS, { first: 100 })).contentReports;
    expect(all.totalCount).toBe(all.nodes.length);
    const times = all.nodes.map((n: { createdAt: string }) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const clubs = (await gqlOk(admin, CONTENT_REPORTS, { targetType: 'CLUB', status: 'PENDING', first: 100 })).contentReports;
    expect(clubs.nodes.every((n: { targetType: string; status: string }) => n.targetType === 'CLUB' && n.status === 'PENDING')).toBe(true);
    const first = (await gqlOk(admin, CONTENT_REPORTS, { first: 2 })).contentReports;
    const next = (await gqlOk(admin, CONTENT_REPORTS, { first: 2, after: first.pageInfo.endCursor })).contentReports;
    expect(next.nodes[0].id).toBe(all.nodes[2].id);
  });
});

describe('moderationStatsChanged', () => {
  it('answers the counters at once and after every new report, for administrators', async () => {
    const ws = wsClient(server.url, admin.accessToken!);
    try {
      const live = collect<{ moderationStatsChanged: StatsView }>(ws, STATS_CHANGED);
      const first = (await live.nth(1)).moderationStatsChanged;
      expect(first).toEqual(await moderationStats(admin));
      const tag = await newCast(server, 'live');
      await reportOk(tag.volunteer.client, 'CLUB', tag.targets.CLUB.id);
      const after = await live.until((v) => v.moderationStatsChanged.totalReports === first.totalReports + 1);
      expect(after.moderationStatsChanged.pending).toBe(first.pending + 1);
      live.dispose();
    } finally {
      await ws.dispose();
    }
  });

  it('refuses members who are not administrators', async () => {
    const ws = wsClient(server.url, cast.volunteer.client.accessToken!);
    try {
      const live = collect(ws, STATS_CHANGED);
      expect(String(await live.failure())).toContain(T.adminRequired);
      expect(live.values).toEqual([]);
    } finally {
      await ws.dispose();
    }
  });
});

describe('a message report', () => {
  it('is for its recipient only: a message the reporter sent is their own', async () => {
    const tag = await newCast(server, 'sent');
    const reply = await sendOk(tag.volunteer, tag.club.user.id, { subject: 'Re: hello', content: 'Please stop.' });
    expect(refusedWith(await report(tag.volunteer.client, 'MESSAGE', reply.id), 'reportContent').message).toBe(T.ownContent);
    expect((await reportOk(tag.club.client, 'MESSAGE', reply.id)).targetLabel).toBe('Re: hello');
  });
});
