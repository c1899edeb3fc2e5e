// Control characters (U+0000 above all: PostgreSQL text cannot hold it) in any text a client sends
// are refused at the boundary with a clear validation error, before a rate limit, rule or statement
// sees them, and nothing changes. Each case here answered 500 or INTERNAL_SERVER_ERROR before.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newMember, STRONG_PASSWORD, uniqueEmail } from '../helpers/client.js';
import { adminClient, countAllMessages, CONVERSATIONS, dbOf, memberId, RECIPIENTS, SEND } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';

const REFUSED = 'Text cannot contain control characters.';
const NUL = '\u0000';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

async function tableCounts(): Promise<Record<string, number>> {
  const tables = ['users', 'clubs', 'club_volunteer_positions', 'messages', 'notifications', 'council_meetings', 'sessions', 'mail_outbox'];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = (await dbOf(server).execute(sql.raw(`select count(*)::int as n from "${table}"`))) as unknown;
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    counts[table] = (rows[0] as { n: number }).n;
  }
  return counts;
}

describe('REST refuses control characters in any text', () => {
  const cases: Array<[string, string, (email: string) => unknown]> = [
    ['NUL in the sign-in email', '/api/auth/signin', () => ({ email: `a${NUL}@example.com`, password: STRONG_PASSWORD })],
    ['NUL in the sign-in password', '/api/auth/signin', (email) => ({ email, password: `Str0ng!${NUL}Pass` })],
    ['NUL in the sign-up email', '/api/auth/signup', () => ({ email: `b${NUL}@example.com`, password: STRONG_PASSWORD, metadata: { full_name: 'Nul Person' } })],
    ['NUL in the sign-up name', '/api/auth/signup', () => ({ email: uniqueEmail(), password: STRONG_PASSWORD, metadata: { full_name: `Nul${NUL}Person` } })],
    ['NUL in the sign-up club name', '/api/auth/signup', () => ({ email: uniqueEmail(), password: STRONG_PASSWORD, metadata: { full_name: 'Nul Person', club_name: `FC${NUL}` } })],
    ['NUL in the reset email', '/api/auth/reset-password', () => ({ email: `c${NUL}@example.com` })],
    ['NUL in a key of the body', '/api/auth/signin', () => ({ [`email${NUL}`]: 'x@example.com' })],
    ['a vertical tab in a name', '/api/auth/signup', () => ({ email: uniqueEmail(), password: STRONG_PASSWORD, metadata: { full_name: 'Tab\u000bPerson' } })],
    ['an unpaired surrogate in a name', '/api/auth/signup', () => ({ email: uniqueEmail(), password: STRONG_PASSWORD, metadata: { full_name: 'Half \ud83d person' } })],
  ];

  for (const [what, path, body] of cases) {
    it(`answers 400 and changes nothing for ${what}`, async () => {
      const { email } = await newMember(server.url);
      const before = await tableCounts();
      const res = await new ApiClient(server.url).rest('POST', path, body(email));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, data: null, error: REFUSED, code: 'BAD_USER_INPUT' });
      expect(await tableCounts()).toEqual(before);
    });
  }

  it('names the field that held it', async () => {
    const res = await new ApiClient(server.url).signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, fullName: `Nul${NUL}Person` });
    expect(res.body.fields).toEqual({ 'metadata.full_name': REFUSED });
  });

  it('refuses a council meeting title with NUL from a council administrator', async () => {
    const admin = await adminClient(server.url);
    const before = await tableCounts();
    const res = await admin.rest('POST', '/api/sports-council/meetings', { title: `Budget${NUL}`, meeting_date: '2027-01-10' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(REFUSED);
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses NUL in a query string and in a path parameter', async () => {
    const client = new ApiClient(server.url);
    const query = await client.rest('GET', '/api/sports-council/meetings?status=%00');
    expect(query.status).toBe(400);
    expect(query.body.error).toBe(REFUSED);
    const param = await client.rest('GET', '/api/sports-council/meetings/%00.ics');
    expect(param.status).toBe(400);
    expect(param.body.error).toBe(REFUSED);
  });

  it('keeps tabs and line breaks, which are text', async () => {
    const res = await new ApiClient(server.url).signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, fullName: 'Line\tBreak\r\nPerson' });
    expect(res.status).toBe(200);
  });
});

describe('GraphQL refuses control characters in any argument', () => {
  it('refuses signIn with NUL in the email (before the rate-limit key is built) and changes nothing', async () => {
    const before = await tableCounts();
    const res = await new ApiClient(server.url).gql('mutation($input: SignInInput!) { signIn(input: $input) { session { accessToken } } }', {
      input: { email: `x${NUL}@example.com`, password: STRONG_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.errors?.[0]).toMatchObject({ message: REFUSED, extensions: { code: 'BAD_USER_INPUT', fields: { email: REFUSED } } });
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses the same character written as a literal escape in the document', async () => {
    const res = await new ApiClient(server.url).gql(`mutation { signIn(input: { email: "x\\u0000@example.com", password: "${STRONG_PASSWORD}" }) { session { accessToken } } }`);
    expect(res.errors?.[0]).toMatchObject({ message: REFUSED, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('refuses sendMessage content, conversations search and messageRecipients search with NUL', async () => {
    const a = await newMember(server.url);
    const b = await newMember(server.url);
    const messagesBefore = await countAllMessages(server);
    const sent = await a.client.gql(SEND, { input: { recipientId: memberId(b), subject: 'Hello there', content: `Long enough ${NUL} content` } });
    expect(sent.errors?.[0]).toMatchObject({ message: REFUSED, extensions: { code: 'BAD_USER_INPUT', fields: { content: REFUSED } } });
    expect(await countAllMessages(server)).toBe(messagesBefore);
    const conversations = await a.client.gql(CONVERSATIONS, { search: `a${NUL}` });
    expect(conversations.errors?.[0]).toMatchObject({ message: REFUSED, extensions: { code: 'BAD_USER_INPUT' } });
    const recipients = await a.client.gql(RECIPIENTS, { search: `a${NUL}` });
    expect(recipients.errors?.[0]).toMatchObject({ message: REFUSED, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('refuses saveClubProfile and createVolunteerPosition with NUL and saves nothing', async () => {
    const owner = await newMember(server.url, { clubName: 'Nul Club' });
    const before = await tableCounts();
    const profile = await owner.client.gql('mutation($input: SaveClubProfileInput!) { saveClubProfile(input: $input) { club { id } } }', {
      input: { name: 'Nul Club', category: 'Football', description: `A club ${NUL} for everyone`, contactEmail: owner.email },
    });
    expect(profile.errors?.[0]).toMatchObject({ message: REFUSED, extensions: { code: 'BAD_USER_INPUT', fields: { description: REFUSED } } });
    const position = await owner.client.gql('mutation($input: CreateVolunteerPositionInput!) { createVolunteerPosition(input: $input) { position { id } } }', {
      input: { title: `Coach${NUL}`, description: 'Helps with the juniors on Saturdays' },
    });
    expect(position.errors?.[0]).toMatchObject({ message: REFUSED, extensions: { code: 'BAD_USER_INPUT' } });
    expect(await tableCounts()).toEqual(before);
  });
});
