// The Users tab's actions (issue 13 contract section 1): suspend, ban, reinstate and the
// administrator role. Each rule and message; each effect (the users row, every session and its
// refresh token ended, API tokens refused, open sockets on BOTH instances told and closed, sign-in
// refused saying why, the mail, the audit entry) written in one transaction, so a refused action
// writes nothing; the end of a suspension (at sign-in and by the worker); the last administrator
// kept when two administrators suspend each other at the same moment.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newMember, STRONG_PASSWORD } from '../helpers/client.js';
import { createToken, gqlWith, RawSocket } from '../helpers/api-tokens.js';
import { actions, bootstrapAdmin, newAdmin } from '../helpers/admin.js';
import { dbOf, onlyError } from '../helpers/messages.js';
import { collide } from '../helpers/pg.js';
import { startSecondInstance, startServer, type TestServer } from '../helpers/server.js';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import { and, eq } from 'drizzle-orm';
import { adminActions, users } from '../../server/src/db/schema/index.js';
import {
  REVOKED,
  SIGN_IN,
  USERS_TEXT as T,
  banOk,
  banUser,
  expireSuspension,
  inDays,
  memberGid,
  openSessionCount,
  outboxWith,
  refusal,
  reinstateOk,
  reinstateUser,
  setPlatformAdmin,
  setPlatformAdminOk,
  suspendOk,
  suspendUser,
  userAuditRows,
  userRow,
} from '../helpers/admin-users.js';

let server: TestServer;
let b: Awaited<ReturnType<typeof startSecondInstance>>;
let admin: Awaited<ReturnType<typeof bootstrapAdmin>>;

beforeAll(async () => {
  server = await startServer();
  b = await startSecondInstance(server);
  admin = await bootstrapAdmin(server);
});
afterAll(async () => {
  await b?.close();
  await server?.close();
});

const auditCount = async () => (await dbOf(server).select({ id: adminActions.id }).from(adminActions)).length;

/** A GraphQL sign-in's user error (or null when it signed in). */
async function graphqlSignIn(email: string): Promise<{ code: string; message: string } | null> {
  const answer = await new ApiClient(server.url).gql(SIGN_IN, { input: { email, password: STRONG_PASSWORD } });
  const payload = answer.data.signIn;
  return payload.session ? null : payload.userErrors[0];
}

describe('who may', () => {
  it('refuses members and anonymous callers; a token needs the admin scope', async () => {
    const member = await newMember(server.url);
    const other = await newMember(server.url);
    for (const [client, message] of [
      [member.client, T.adminRequired],
      [new ApiClient(server.url), T.authenticationRequired],
    ] as const) {
      expect(onlyError(await client.gql('{ adminUsers { totalCount } }')).message).toBe(message);
      expect(onlyError(await client.gql('{ adminUserStats { total } }')).message).toBe(message);
      const answer = await suspendUser(client, other.user.id, 'Spam');
      expect(onlyError(answer.answer).message).toBe(message);
    }
    expect((await userRow(server, other.user.id)).status).toBe('active');
    const read = await createToken(admin.client, ['READ']);
    expect((await gqlWith(server.url, read.secret, '{ adminUsers { totalCount } }')).json.errors?.[0]?.message).toBe('This API token lacks the admin scope.');
    const full = await createToken(admin.client, ['READ', 'ADMIN']);
    expect((await gqlWith(server.url, full.secret, '{ adminUsers { totalCount } }')).json.data?.adminUsers.totalCount).toBeGreaterThan(0);
  });

  it("shows a member's own status fields to them and to administrators only", async () => {
    const member = await newMember(server.url);
    const other = await newMember(server.url);
    const query = 'query($id: ID!) { member(id: $id) { status statusReason suspendedUntil statusChangedAt activity { activeSessions } } }';
    const own = (await member.client.gql(query, { id: memberGid(member.user.id) })).data.member;
    expect(own).toEqual({ status: 'ACTIVE', statusReason: null, suspendedUntil: null, statusChangedAt: null, activity: null });
    const seen = (await other.client.gql(query, { id: memberGid(member.user.id) })).data.member;
    expect(seen).toEqual({ status: null, statusReason: null, suspendedUntil: null, statusChangedAt: null, activity: null });
    const byAdmin = (await admin.client.gql(query, { id: memberGid(member.user.id) })).data.member;
    expect(byAdmin.status).toBe('ACTIVE');
    expect(byAdmin.activity.activeSessions).toBe(1);
  });
});

describe('suspendUser', () => {
  it('refuses bad input and bad targets with the contract messages, writing nothing', async () => {
    const target = await newMember(server.url);
    const before = await auditCount();
    const cases: Array<[Promise<Parameters<typeof refusal>[0]>, string, string]> = [
      [suspendUser(admin.client, target.user.id, '   '), 'BAD_USER_INPUT', T.reasonRequired],
      [suspendUser(admin.client, target.user.id, 'x'.repeat(1000)), 'BAD_USER_INPUT', T.reasonTooLong],
      [suspendUser(admin.client, target.user.id, 'Spam', new Date(Date.now() - 60_000).toISOString()), 'BAD_USER_INPUT', T.untilPast],
      [suspendUser(admin.client, randomUUID(), 'Spam'), 'NOT_FOUND', T.userNotFound],
      [suspendUser(admin.client, toGlobalId('Club', target.user.id), 'Spam'), 'NOT_FOUND', T.userNotFound],
      [suspendUser(admin.client, 'not-an-id', 'Spam'), 'NOT_FOUND', T.userNotFound],
      [suspendUser(admin.client, admin.id, 'Spam'), 'BAD_USER_INPUT', T.selfSuspend],
      [banUser(admin.client, admin.id, 'Spam'), 'BAD_USER_INPUT', T.selfBan],
      [banUser(admin.client, target.user.id, ''), 'BAD_USER_INPUT', T.reasonRequired],
      [reinstateUser(admin.client, target.user.id), 'BAD_USER_INPUT', T.alreadyActive],
      [setPlatformAdmin(admin.client, admin.id, false), 'BAD_USER_INPUT', T.selfRole],
      [setPlatformAdmin(admin.client, target.user.id, false), 'BAD_USER_INPUT', T.sameRole],
    ];
    for (const [call, code, message] of cases) {
      const error = refusal(await call);
      expect({ code: error.code, message: error.message }).toEqual({ code, message });
    }
    expect(await auditCount()).toBe(before);
    expect(await userRow(server, target.user.id)).toMatchObject({ status: 'active', statusReason: null, isPlatformAdmin: false });
    expect(await openSessionCount(server, target.user.id)).toBe(1);
  });

  it('ends every session at once: sockets on both instances (session and API token) are told ACCOUNT_SUSPENDED and closed; refresh, token and sign-in refused, saying why', async () => {
    const target = await newMember(server.url, { fullName: 'Sam Spammer' });
    const second = new ApiClient(b.url);
    expect((await second.signIn(target.email, STRONG_PASSWORD)).status).toBe(200);
    const { secret } = await createToken(target.client, ['READ']);
    const onA = await RawSocket.open(server.url, target.client.accessToken!);
    const onB = await RawSocket.open(b.url, second.accessToken!);
    const tokenOnB = await RawSocket.open(b.url, secret);
    const sockets = [onA, onB, tokenOnB];
    try {
      for (const s of sockets) {
        s.subscribe('revoked', REVOKED);
        s.subscribe('count', 'subscription { unreadNotificationCount { count } }');
        await s.until(() => s.of('count').length > 0, 'the first count');
      }
      const member = await suspendOk(admin.client, target.user.id, '  Repeated spam  ', '2030-12-01T12:00:00Z');
      expect(member).toMatchObject({ status: 'SUSPENDED', statusReason: 'Repeated spam', suspendedUntil: '2030-12-01T12:00:00.000Z' });
      expect(member.statusChangedAt).not.toBeNull();
      for (const s of sockets) {
        await s.until(() => s.of('revoked').some((m) => m.type === 'next'), 'sessionRevoked');
        expect(s.of('revoked').find((m) => m.type === 'next')!.payload).toEqual({ data: { sessionRevoked: { reason: 'ACCOUNT_SUSPENDED' } }, extensions: { schemaVersion: expect.any(String) } });
        await s.until(() => s.closeCode !== null, 'the close');
        expect(s.closeCode).toBe(4401);
      }
    } finally {
      for (const s of sockets) s.close();
    }
    expect(await openSessionCount(server, target.user.id)).toBe(0);
    const refreshed = await target.client.rest('POST', '/api/auth/refresh');
    expect(refreshed.status).toBe(401);
    expect((await gqlWith(server.url, secret, '{ me { id } }')).status).toBe(401);
    const expected = T.suspendedUntil('1 December 2030, 12:00 UTC', 'Repeated spam');
    expect(await graphqlSignIn(target.email)).toEqual({ field: null, code: 'ACCOUNT_SUSPENDED', message: expected });
    const rest = await new ApiClient(server.url).signIn(target.email, STRONG_PASSWORD);
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({ success: false, error: expected, code: 'ACCOUNT_SUSPENDED' });
    // A wrong password learns nothing about the account.
    expect((await new ApiClient(server.url).signIn(target.email, 'Wr0ng!Password')).body.error).toBe('Invalid email or password.');
    const [mail] = await outboxWith(server, target.email, 'Your Clubroom account has been suspended');
    expect(mail!.text).toContain('suspended until 1 December 2030, 12:00 UTC');
    expect(mail!.text).toContain('Reason: Repeated spam');
    const audit = await userAuditRows(server, target.user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actionType: 'suspend', targetType: 'user', targetName: 'Sam Spammer', details: T.auditSuspendedUntil('2030-12-01 12:00 UTC', 'Repeated spam'), adminId: admin.id });
  });

  it('suspends again with a new reason and no end; a club account is audited by its club name', async () => {
    const club = await newMember(server.url, { clubName: 'Harbour Rowing Club', fullName: 'Rita Rower' });
    await suspendOk(admin.client, club.user.id, 'First', inDays(3));
    const again = await suspendOk(admin.client, club.user.id, 'Second');
    expect(again).toMatchObject({ status: 'SUSPENDED', statusReason: 'Second', suspendedUntil: null });
    expect(await graphqlSignIn(club.email)).toMatchObject({ message: T.suspended('Second') });
    const audit = await userAuditRows(server, club.user.id);
    expect(audit.map((a) => [a.actionType, a.targetName, a.details])).toEqual([
      ['suspend', 'Harbour Rowing Club', expect.stringMatching(/^Suspended until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC: First$/)],
      ['suspend', 'Harbour Rowing Club', T.auditSuspended('Second')],
    ]);
  });
});

describe('banUser and reinstateUser', () => {
  it('bans (sockets told ACCOUNT_BANNED), refuses to suspend a banned account, reinstates with a note, and the member signs in again', async () => {
    const target = await newMember(server.url, { fullName: 'Bob Banned' });
    const socket = await RawSocket.open(b.url, target.client.accessToken!);
    try {
      socket.subscribe('revoked', REVOKED);
      socket.subscribe('count', 'subscription { unreadNotificationCount { count } }');
      await socket.until(() => socket.of('count').length > 0, 'the first count');
      expect(await banOk(admin.client, target.user.id, 'Harassment')).toMatchObject({ status: 'BANNED', statusReason: 'Harassment', suspendedUntil: null });
      await socket.until(() => socket.closeCode !== null, 'the close');
      expect(socket.of('revoked').find((m) => m.type === 'next')!.payload).toEqual({ data: { sessionRevoked: { reason: 'ACCOUNT_BANNED' } }, extensions: { schemaVersion: expect.any(String) } });
    } finally {
      socket.close();
    }
    expect(await graphqlSignIn(target.email)).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: T.bannedSignIn('Harassment') });
    expect(refusal(await suspendUser(admin.client, target.user.id, 'More'))).toMatchObject({ message: T.banned });
    expect(refusal(await reinstateUser(admin.client, target.user.id, 'n'.repeat(1000)))).toMatchObject({ message: T.noteTooLong });
    const back = await reinstateOk(admin.client, target.user.id, 'Appeal accepted');
    expect(back).toMatchObject({ status: 'ACTIVE', statusReason: null, suspendedUntil: null });
    expect(await graphqlSignIn(target.email)).toBeNull();
    expect((await outboxWith(server, target.email, 'Your Clubroom account has been banned'))[0]!.text).toContain('Reason: Harassment');
    expect(await outboxWith(server, target.email, T.reinstatedSubject)).toHaveLength(1);
    await suspendOk(admin.client, target.user.id, 'Once more');
    await reinstateOk(admin.client, target.user.id);
    expect((await userAuditRows(server, target.user.id)).map((a) => a.details)).toEqual([
      T.auditBanned('Harassment'),
      T.auditReinstatedNote('Appeal accepted'),
      T.auditSuspended('Once more'),
      T.auditReinstated,
    ]);
    // The audit trail filters by the new action types.
    const banned = await actions(admin.client, { filter: { actionType: 'BAN', search: 'Bob Banned' } });
    expect(banned.edges.map((e) => [e.node.actionType, e.node.targetType, e.node.targetName, e.node.details])).toEqual([['BAN', 'user', 'Bob Banned', T.auditBanned('Harassment')]]);
  });
});

describe('the end of a suspension', () => {
  it('is lifted at sign-in once its time has passed, and by the worker for the rest, audited by Clubroom', async () => {
    const early = await newMember(server.url, { fullName: 'Early Bird' });
    const later = await newMember(server.url, { fullName: 'Late Riser' });
    await suspendOk(admin.client, early.user.id, 'Cooling off', inDays(1));
    await suspendOk(admin.client, later.user.id, 'Cooling off', inDays(1));
    expect(await server.clubroom.services.adminUsers.endDueSuspensions()).toBe(0);
    await expireSuspension(server, early.user.id);
    await expireSuspension(server, later.user.id);
    expect(await graphqlSignIn(early.email)).toBeNull();
    expect(await userRow(server, early.user.id)).toMatchObject({ status: 'active', statusReason: null, suspendedUntil: null });
    expect(await server.clubroom.services.adminUsers.endDueSuspensions()).toBe(1);
    expect((await userRow(server, later.user.id)).status).toBe('active');
    for (const id of [early.user.id, later.user.id]) {
      const last = (await userAuditRows(server, id)).at(-1)!;
      expect(last).toMatchObject({ actionType: 'reinstate', details: T.auditSuspensionEnded, adminName: 'Clubroom', adminEmail: 'system', adminId: null });
    }
    expect(await outboxWith(server, later.email, T.reinstatedSubject)).toHaveLength(1);
  });
});

describe('setPlatformAdmin', () => {
  it('grants (no session ends) and revokes (sockets told ROLE_CHANGED, sessions ended), audited', async () => {
    const target = await newMember(server.url, { fullName: 'Ada Admin' });
    expect((await setPlatformAdminOk(admin.client, target.user.id, true)).role).toBe('PLATFORM_ADMIN');
    expect(await openSessionCount(server, target.user.id)).toBe(1);
    expect((await target.client.gql('{ adminUserStats { total } }')).errors).toBeUndefined();
    expect(refusal(await setPlatformAdmin(admin.client, target.user.id, true))).toMatchObject({ message: T.sameRole });
    const socket = await RawSocket.open(server.url, target.client.accessToken!);
    try {
      socket.subscribe('revoked', REVOKED);
      socket.subscribe('count', 'subscription { unreadNotificationCount { count } }');
      await socket.until(() => socket.of('count').length > 0, 'the first count');
      expect((await setPlatformAdminOk(admin.client, target.user.id, false)).role).toBe('VOLUNTEER');
      await socket.until(() => socket.closeCode !== null, 'the close');
      expect(socket.of('revoked').find((m) => m.type === 'next')!.payload).toEqual({ data: { sessionRevoked: { reason: 'ROLE_CHANGED' } }, extensions: { schemaVersion: expect.any(String) } });
    } finally {
      socket.close();
    }
    expect(await openSessionCount(server, target.user.id)).toBe(0);
    expect((await userAuditRows(server, target.user.id)).map((a) => [a.actionType, a.details])).toEqual([
      ['grant_admin', T.auditGranted],
      ['revoke_admin', T.auditRevoked],
    ]);
  });
});

describe('the last platform administrator', () => {
  it('suspendWithin applies the same rules inside a caller transaction: the only administrator cannot be suspended, and a refusal rolls nothing in', async () => {
    const somebody = { id: randomUUID(), name: 'Moderator', email: 'mod@example.com', ip: null };
    const before = await auditCount();
    const adminUsers = server.clubroom.services.adminUsers;
    const db = server.clubroom.database.db;
    await expect(db.transaction((tx) => adminUsers.suspendWithin(tx, somebody, admin.id, { reason: 'x' }))).rejects.toThrow(T.lastAdmin);
    await expect(db.transaction((tx) => adminUsers.suspendWithin(tx, { ...somebody, id: admin.id }, admin.id, { reason: 'x' }))).rejects.toThrow(T.selfSuspend);
    expect(await auditCount()).toBe(before);
    const target = await newMember(server.url, { fullName: 'Within Target' });
    const row = await db.transaction((tx) => adminUsers.suspendWithin(tx, { ...somebody, id: admin.id, name: 'Root' }, target.user.id, { reason: 'Reported', until: null }));
    expect(row).toMatchObject({ status: 'suspended', statusReason: 'Reported' });
    expect(await userAuditRows(server, target.user.id)).toMatchObject([{ actionType: 'suspend', adminName: 'Root', details: T.auditSuspended('Reported') }]);
  });

  // Needs both requests held on the lock together (a second connection): PostgreSQL only, as npm
  // test runs; on PGlite they run one after the other and the first ends the other's session.
  it.skipIf(!process.env.TEST_DATABASE_URL).each([
    ['suspending', (client: ApiClient, id: string) => suspendUser(client, id, 'Mutual'), 'suspend'],
    ['demoting', (client: ApiClient, id: string) => setPlatformAdmin(client, id, false), 'revoke_admin'],
  ] as const)('two administrators %s each other at the same moment: exactly one succeeds', async (_, act, actionType) => {
    const own = await startServer();
    try {
      const first = await bootstrapAdmin(own);
      const second = await newAdmin(own, 'Second Admin');
      const { results, waiting } = await collide(
        own.db.url!,
        (tx) => tx`select pg_advisory_xact_lock(72640013)`,
        async (watcher) => {
          const [row] = await watcher`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`;
          return row!.n as number;
        },
        2,
        () => [act(first.client, second.user.id), act(second.client, first.id)],
      );
      expect(waiting).toBe(2);
      const outcomes = results.map((r) => (r.payload?.member ? 'changed' : (r.payload?.userErrors[0]?.message ?? JSON.stringify(r.answer.errors))));
      expect(outcomes.sort()).toEqual([T.lastAdmin, 'changed'].sort());
      const active = await dbOf(own).select({ id: users.id }).from(users).where(and(eq(users.isPlatformAdmin, true), eq(users.status, 'active')));
      expect(active).toHaveLength(1);
      const audit = await dbOf(own).select().from(adminActions);
      expect(audit.filter((a) => a.actionType === actionType)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});
