// Sign-up over REST (POST /api/auth/signup) and GraphQL (signUp): the account, the club
// application, every validation message, the email-in-use rule, sanitising and the welcome mail.
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubs, mailOutbox, users } from '../../server/src/db/schema/index.js';
import { ApiClient, STRONG_PASSWORD, uniqueEmail } from '../helpers/client.js';
import { readMails, waitForMails, type Mail } from '../helpers/mail.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { INVALID_EMAIL, PASSWORD } from '../helpers/spec-texts.js';

const EMAIL_IN_USE = 'This email address has already been used with a sports club.';
const NAME_MIN = 'Name must be at least 2 characters';
const CLUB_NAME_MIN = 'Club name must be at least 2 characters';

const SIGN_UP = `mutation SignUp($input: SignUpInput!) {
  signUp(input: $input) { member { id email fullName role } userErrors { field code message } }
}`;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.clubroom.database.db;

async function userCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(users);
  return Number(row!.n);
}

async function accountsWithEmail(email: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return Number(row!.n);
}

/** Waits until the mail worker has written a mail to `to`. */
async function waitForMail(to: string): Promise<Mail> {
  const [mail] = await waitForMails(server, (m) => m.headers.to.toLowerCase() === to.toLowerCase());
  return mail!;
}

function rawSignUp(client: ApiClient, body: unknown) {
  return client.rest('POST', '/api/auth/signup', body);
}

describe('POST /api/auth/signup', () => {
  it('creates a plain member account (role volunteer, no club) when no club name is given', async () => {
    const client = new ApiClient(server.url);
    const email = uniqueEmail('member');
    const res = await client.signUp({ email, password: STRONG_PASSWORD, fullName: 'Mia Member' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.error).toBeNull();
    expect(res.body.data.user).toMatchObject({ email, full_name: 'Mia Member', role: 'volunteer', club: null });
    expect(res.body.data.user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.data.club).toBeNull();
    expect(await accountsWithEmail(email)).toBe(1);

    const signIn = await client.signIn(email, STRONG_PASSWORD);
    const me = await client.rest('GET', '/api/auth/user');
    expect(signIn.status).toBe(200);
    expect(me.body.data.user).toMatchObject({ email, role: 'volunteer', club: null });
  });

  it('with a club name also creates the club application with status pending (role club_admin)', async () => {
    const client = new ApiClient(server.url);
    const email = uniqueEmail('club');
    const res = await client.signUp({ email, password: STRONG_PASSWORD, fullName: 'Carl Coach', clubName: 'Riverside Rowing' });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ email, role: 'club_admin' });
    expect(res.body.data.club).toMatchObject({ name: 'Riverside Rowing', application_status: 'pending' });
    // The club is keyed by its owner's user id.
    expect(res.body.data.club.id).toBe(res.body.data.user.id);

    await client.signIn(email, STRONG_PASSWORD);
    const me = await client.rest('GET', '/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.data.user.role).toBe('club_admin');
    expect(me.body.data.user.club).toMatchObject({ name: 'Riverside Rowing', application_status: 'pending' });

    const [club] = await db().select().from(clubs).where(eq(clubs.id, res.body.data.user.id));
    expect(club).toMatchObject({ name: 'Riverside Rowing', contactEmail: email, applicationStatus: 'pending', verified: false });
  });

  it('treats a blank club name as no club: a plain member account', async () => {
    const client = new ApiClient(server.url);
    const res = await client.signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, fullName: 'Bo Blank', clubName: '   ' });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ role: 'volunteer', club: null });
  });

  it('lets the new account sign in at once', async () => {
    const client = new ApiClient(server.url);
    const email = uniqueEmail();
    await client.signUp({ email, password: STRONG_PASSWORD, fullName: 'Quick Start' });
    const signIn = await client.signIn(email, STRONG_PASSWORD);
    expect(signIn.status).toBe(200);
    expect(signIn.body.data.session.user.email).toBe(email);
  });

  it('refuses a second registration with the same email (409 EMAIL_IN_USE) and creates nothing', async () => {
    const client = new ApiClient(server.url);
    const email = uniqueEmail('twice');
    expect((await client.signUp({ email, password: STRONG_PASSWORD, fullName: 'First Owner' })).status).toBe(200);
    const before = await userCount();

    const again = await client.signUp({ email, password: STRONG_PASSWORD, fullName: 'Second Owner', clubName: 'Copy Club' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, data: null, code: 'EMAIL_IN_USE', error: EMAIL_IN_USE });
    expect(await userCount()).toBe(before);
    expect(await accountsWithEmail(email)).toBe(1);
  });

  it('refuses a second registration with the same email in another letter case', async () => {
    const client = new ApiClient(server.url);
    const email = uniqueEmail('Case.Mixed');
    expect((await client.signUp({ email, password: STRONG_PASSWORD, fullName: 'Lower Case' })).status).toBe(200);
    const before = await userCount();

    for (const variant of [email.toUpperCase(), email.toLowerCase(), `  ${email}  `]) {
      const again = await client.signUp({ email: variant, password: STRONG_PASSWORD, fullName: 'Upper Case', clubName: 'Shadow Club' });
      expect(again.status, variant).toBe(409);
      expect(again.body.code).toBe('EMAIL_IN_USE');
      expect(again.body.error).toBe(EMAIL_IN_USE);
    }
    expect(await userCount()).toBe(before);
    expect(await accountsWithEmail(email)).toBe(1);
    const [clubRows] = await db().select({ n: count() }).from(clubs).where(eq(clubs.name, 'Shadow Club'));
    expect(Number(clubRows!.n)).toBe(0);
  });

  it('refuses an address that does not look like an email', async () => {
    const client = new ApiClient(server.url);
    for (const email of ['not-an-email', 'a@', '@example.com', 'a b@example.com', '']) {
      const res = await client.signUp({ email, password: STRONG_PASSWORD, fullName: 'Val Idator' });
      expect(res.status, email).toBe(400);
      expect(res.body).toMatchObject({ success: false, data: null, code: 'BAD_USER_INPUT', error: INVALID_EMAIL });
      expect(res.body.fields).toMatchObject({ email: INVALID_EMAIL });
    }
  });

  it('refuses a missing email with the email message', async () => {
    const client = new ApiClient(server.url);
    const res = await rawSignUp(client, { password: STRONG_PASSWORD, metadata: { full_name: 'No Mail' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', error: INVALID_EMAIL, fields: { email: INVALID_EMAIL } });
  });

  it('refuses an email longer than 254 characters and accepts one of exactly 254', async () => {
    const client = new ApiClient(server.url);
    const domain = `@${uniqueEmail('x').split('@')[0]!.replace('.', '')}.example.com`;
    const tooLong = 'a'.repeat(255 - domain.length) + domain;
    expect(tooLong).toHaveLength(255);
    const res = await client.signUp({ email: tooLong, password: STRONG_PASSWORD, fullName: 'Long Mail' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', error: INVALID_EMAIL, fields: { email: INVALID_EMAIL } });
    expect(await accountsWithEmail(tooLong)).toBe(0);

    const longest = 'a'.repeat(254 - domain.length) + domain;
    expect(longest).toHaveLength(254);
    const ok = await client.signUp({ email: longest, password: STRONG_PASSWORD, fullName: 'Long Mail' });
    expect(ok.status).toBe(200);
  });

  const weakPasswords: Array<[keyof typeof PASSWORD, string]> = [
    ['length', 'Ab1!xyz'],
    ['lowercase', 'ABCDEFG1!'],
    ['uppercase', 'abcdefg1!'],
    ['number', 'Abcdefgh!'],
    ['special', 'Abcdefgh1'],
  ];
  for (const [rule, password] of weakPasswords) {
    it(`refuses a password that breaks the ${rule} rule with its own message`, async () => {
      const client = new ApiClient(server.url);
      const email = uniqueEmail('weak');
      const res = await client.signUp({ email, password, fullName: 'Weak Pass' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, data: null, code: 'BAD_USER_INPUT', error: PASSWORD[rule] });
      expect(res.body.fields).toEqual({ password: PASSWORD[rule] });
      expect(await accountsWithEmail(email)).toBe(0);
    });
  }

  it('refuses a missing password with the first password rule message', async () => {
    const client = new ApiClient(server.url);
    const res = await rawSignUp(client, { email: uniqueEmail(), password: '', metadata: { full_name: 'No Pass' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_USER_INPUT');
    expect(res.body.error).toBe(PASSWORD.length);
    expect(res.body.fields?.password).toBe(PASSWORD.length);
  });

  it('refuses a name shorter than 2 characters', async () => {
    const client = new ApiClient(server.url);
    for (const fullName of ['A', ' B ', '']) {
      const email = uniqueEmail('short');
      const res = await client.signUp({ email, password: STRONG_PASSWORD, fullName });
      expect(res.status, JSON.stringify(fullName)).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', error: NAME_MIN });
      expect(Object.values(res.body.fields ?? {})).toContain(NAME_MIN);
      expect(await accountsWithEmail(email)).toBe(0);
    }
  });

  it('refuses a missing name with the name message', async () => {
    const client = new ApiClient(server.url);
    const res = await rawSignUp(client, { email: uniqueEmail(), password: STRONG_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(NAME_MIN);
  });

  it('refuses a club name shorter than 2 characters and creates no account', async () => {
    const client = new ApiClient(server.url);
    const email = uniqueEmail('shortclub');
    const res = await client.signUp({ email, password: STRONG_PASSWORD, fullName: 'Club Founder', clubName: 'X' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', error: CLUB_NAME_MIN });
    expect(Object.values(res.body.fields ?? {})).toContain(CLUB_NAME_MIN);
    expect(await accountsWithEmail(email)).toBe(0);
  });

  it('lists every field problem at once in fields', async () => {
    const client = new ApiClient(server.url);
    const res = await client.signUp({ email: 'nope', password: 'short', fullName: 'A', clubName: 'Z' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_USER_INPUT');
    expect(res.body.fields).toMatchObject({ email: INVALID_EMAIL, password: PASSWORD.length });
    const messages = Object.values(res.body.fields ?? {});
    expect(messages).toContain(NAME_MIN);
    expect(messages).toContain(CLUB_NAME_MIN);
  });

  it('strips tags from the name', async () => {
    const client = new ApiClient(server.url);
    const a = await client.signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, fullName: 'Ann <b>Lee</b>' });
    expect(a.status).toBe(200);
    expect(a.body.data.user.full_name).toBe('Ann Lee');

    const b = await client.signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, fullName: '<script>alert(1)</script>Bob' });
    expect(b.status).toBe(200);
    expect(b.body.data.user.full_name).toBe('Bob');

    const [stored] = await db().select({ fullName: users.fullName }).from(users).where(eq(users.id, b.body.data.user.id));
    expect(stored!.fullName).toBe('Bob');
  });

  it('strips tags and event handlers from the club name and keeps "&" as typed', async () => {
    const client = new ApiClient(server.url);
    const res = await client.signUp({
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      fullName: 'Sam Smith',
      clubName: '<i onclick="x()">Smith & Sons</i> FC',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.club.name).toBe('Smith & Sons FC');
  });

  it('refuses a name that is only tags', async () => {
    const client = new ApiClient(server.url);
    for (const fullName of ['<b></b>', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>']) {
      const email = uniqueEmail('tags');
      const res = await client.signUp({ email, password: STRONG_PASSWORD, fullName });
      expect(res.status, fullName).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', error: NAME_MIN });
      expect(await accountsWithEmail(email)).toBe(0);
    }
  });

  it('refuses a club name that is only tags', async () => {
    const client = new ApiClient(server.url);
    const email = uniqueEmail('clubtags');
    const res = await client.signUp({ email, password: STRONG_PASSWORD, fullName: 'Tag Club', clubName: '<script>x</script>' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', error: CLUB_NAME_MIN });
    expect(await accountsWithEmail(email)).toBe(0);
  });

  it('never stores a tag in the name, even one typed as HTML entities', async () => {
    const client = new ApiClient(server.url);
    const res = await client.signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, fullName: 'Eve &lt;script&gt;alert(1)&lt;/script&gt;' });
    expect(res.status).toBe(200);
    expect(res.body.data.user.full_name).not.toMatch(/<\/?[a-z]/i);
  });

  it('queues a welcome mail for a member and delivers it as an .eml file', async () => {
    const client = new ApiClient(server.url);
    const email = uniqueEmail('welcome');
    await client.signUp({ email, password: STRONG_PASSWORD, fullName: 'Wendy Welcome' });
    const [queued] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(queued).toMatchObject({ subject: 'Welcome to Clubroom' });

    const mail = await waitForMail(email);
    expect(mail.file).toMatch(/\.eml$/);
    expect(mail.headers.subject).toBe('Welcome to Clubroom');
    expect(mail.text).toContain('Hello Wendy Welcome');
    expect(mail.text).toContain('http://clubroom.test/login');
    // The worker marks the row sent just after it has written the file.
    await expect
      .poll(async () => (await db().select().from(mailOutbox).where(eq(mailOutbox.to, email)))[0]?.status, { timeout: 10_000 })
      .toBe('sent');
  });

  it('sends a club registration mail saying the application is pending approval', async () => {
    const client = new ApiClient(server.url);
    const email = uniqueEmail('clubmail');
    await client.signUp({ email, password: STRONG_PASSWORD, fullName: 'Rita Rugby', clubName: 'Northside Rugby' });
    const mail = await waitForMail(email);
    expect(mail.headers.subject).toBe('We received your registration for Northside Rugby');
    expect(mail.text).toContain('Northside Rugby');
    expect(mail.text).toContain('pending approval');
  });

  it('queues no mail for a refused registration', async () => {
    const client = new ApiClient(server.url);
    const email = uniqueEmail('nomail');
    await client.signUp({ email, password: 'weak', fullName: 'No Mail' });
    const rows = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(rows).toHaveLength(0);
  });
});

describe('GraphQL signUp', () => {
  it('creates a member account', async () => {
    const client = new ApiClient(server.url);
    const email = uniqueEmail('gql');
    const res = await client.gql(SIGN_UP, { input: { email, password: STRONG_PASSWORD, fullName: 'Gina Graph' } });
    expect(res.errors).toBeUndefined();
    expect(res.data.signUp.userErrors).toEqual([]);
    expect(res.data.signUp.member).toMatchObject({ email, fullName: 'Gina Graph', role: 'VOLUNTEER' });
    expect((await client.signIn(email, STRONG_PASSWORD)).status).toBe(200);
    expect((await client.gql('{ me { id club { id } } }')).data.me).toEqual({ id: res.data.signUp.member.id, club: null });
  });

  it('with clubName creates the club application with status PENDING', async () => {
    const client = new ApiClient(server.url);
    const email = uniqueEmail('gqlclub');
    const res = await client.gql(SIGN_UP, { input: { email, password: STRONG_PASSWORD, fullName: 'Gus Graph', clubName: 'Graph Cricket' } });
    expect(res.errors).toBeUndefined();
    expect(res.data.signUp.member).toMatchObject({ role: 'CLUB_ADMIN' });

    await client.signIn(email, STRONG_PASSWORD);
    expect((await client.gql('{ me { club { name applicationStatus } } }')).data.me.club).toEqual({ name: 'Graph Cricket', applicationStatus: 'PENDING' });
    const me = await client.rest('GET', '/api/auth/user');
    expect(me.body.data.user.club).toMatchObject({ name: 'Graph Cricket', application_status: 'pending' });
  });

  it('refuses the same email in another letter case with the user error EMAIL_IN_USE on email', async () => {
    const client = new ApiClient(server.url);
    const email = uniqueEmail('gqltwice');
    await client.gql(SIGN_UP, { input: { email, password: STRONG_PASSWORD, fullName: 'One Time' } });
    const before = await userCount();
    const res = await client.gql(SIGN_UP, { input: { email: email.toUpperCase(), password: STRONG_PASSWORD, fullName: 'Two Times' } });
    expect(res.errors).toBeUndefined();
    expect(res.data.signUp).toEqual({ member: null, userErrors: [{ field: 'email', code: 'EMAIL_IN_USE', message: EMAIL_IN_USE }] });
    expect(await userCount()).toBe(before);
  });

  it('answers a BAD_USER_INPUT user error per field with the rule messages, and creates nothing', async () => {
    const client = new ApiClient(server.url);
    const before = await userCount();
    const res = await client.gql(SIGN_UP, { input: { email: 'bad', password: 'abcdefg1!', fullName: 'A', clubName: 'Z' } });
    expect(res.errors).toBeUndefined();
    expect(res.data.signUp.member).toBeNull();
    expect(res.data.signUp.userErrors).toEqual([
      { field: 'email', code: 'BAD_USER_INPUT', message: INVALID_EMAIL },
      { field: 'password', code: 'BAD_USER_INPUT', message: PASSWORD.uppercase },
      { field: 'fullName', code: 'BAD_USER_INPUT', message: NAME_MIN },
      { field: 'clubName', code: 'BAD_USER_INPUT', message: CLUB_NAME_MIN },
    ]);
    expect(await userCount()).toBe(before);
  });

  it('strips tags from the name', async () => {
    const client = new ApiClient(server.url);
    const res = await client.gql(SIGN_UP, { input: { email: uniqueEmail(), password: STRONG_PASSWORD, fullName: 'Ann <b>Lee</b>' } });
    expect(res.data.signUp.member.fullName).toBe('Ann Lee');
  });
});
