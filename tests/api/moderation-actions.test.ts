// A moderator's decisions (issue 13 contract, section 2): a warning arrives as a live message, a
// removal hides the item and closes every open report of it, a suspension is the Users tab's, a
// dismissal closes the report; the reporter hears the outcome; of two moderators deciding at once
// one acts; a removal is restorable; each decision's action row and audit entry are written in its
// transaction (a refused step leaves neither).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/client.js';
import { newAdmin } from '../helpers/admin.js';
import { inDays } from '../helpers/admin-users.js';
import { adminClient, adminId, collect, gqlOk, settled } from '../helpers/messages.js';
import { createToken, gqlWith, messages as tokenMessages } from '../helpers/api-tokens.js';
import { collide } from '../helpers/pg.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { wsClient } from '../helpers/ws.js';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import {
  MODERATION_ACTIONS,
  MODERATION_TEXT as T,
  REPORT_CONTENT,
  TAKE_ACTION,
  actionRowsOf,
  auditRowsFor,
  insertMessagesTo,
  markReviewed,
  moderationStats,
  newCast,
  refusedWith,
  removedAtOf,
  reportOk,
  reportRow,
  restore,
  systemNotificationsOf,
  takeAction,
  takeActionOk,
  userStatus,
  uuidOf,
  type ActionView,
} from '../helpers/moderation.js';

let server: TestServer;
let admin: ApiClient;
let adminUuid: string;

beforeAll(async () => {
  server = await startServer();
  admin = await adminClient(server.url);
  adminUuid = await adminId(server);
});
afterAll(() => server?.close());

const UNREAD_MESSAGES = 'subscription { unreadMessageCount { count } }';
const MESSAGE_RECEIVED = 'subscription { messageReceived { message { id subject content sender { id } } } }';
const MESSAGE_DELETED = 'subscription { messageDeleted { messageId } }';

describe('WARNING', () => {
  it("is a private message from the moderator to the item's owner, live with their unread count; the report is resolved, the reporter told", async () => {
    const cast = await newCast(server, 'warn');
    const r = await reportOk(cast.volunteer.client, 'MESSAGE', cast.messageId);
    expect(refusedWith(await takeAction(admin, r.id, 'WARNING', { note: '  ' }), 'takeModerationAction')).toEqual({ field: 'note', code: 'BAD_USER_INPUT', message: T.warningRequired });

    const ws = wsClient(server.url, cast.club.client.accessToken!);
    try {
      const unread = collect<{ unreadMessageCount: { count: number } }>(ws, UNREAD_MESSAGES);
      const received = collect<{ messageReceived: { message: { subject: string; content: string; sender: { id: string } } } }>(ws, MESSAGE_RECEIVED);
      const before = (await unread.nth(1)).unreadMessageCount.count;
      await settled(ws);
      const { report, action } = await takeActionOk(admin, r.id, 'WARNING', { note: 'Please keep it civil.' });
      const message = (await received.nth(1)).messageReceived.message;
      expect(message).toMatchObject({ subject: T.warningSubject, content: T.warningBody('Please keep it civil.', cast.targets.MESSAGE.label), sender: { id: toGlobalId('Member', adminUuid) } });
      await unread.until((v) => v.unreadMessageCount.count === before + 1);
      expect(report).toMatchObject({ status: 'RESOLVED', reviewedBy: { id: toGlobalId('Member', adminUuid) } });
      expect(report.closedAt).not.toBeNull();
      expect(action).toMatchObject({ actionType: 'WARNING', note: 'Please keep it civil.', targetType: 'MESSAGE', canRestore: false, targetUser: { id: toGlobalId('Member', cast.club.user.id) } });
    } finally {
      await ws.dispose();
    }
    expect((await actionRowsOf(server, r.id))[0]!.messageId).not.toBeNull();
    expect((await auditRowsFor(server, uuidOf(r.id))).map((a) => [a.actionType, a.targetType])).toEqual([['warn', 'report']]);
    expect(await systemNotificationsOf(server, cast.volunteer.user.id)).toEqual([{ type: 'system', title: T.reviewedTitle, description: T.actionTaken(cast.targets.MESSAGE.label) }]);
  });
});

describe('CONTENT_REMOVAL', () => {
  it('of a message: gone for the recipient at once (message-deleted and unread events), read; the sender is told', async () => {
    const cast = await newCast(server, 'remove-message');
    const r = await reportOk(cast.volunteer.client, 'MESSAGE', cast.messageId);
    const statsBefore = await moderationStats(admin);
    const ws = wsClient(server.url, cast.volunteer.client.accessToken!);
    try {
      const unread = collect<{ unreadMessageCount: { count: number } }>(ws, UNREAD_MESSAGES);
      const deleted = collect<{ messageDeleted: { messageId: string } }>(ws, MESSAGE_DELETED);
      const before = (await unread.nth(1)).unreadMessageCount.count;
      await settled(ws);
      const { report, action } = await takeActionOk(admin, r.id, 'CONTENT_REMOVAL');
      expect((await deleted.nth(1)).messageDeleted.messageId).toBe(cast.messageId);
      await unread.until((v) => v.unreadMessageCount.count === before - 1);
      expect(report).toMatchObject({ status: 'RESOLVED', targetRemoved: true });
      expect(action.canRestore).toBe(true);
    } finally {
      await ws.dispose();
    }
    expect(await removedAtOf(server, 'MESSAGE', cast.messageId)).not.toBeNull();
    expect(await systemNotificationsOf(server, cast.club.user.id)).toEqual([{ type: 'system', title: T.removedTitle, description: T.removedBody('message', cast.targets.MESSAGE.label) }]);
    expect((await auditRowsFor(server, uuidOf(r.id))).map((a) => a.actionType)).toEqual(['remove_content']);
    const statsAfter = await moderationStats(admin);
    expect(statsAfter.removedItems).toBe(statsBefore.removedItems + 1);
    expect(statsAfter.resolved).toBe(statsBefore.resolved + 1);
  });

  it('of a position resolves every open report of it, each reporter told; restoreContent brings it back once', async () => {
    const cast = await newCast(server, 'remove-position');
    const first = await reportOk(cast.volunteer.client, 'OPPORTUNITY', cast.targets.OPPORTUNITY.id);
    const second = await reportOk(cast.other.client, 'OPPORTUNITY', cast.targets.OPPORTUNITY.id, { reason: 'MISLEADING' });
    const { action } = await takeActionOk(admin, first.id, 'CONTENT_REMOVAL', { note: 'Fake position' });
    expect((await reportRow(server, second.id))!.status).toBe('resolved');
    expect(await actionRowsOf(server, second.id)).toEqual([]);
    for (const reporter of [cast.volunteer, cast.other]) {
      expect(await systemNotificationsOf(server, reporter.user.id)).toEqual([{ type: 'system', title: T.reviewedTitle, description: T.actionTaken(cast.targets.OPPORTUNITY.label) }]);
    }
    expect(await systemNotificationsOf(server, cast.club.user.id)).toEqual([{ type: 'system', title: T.removedTitle, description: T.removedBody('opportunity', cast.targets.OPPORTUNITY.label) }]);
    expect(refusedWith(await takeAction(admin, second.id, 'DISMISSAL'), 'takeModerationAction').message).toBe(T.reportClosed);

    const restored = (await restore(admin, action.id)).data.restoreContent;
    expect(restored.userErrors).toEqual([]);
    expect(restored.action).toMatchObject({ actionType: 'CONTENT_RESTORATION', targetId: cast.targets.OPPORTUNITY.id, report: null, canRestore: false });
    expect(await removedAtOf(server, 'OPPORTUNITY', cast.targets.OPPORTUNITY.id)).toBeNull();
    expect(refusedWith(await restore(admin, action.id), 'restoreContent')).toEqual({ field: 'actionId', code: 'BAD_USER_INPUT', message: T.notRemoved });
    const restoreAudit = (await auditRowsFor(server, uuidOf(first.id))).map((a) => a.actionType);
    expect(restoreAudit).toEqual(['remove_content', 'restore_content']);
    const listed = (await gqlOk(admin, MODERATION_ACTIONS, { first: 2 })).moderationActions.nodes as ActionView[];
    expect(listed.map((a) => a.actionType)).toEqual(['CONTENT_RESTORATION', 'CONTENT_REMOVAL']);
    expect(listed[1]!.canRestore).toBe(false);
    // The item can be reported again.
    expect((await reportOk(cast.volunteer.client, 'OPPORTUNITY', cast.targets.OPPORTUNITY.id)).status).toBe('PENDING');
  });
});

describe('ACCOUNT_SUSPENSION', () => {
  it("is the Users tab's suspension of the owner (its audit entry), with the note as the reason", async () => {
    const cast = await newCast(server, 'suspend');
    const r = await reportOk(cast.volunteer.client, 'MESSAGE', cast.messageId);
    expect(refusedWith(await takeAction(admin, r.id, 'ACCOUNT_SUSPENSION'), 'takeModerationAction')).toEqual({ field: 'note', code: 'BAD_USER_INPUT', message: T.reasonRequired });
    expect(refusedWith(await takeAction(admin, r.id, 'ACCOUNT_SUSPENSION', { note: 'Abuse', suspendUntil: inDays(-1) }), 'takeModerationAction')).toEqual({
      field: 'suspendUntil',
      code: 'BAD_USER_INPUT',
      message: T.untilPast,
    });
    const until = inDays(7);
    const { report, action } = await takeActionOk(admin, r.id, 'ACCOUNT_SUSPENSION', { note: 'Abusive messages', suspendUntil: until });
    expect(report.status).toBe('RESOLVED');
    expect(action).toMatchObject({ actionType: 'ACCOUNT_SUSPENSION', note: 'Abusive messages' });
    expect(await userStatus(server, cast.club.user.id)).toEqual({ status: 'suspended', reason: 'Abusive messages', until: new Date(until) });
    expect((await auditRowsFor(server, cast.club.user.id)).map((a) => a.actionType)).toEqual(['suspend']);
    expect(await auditRowsFor(server, uuidOf(r.id))).toEqual([]);
    expect(await systemNotificationsOf(server, cast.volunteer.user.id)).toEqual([{ type: 'system', title: T.reviewedTitle, description: T.actionTaken(cast.targets.MESSAGE.label) }]);
  });

  it('a refused suspension (the moderator themselves) changes nothing: the report stays open, no action row, no audit entry', async () => {
    const cast = await newCast(server, 'self');
    const [sent] = await insertMessagesTo(server, adminUuid, cast.volunteer.user.id, 1);
    const r = await reportOk(cast.volunteer.client, 'MESSAGE', sent!);
    expect(refusedWith(await takeAction(admin, r.id, 'ACCOUNT_SUSPENSION', { note: 'Self' }), 'takeModerationAction').message).toBe(T.selfSuspend);
    expect((await reportRow(server, r.id))!.status).toBe('pending');
    expect(await actionRowsOf(server, r.id)).toEqual([]);
    expect(await auditRowsFor(server, uuidOf(r.id))).toEqual([]);
    expect(await auditRowsFor(server, adminUuid)).toEqual([]);
    expect(await systemNotificationsOf(server, cast.volunteer.user.id)).toEqual([]);
  });
});

describe('DISMISSAL, reviewing, refusals', () => {
  it('dismisses (the reporter hears no breach was found); a closed report cannot be decided or reviewed again', async () => {
    const cast = await newCast(server, 'dismiss');
    const r = await reportOk(cast.volunteer.client, 'CLUB', cast.targets.CLUB.id);
    const reviewed = (await markReviewed(admin, r.id)).data.markReportReviewed.report;
    expect(reviewed).toMatchObject({ status: 'REVIEWED', reviewedBy: { id: toGlobalId('Member', adminUuid) }, closedAt: null });
    expect((await markReviewed(admin, r.id)).data.markReportReviewed.report.status).toBe('REVIEWED');
    expect(refusedWith(await takeAction(admin, r.id, 'CONTENT_RESTORATION'), 'takeModerationAction')).toEqual({ field: 'action', code: 'BAD_USER_INPUT', message: T.restorationNotAnAction });
    const { report, action } = await takeActionOk(admin, r.id, 'DISMISSAL', { note: 'Fine as it is' });
    expect(report).toMatchObject({ status: 'DISMISSED', reviewedAt: reviewed.reviewedAt });
    expect(action).toMatchObject({ actionType: 'DISMISSAL', note: 'Fine as it is', report: { id: r.id, status: 'DISMISSED' } });
    expect((await auditRowsFor(server, uuidOf(r.id))).map((a) => [a.actionType, a.details])).toEqual([
      ['review_report', `Report reviewed: club "${cast.targets.CLUB.label}"`],
      ['dismiss_report', `Report dismissed: club "${cast.targets.CLUB.label}": Fine as it is`],
    ]);
    expect(await systemNotificationsOf(server, cast.volunteer.user.id)).toEqual([{ type: 'system', title: T.reviewedTitle, description: T.noBreach(cast.targets.CLUB.label) }]);
    expect(refusedWith(await takeAction(admin, r.id, 'WARNING', { note: 'Late' }), 'takeModerationAction')).toEqual({ field: 'reportId', code: 'BAD_USER_INPUT', message: T.reportClosed });
    expect(refusedWith(await markReviewed(admin, r.id), 'markReportReviewed').message).toBe(T.reportClosed);
    expect(await removedAtOf(server, 'CLUB', cast.targets.CLUB.id)).toBeNull();
  });

  it('an unknown report or action id is not found', async () => {
    expect(refusedWith(await takeAction(admin, 'nope', 'DISMISSAL'), 'takeModerationAction')).toEqual({ field: 'reportId', code: 'NOT_FOUND', message: 'Report not found' });
    expect(refusedWith(await markReviewed(admin, toGlobalId('ContentReport', '00000000-0000-4000-8000-000000000000')), 'markReportReviewed').code).toBe('NOT_FOUND');
    expect(refusedWith(await restore(admin, toGlobalId('ModerationAction', '00000000-0000-4000-8000-000000000000')), 'restoreContent').code).toBe('NOT_FOUND');
  });

  it('API tokens: reporting needs reports:write, deciding needs admin', async () => {
    const cast = await newCast(server, 'tokens');
    const { secret: readOnly } = await createToken(cast.volunteer.client, ['READ']);
    const { secret: reporter } = await createToken(cast.volunteer.client, ['READ', 'REPORTS_WRITE']);
    const input = { targetType: 'CLUB', targetId: cast.targets.CLUB.id, reason: 'SPAM' };
    const refused = await gqlWith(server.url, readOnly, REPORT_CONTENT, { input });
    expect([refused.status, tokenMessages(refused)]).toEqual([403, ['This API token lacks the reports:write scope.']]);
    const filed = await gqlWith(server.url, reporter, REPORT_CONTENT, { input });
    const reportId = (filed.json.data as { reportContent: { report: { id: string } } }).reportContent.report.id;
    const { secret: adminReader } = await createToken(admin, ['READ', 'REPORTS_WRITE']);
    const decided = await gqlWith(server.url, adminReader, TAKE_ACTION, { input: { reportId, action: 'DISMISSAL' } });
    expect([decided.status, tokenMessages(decided)]).toEqual([403, ['This API token lacks the admin scope.']]);
    expect((await reportRow(server, reportId))!.status).toBe('pending');
  });
});

describe('two moderators deciding the same report at once', () => {
  it('one acts: one action row, one audit entry, one notification; the other is told it is closed', async () => {
    const cast = await newCast(server, 'race');
    const second = await newAdmin(server, 'Race Admin');
    const r = await reportOk(cast.volunteer.client, 'CLUB', cast.targets.CLUB.id);
    const id = uuidOf(r.id);
    const decide = () => [takeAction(admin, r.id, 'WARNING', { note: 'Be nice' }), takeAction(second.client, r.id, 'DISMISSAL')];
    // On PostgreSQL both decisions are held on the report's row until both wait; PGlite (one
    // connection) runs them one after the other, which must come out the same.
    const { results, waiting } = server.db.url
      ? await collide(
          server.db.url,
          (tx) => tx`select id from content_reports where id = ${id} for update`,
          async (watcher) => {
            const [row] = await watcher`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
            return row!.n as number;
          },
          2,
          decide,
        )
      : { results: await Promise.all(decide()), waiting: 2 };
    expect(waiting, 'both decisions were waiting on the report together').toBe(2);
    const payloads = results.map((a) => a.data.takeModerationAction);
    expect(payloads.filter((p) => p.action !== null)).toHaveLength(1);
    expect(payloads.flatMap((p) => p.userErrors.map((e: { message: string }) => e.message))).toEqual([T.reportClosed]);
    expect(await actionRowsOf(server, r.id)).toHaveLength(1);
    expect(await auditRowsFor(server, id)).toHaveLength(1);
    expect(await systemNotificationsOf(server, cast.volunteer.user.id)).toHaveLength(1);
  });
});
