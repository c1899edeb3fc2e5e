// Sports council administrators (spec section 6): platform administrators hold the role and grant
// or revoke it by email (case-insensitive); a grant takes effect on the member's next request and a
// revoke removes it again; only platform administrators may grant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ApiClient, newMember, uniqueEmail } from '../helpers/client.js';
import {
  ADMINS,
  COUNCIL_TEXT,
  CREATE,
  GRANT,
  MEETING,
  REVOKE,
  allCouncilAdmins,
  allMeetingRows,
  checkAdmin,
  councilAdminRows,
  createMeeting,
  createMeetingOk,
  grantOk,
  isCouncilAdminGql,
  listMeetings,
  meetingGid,
  meetingRow,
  revokeOk,
} from '../helpers/council.js';
import { adminClient, gqlOk, memberId, onlyError, onlyUserError, type Member } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let platformAdmin: ApiClient;

beforeAll(async () => {
  server = await startServer({ rateLimit: { windowMinutes: 15, failsPerEmailIp: 10, failsPerIpPerDay: 100, perIp: 10_000 } });
  platformAdmin = await adminClient(server.url);
});
afterAll(async () => {
  await server?.close();
});

describe('granting and revoking the council administrator role', () => {
  let member: Member;
  beforeAll(async () => {
    member = await newMember(server.url, { fullName: 'Cora Council' });
  });

  it('a granted member becomes a council administrator and can create, update and delete meetings', async () => {
    expect(await checkAdmin(member.client)).toBe(false);
    const refused = await createMeeting(member.client, { title: 'Before the grant', meeting_date: '2026-04-01' });
    expect(refused.status).toBe(403);

    const granted = await grantOk(platformAdmin, member.email);
    expect(granted).toMatchObject({ email: member.email.toLowerCase(), fullName: 'Cora Council' });
    expect(granted.grantedAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(granted.member).toEqual({ id: memberId(member), name: 'Cora Council', email: member.email });

    expect(await checkAdmin(member.client)).toBe(true);
    expect(await isCouncilAdminGql(member.client)).toBe(true);

    const created = await createMeetingOk(member.client, { title: 'Granted meeting', meeting_date: '2026-04-02', is_public: false });
    expect((await meetingRow(server, created.id))!.createdBy).toBe(member.user.id);
    const updated = await member.client.rest('PUT', `/api/sports-council/meetings/${created.id}`, { status: 'completed' });
    expect(updated.status).toBe(200);
    // As an administrator the member now sees non-public meetings.
    expect((await listMeetings(member.client)).map((m) => m.id)).toContain(created.id);
    expect((await gqlOk(member.client, MEETING, { id: meetingGid(created.id) })).councilMeeting.id).toBe(meetingGid(created.id));
    const deleted = await member.client.rest('DELETE', `/api/sports-council/meetings/${created.id}`);
    expect(deleted.status).toBe(200);
    expect(await meetingRow(server, created.id)).toBeNull();
  });

  it('revoking takes the role away: check-admin false again and every write refused, changing nothing', async () => {
    const kept = await createMeetingOk(platformAdmin, { title: 'Kept by the platform admin', meeting_date: '2026-04-03', is_public: false });
    expect(await revokeOk(platformAdmin, member.email)).toBe(true);
    expect(await checkAdmin(member.client)).toBe(false);
    expect(await isCouncilAdminGql(member.client)).toBe(false);

    const before = await allMeetingRows(server);
    const post = await createMeeting(member.client, { title: 'After the revoke', meeting_date: '2026-04-04' });
    expect(post.status).toBe(403);
    expect(post.body).toMatchObject({ success: false, error: COUNCIL_TEXT.onlyAdmins });
    const put = await member.client.rest('PUT', `/api/sports-council/meetings/${kept.id}`, { title: 'Changed' });
    expect(put.status).toBe(403);
    const del = await member.client.rest('DELETE', `/api/sports-council/meetings/${kept.id}`);
    expect(del.status).toBe(403);
    expect(await allMeetingRows(server)).toEqual(before);

    // Non-public meetings are hidden from them again.
    expect((await listMeetings(member.client)).map((m) => m.id)).not.toContain(kept.id);
    expect((await gqlOk(member.client, MEETING, { id: meetingGid(kept.id) })).councilMeeting).toBeNull();
  });

  it('revoking an email without a grant answers false', async () => {
    expect(await revokeOk(platformAdmin, uniqueEmail('never'))).toBe(false);
  });

  it('the email is case-insensitive on grant and revoke; granting twice keeps one grant', async () => {
    const other = await newMember(server.url, { fullName: 'Mixed Case' });
    await grantOk(platformAdmin, other.email.toUpperCase());
    expect(await checkAdmin(other.client)).toBe(true);
    await grantOk(platformAdmin, `  ${other.email.replace(/^./, (c) => c.toUpperCase())}`.trim());
    const rows = (await councilAdminRows(server)).filter((r) => r.email.toLowerCase() === other.email.toLowerCase());
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe(other.email.toLowerCase());

    const list = await allCouncilAdmins(platformAdmin);
    expect(list).toContainEqual(expect.objectContaining({ email: other.email.toLowerCase(), fullName: 'Mixed Case', member: expect.objectContaining({ id: memberId(other) }) }));

    expect(await revokeOk(platformAdmin, other.email.toUpperCase())).toBe(true);
    expect(await checkAdmin(other.client)).toBe(false);
  });

  it('a member who signed up with a mixed-case email is matched too', async () => {
    const email = uniqueEmail('Upper.Case').replace('example', 'Example');
    const mixed = await newMember(server.url, { email, fullName: 'Upper Case' });
    await grantOk(platformAdmin, email.toLowerCase());
    expect(await checkAdmin(mixed.client)).toBe(true);
    await revokeOk(platformAdmin, email);
    expect(await checkAdmin(mixed.client)).toBe(false);
  });
});

describe('who may grant', () => {
  it('a plain member cannot grant, revoke or list (FORBIDDEN) and nothing is stored', async () => {
    const member = await newMember(server.url);
    const target = await newMember(server.url);
    const before = await councilAdminRows(server);
    expect(onlyError(await member.client.gql(GRANT, { email: member.email })).extensions?.code).toBe('FORBIDDEN');
    expect(onlyError(await member.client.gql(GRANT, { email: target.email })).extensions?.code).toBe('FORBIDDEN');
    expect(onlyError(await member.client.gql(ADMINS)).extensions?.code).toBe('FORBIDDEN');
    expect(await councilAdminRows(server)).toEqual(before);
    expect(await checkAdmin(member.client)).toBe(false);
    expect(await checkAdmin(target.client)).toBe(false);
  });

  it('a council administrator who is not a platform administrator cannot grant or revoke either', async () => {
    const councilAdmin = await newMember(server.url);
    const target = await newMember(server.url);
    await grantOk(platformAdmin, councilAdmin.email);
    expect(onlyError(await councilAdmin.client.gql(GRANT, { email: target.email })).extensions?.code).toBe('FORBIDDEN');
    expect(onlyError(await councilAdmin.client.gql(REVOKE, { email: councilAdmin.email })).extensions?.code).toBe('FORBIDDEN');
    expect(await checkAdmin(target.client)).toBe(false);
    expect(await checkAdmin(councilAdmin.client)).toBe(true);
  });

  it('an anonymous caller is refused (UNAUTHENTICATED or FORBIDDEN, never an internal error)', async () => {
    const anonymous = new ApiClient(server.url);
    const target = await newMember(server.url);
    const error = onlyError(await anonymous.gql(GRANT, { email: target.email }));
    expect(['UNAUTHENTICATED', 'FORBIDDEN']).toContain(error.extensions?.code);
    expect(await checkAdmin(target.client)).toBe(false);
  });

  it("granting an email no account uses answers the NOT_FOUND user error 'No account uses this email address.' and stores nothing", async () => {
    const before = await councilAdminRows(server);
    const error = onlyUserError(await platformAdmin.gql(GRANT, { email: uniqueEmail('nobody') }), 'grantCouncilAdmin');
    expect(error).toEqual({ field: 'email', code: 'NOT_FOUND', message: COUNCIL_TEXT.noSuchAccount });
    expect(await councilAdminRows(server)).toEqual(before);
  });

  it('granting or revoking a malformed email is a BAD_USER_INPUT user error on email', async () => {
    expect(onlyUserError(await platformAdmin.gql(GRANT, { email: 'not-an-email' }), 'grantCouncilAdmin')).toMatchObject({ field: 'email', code: 'BAD_USER_INPUT' });
    expect(onlyUserError(await platformAdmin.gql(REVOKE, { email: 'not-an-email' }), 'revokeCouncilAdmin')).toMatchObject({ field: 'email', code: 'BAD_USER_INPUT' });
  });

  it('a grant whose account is gone lists no member', async () => {
    const gone = await newMember(server.url, { fullName: 'Gone Soon' });
    await grantOk(platformAdmin, gone.email);
    await server.clubroom.database.db.execute(sql`delete from users where id = ${gone.user.id}`);
    const entry = (await allCouncilAdmins(platformAdmin)).find((a) => a.email === gone.email.toLowerCase());
    expect(entry).toMatchObject({ fullName: null, member: null });
  });
});

describe('GraphQL writes follow the same rule', () => {
  it('a plain member cannot createCouncilMeeting (FORBIDDEN with the spec message)', async () => {
    const member = await newMember(server.url);
    const before = await allMeetingRows(server);
    const error = onlyError(await member.client.gql(CREATE, { input: { title: 'GraphQL sneak', meetingDate: '2026-04-05' } }));
    expect(error).toMatchObject({ message: COUNCIL_TEXT.onlyAdmins, extensions: { code: 'FORBIDDEN' } });
    expect(await allMeetingRows(server)).toEqual(before);
  });
});
