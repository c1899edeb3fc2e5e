// Password reset: POST /api/auth/reset-password (same answer whatever the email), the mail and its
// link, POST /api/auth/reset-password/confirm, single use, expiry, ending every session, and the
// GraphQL requestPasswordReset / resetPassword mutations.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResets, users } from '../../server/src/db/schema/index.js';
import { ApiClient, STRONG_PASSWORD, newMember, uniqueEmail } from '../helpers/client.js';
import { readMails, waitForMails, type Mail } from '../helpers/mail.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { INVALID_EMAIL, PASSWORD } from '../helpers/spec-texts.js';

const INVALID_RESET_LINK = 'This password reset link is invalid or has expired.';
const NEW_PASSWORD = 'N3w!Secret-Pass';
const LINK = /http:\/\/clubroom\.test\/reset-password\?token=([0-9a-f]{64})\b/;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.clubroom.database.db;

const isResetMailTo = (to: string) => (m: Mail) =>
  m.headers.to.toLowerCase() === to.toLowerCase() && m.headers.subject === 'Reset your Clubroom password';
const resetMailsTo = async (to: string) => (await readMails(server.dataDir)).filter(isResetMailTo(to));
const waitForResetMails = (to: string, count = 1) => waitForMails(server, isResetMailTo(to), count);

function tokenOf(mail: Mail): string {
  const match = mail.text.match(LINK);
  if (!match) throw new Error(`no reset link in mail:\n${mail.text}`);
  return match[1]!;
}

/** Asks for a reset link over REST and answers the token from the delivered mail. */
async function requestLink(email: string, body: Record<string, unknown> = {}): Promise<string> {
  const seen = new Set((await resetMailsTo(email)).map(tokenOf));
  const res = await new ApiClient(server.url).rest('POST', '/api/auth/reset-password', { email, ...body });
  expect(res.status).toBe(200);
  const mails = await waitForResetMails(email, seen.size + 1);
  const fresh = mails.map(tokenOf).filter((t) => !seen.has(t));
  expect(fresh).toHaveLength(1);
  return fresh[0]!;
}

function confirm(token: unknown, password: unknown) {
  return new ApiClient(server.url).rest('POST', '/api/auth/reset-password/confirm', { token, password });
}

async function signInStatus(email: string, password: string): Promise<number> {
  return (await new ApiClient(server.url).signIn(email, password)).status;
}

async function outboxCount(to: string): Promise<number> {
  const rows = await db().select().from(mailOutbox).where(eq(sql`lower(${mailOutbox.to})`, to.toLowerCase()));
  return rows.length;
}

describe('POST /api/auth/reset-password', () => {
  it('answers success for an existing email and for an unknown one, with the same answer', async () => {
    const { email } = await newMember(server.url);
    const client = new ApiClient(server.url);
    const known = await client.rest('POST', '/api/auth/reset-password', { email, redirect_to: 'http://clubroom.test/reset-password' });
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await client.rest('POST', '/api/auth/reset-password', { email: unknownEmail, redirect_to: 'http://clubroom.test/reset-password' });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ success: true, data: null, error: null });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await outboxCount(unknownEmail)).toBe(0);
  });

  it('mails a link to http://clubroom.test/reset-password?token=... for an existing email', async () => {
    const { email } = await newMember(server.url, { fullName: 'Rhea Reset' });
    await new ApiClient(server.url).rest('POST', '/api/auth/reset-password', { email });
    const [mail] = await waitForResetMails(email);
    expect(mail!.file).toMatch(/\.eml$/);
    expect(mail!.headers.to).toBe(email);
    expect(mail!.text).toContain('Hello Rhea Reset');
    expect(mail!.text).toMatch(LINK);
    // Only a hash of the token is stored.
    const token = tokenOf(mail!);
    const rows = await db().select().from(passwordResets);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });

  it('finds the account whatever the letter case of the email', async () => {
    const { email } = await newMember(server.url);
    await new ApiClient(server.url).rest('POST', '/api/auth/reset-password', { email: email.toUpperCase() });
    const [mail] = await waitForResetMails(email);
    expect(mail!.text).toMatch(LINK);
  });

  it('keeps the link on clubroom.test when redirect_to names another origin', async () => {
    const { email } = await newMember(server.url);
    for (const redirect of ['https://evil.example/reset-password', '//evil.example/reset-password', 'javascript:alert(1)', 'http://clubroom.test.evil.example/reset-password']) {
      await requestLink(email, { redirect_to: redirect });
    }
    const mails = await resetMailsTo(email);
    expect(mails).toHaveLength(4);
    for (const mail of mails) {
      expect(mail.text).toMatch(LINK);
      expect(mail.text).not.toContain('evil.example');
      expect(mail.text).not.toContain('javascript:');
    }
  });

  it('keeps the link on the reset page when redirect_to names another page of the site', async () => {
    const { email } = await newMember(server.url);
    await requestLink(email, { redirect_to: 'http://clubroom.test/admin?next=x' });
    const [mail] = await resetMailsTo(email);
    expect(mail!.text).toMatch(LINK);
    expect(mail!.text).not.toContain('/admin');
  });

  it('refuses an invalid email with the email message', async () => {
    const client = new ApiClient(server.url);
    for (const email of ['not-an-email', '', undefined]) {
      const res = await client.rest('POST', '/api/auth/reset-password', { email });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'BAD_USER_INPUT', error: INVALID_EMAIL, fields: { email: INVALID_EMAIL } });
    }
  });
});

describe('POST /api/auth/reset-password/confirm', () => {
  it('sets the new password: the old one fails and the new one works', async () => {
    const { email } = await newMember(server.url);
    const token = await requestLink(email);
    const res = await confirm(token, NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: null, error: null });
    expect(await signInStatus(email, STRONG_PASSWORD)).toBe(401);
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);
  });

  it('refuses the same link a second time with 400 INVALID_RESET_TOKEN', async () => {
    const { email } = await newMember(server.url);
    const token = await requestLink(email);
    expect((await confirm(token, NEW_PASSWORD)).status).toBe(200);
    const again = await confirm(token, 'An0ther!Password');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ success: false, data: null, code: 'INVALID_RESET_TOKEN', error: INVALID_RESET_LINK });
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);
    expect(await signInStatus(email, 'An0ther!Password')).toBe(401);
  });

  it('ends every session of the account: their access tokens get 401 and their refresh tokens fail', async () => {
    const { client, email } = await newMember(server.url);
    const device = new ApiClient(server.url);
    const signIn = await device.signIn(email, STRONG_PASSWORD);
    const refreshToken = signIn.body.data.session.refresh_token;
    expect((await client.rest('GET', '/api/auth/user')).status).toBe(200);
    expect((await device.rest('GET', '/api/auth/user')).status).toBe(200);

    const token = await requestLink(email);
    expect((await confirm(token, NEW_PASSWORD)).status).toBe(200);

    for (const c of [client, device]) {
      const res = await c.rest('GET', '/api/auth/user');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
      expect((await c.gql('{ me { id } }')).status).toBe(401);
    }
    const refresh = await new ApiClient(server.url).rest('POST', '/api/auth/refresh', { refresh_token: refreshToken });
    expect(refresh.status).toBe(401);
  });

  it("leaves other users' sessions alone", async () => {
    const bystander = await newMember(server.url);
    const { email } = await newMember(server.url);
    const token = await requestLink(email);
    expect((await confirm(token, NEW_PASSWORD)).status).toBe(200);
    expect((await bystander.client.rest('GET', '/api/auth/user')).status).toBe(200);
  });

  it('refuses an expired link with the invalid-link message', async () => {
    const { email, user } = await newMember(server.url);
    const token = await requestLink(email);
    await db().update(passwordResets).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(passwordResets.userId, user.id));
    const res = await confirm(token, NEW_PASSWORD);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, data: null, code: 'INVALID_RESET_TOKEN', error: INVALID_RESET_LINK });
    expect(await signInStatus(email, STRONG_PASSWORD)).toBe(200);
  });

  it('refuses an unknown token with the invalid-link message', async () => {
    const res = await confirm('0'.repeat(64), NEW_PASSWORD);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_RESET_TOKEN', error: INVALID_RESET_LINK });
  });

  it('refuses a missing, empty or oversized token with the invalid-link message', async () => {
    for (const token of [undefined, '', 'x'.repeat(500), 42]) {
      const res = await confirm(token, NEW_PASSWORD);
      expect(res.status, String(token)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toBe(INVALID_RESET_LINK);
    }
  });

  it('makes an earlier, unused link stop working once a newer one has been used', async () => {
    const { email } = await newMember(server.url);
    const first = await requestLink(email);
    const second = await requestLink(email);
    expect(first).not.toBe(second);
    expect((await confirm(second, NEW_PASSWORD)).status).toBe(200);
    const res = await confirm(first, 'An0ther!Password');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_RESET_TOKEN', error: INVALID_RESET_LINK });
  });

  const weak: Array<[keyof typeof PASSWORD, string]> = [
    ['length', 'Ab1!xyz'],
    ['lowercase', 'ABCDEFG1!'],
    ['uppercase', 'abcdefg1!'],
    ['number', 'Abcdefgh!'],
    ['special', 'Abcdefgh1'],
  ];
  it('refuses a weak new password with each rule’s own message and keeps the link usable', async () => {
    const { email } = await newMember(server.url);
    const token = await requestLink(email);
    for (const [rule, password] of weak) {
      const res = await confirm(token, password);
      expect(res.status, rule).toBe(400);
      expect(res.body).toMatchObject({ success: false, data: null, code: 'BAD_USER_INPUT', error: PASSWORD[rule] });
      expect(res.body.fields).toEqual({ password: PASSWORD[rule] });
    }
    expect(await signInStatus(email, STRONG_PASSWORD)).toBe(200);
    expect((await confirm(token, NEW_PASSWORD)).status).toBe(200);
  });

  it('does not touch a different account when the link is used', async () => {
    const other = await newMember(server.url);
    const { email } = await newMember(server.url);
    const token = await requestLink(email);
    await confirm(token, NEW_PASSWORD);
    const [row] = await db().select().from(users).where(eq(users.id, other.user.id));
    expect(row).toBeDefined();
    expect(await signInStatus(other.email, STRONG_PASSWORD)).toBe(200);
  });
});

describe('GraphQL requestPasswordReset and resetPassword', () => {
  const REQUEST = 'mutation R($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { requested userErrors { field code message } } }';
  const RESET = 'mutation P($input: ResetPasswordInput!) { resetPassword(input: $input) { passwordChanged userErrors { field code message } } }';

  it('answers true for an existing and an unknown email, and mails the link only to the existing one', async () => {
    const { email } = await newMember(server.url);
    const client = new ApiClient(server.url);
    const known = await client.gql(REQUEST, { input: { email, redirectTo: 'https://evil.example/reset-password' } });
    const unknownEmail = uniqueEmail('ghost');
    const unknown = await client.gql(REQUEST, { input: { email: unknownEmail } });
    expect(known).toEqual({ status: 200, data: { requestPasswordReset: { requested: true, userErrors: [] } }, errors: undefined });
    expect(unknown).toEqual(known);
    const [mail] = await waitForResetMails(email);
    expect(mail!.text).toMatch(LINK);
    expect(mail!.text).not.toContain('evil.example');
    expect(await outboxCount(unknownEmail)).toBe(0);
  });

  it('resetPassword sets the new password once and ends the sessions', async () => {
    const { client, email } = await newMember(server.url);
    const other = new ApiClient(server.url);
    await other.gql(REQUEST, { input: { email } });
    const token = tokenOf((await waitForResetMails(email))[0]!);

    const res = await other.gql(RESET, { input: { token, password: NEW_PASSWORD } });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ resetPassword: { passwordChanged: true, userErrors: [] } });
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);
    expect(await signInStatus(email, STRONG_PASSWORD)).toBe(401);
    expect((await client.rest('GET', '/api/auth/user')).status).toBe(401);

    const again = await other.gql(RESET, { input: { token, password: NEW_PASSWORD } });
    expect(again.errors).toBeUndefined();
    expect(again.data.resetPassword).toEqual({ passwordChanged: null, userErrors: [{ field: null, code: 'INVALID_RESET_TOKEN', message: INVALID_RESET_LINK }] });
  });

  it('resetPassword answers a BAD_USER_INPUT user error on password with the password rule message for a weak password', async () => {
    const client = new ApiClient(server.url);
    const res = await client.gql(RESET, { input: { token: 'f'.repeat(64), password: 'abcdefg1!' } });
    expect(res.errors).toBeUndefined();
    expect(res.data.resetPassword).toEqual({ passwordChanged: null, userErrors: [{ field: 'password', code: 'BAD_USER_INPUT', message: PASSWORD.uppercase }] });
  });

  it('requestPasswordReset answers a user error for an invalid email', async () => {
    const client = new ApiClient(server.url);
    const res = await client.gql(REQUEST, { input: { email: 'nope' } });
    expect(res.errors).toBeUndefined();
    expect(res.data.requestPasswordReset).toEqual({ requested: null, userErrors: [{ field: 'email', code: 'BAD_USER_INPUT', message: INVALID_EMAIL }] });
  });
});
