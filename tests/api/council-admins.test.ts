// Sports council administrators (spec section 6): platform administrators hold the role and grant
// or revoke it by email (case-insensitive); a grant takes effect on the member's next request and a
// revoke removes it again; only platform administrators may grant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newMember, uniqueEmail } from '../helpers/client.js';
import {
  ADMINS,
  COUNCIL_TEXT,
  GRANT,
  IS_COUNCIL_ADMIN,
  MEETING,
  MEETING_FIELDS,
  REVOKE,
  allMeetingRows,
  checkAdmin,
  councilAdminRows,
  createMeeting,
  createMeetingOk,
  grantOk,
  listMeetings,
  meetingRow,
  revokeOk,
} from '../helpers/council.js';
import { adminClient, gqlOk, onlyError, type Member } from '../helpers/messages.js';
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
    expect(typeof granted.grantedAt).toBe('string');

    expect(await checkAdmin(member.client)).toBe(true);
    expect((await gqlOk(member.client, IS_COUNCIL_ADMIN)).isCouncilAdmin).toBe(true);

    const created = await createMeetingOk(member.client, { title: 'Granted meeting', meeting_date: '2026-04-02', is_public: false });
    expect((await meetingRow(server, created.id))!.createdBy).toBe(member.user.id);
    const updated = await member.client.rest('PUT', `/api/sports-council/meetings/${created.id}`, { status: 'completed' });
    expect(updated.status).toBe(200);
    // As an administrator the member now sees non-public meetings.
    expect((await listMeetings(member.client)).map((m) => m.id)).toContain(created.id);
    expect((await gqlOk(member.client, MEETING, { id: created.id })).councilMeeting.id).toBe(created.id);
    const deleted = await member.client.rest('DELETE', `/api/sports-council/meetings/${created.id}`);
    expect(deleted.status).toBe(200);
    expect(await meetingRow(server, created.id)).toBeNull();
  });

  it('revoking takes the role away: check-admin false again and every write refused, changing nothing', async () => {
    const kept = await createMeetingOk(platformAdmin, { title: 'Kept by the platform admin', meeting_date: '2026-04-03', is_public: false });
    expect(await revokeOk(platformAdmin, member.email)).toBe(true);
    expect(await checkAdmin(member.client)).toBe(false);
    expect((await gqlOk(member.client, IS_COUNCIL_ADMIN)).isCouncilAdmin).toBe(false);

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
    const hidden = onlyError(await member.client.gql(MEETING, { id: kept.id }));
    expect(hidden).toMatchObject({ message: COUNCIL_TEXT.meetingNotFound, extensions: { code: 'NOT_FOUND' } });
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

    const list = (await gqlOk(platformAdmin, ADMINS)).councilAdmins as Array<{ email: string; fullName: string | null }>;
    expect(list).toContainEqual(expect.objectContaining({ email: other.email.toLowerCase(), fullName: 'Mixed Case' }));

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

  it("granting an email no account uses answers NOT_FOUND 'No account uses this email address.' and stores nothing", async () => {
    const before = await councilAdminRows(server);
    const error = onlyError(await platformAdmin.gql(GRANT, { email: uniqueEmail('nobody') }));
    expect(error).toMatchObject({ message: COUNCIL_TEXT.noSuchAccount, extensions: { code: 'NOT_FOUND' } });
    expect(await councilAdminRows(server)).toEqual(before);
  });

  it('granting a malformed email is a validation error', async () => {
    const error = onlyError(await platformAdmin.gql(GRANT, { email: 'not-an-email' }));
    expect(error.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('GraphQL writes follow the same rule', () => {
  it('a plain member cannot createCouncilMeeting (FORBIDDEN with the spec message)', async () => {
    const member = await newMember(server.url);
    const before = await allMeetingRows(server);
    const error = onlyError(
      await member.client.gql(`mutation C($input: CouncilMeetingInput!) { createCouncilMeeting(input: $input) { ${MEETING_FIELDS} } }`, {
        input: { title: 'GraphQL sneak', meetingDate: '2026-04-05' },
      }),
    );
    expect(error).toMatchObject({ message: COUNCIL_TEXT.onlyAdmins, extensions: { code: 'FORBIDDEN' } });
    expect(await allMeetingRows(server)).toEqual(before);
  });
});
