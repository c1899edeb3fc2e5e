// The profile page's writes: updateMyProfile (display name, the sign-up name rule, sanitised) and
// changePassword (current password required; every other session of the account ends).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, STRONG_PASSWORD, newMember } from '../helpers/client.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { PASSWORD } from '../helpers/spec-texts.js';
import { firstEvent, wsClient } from '../helpers/ws.js';
import { memberId, onlyUserError, userErrorsOf } from '../helpers/messages.js';

const NAME_RULE = 'Name must be at least 2 characters';
const NEW_PASSWORD = 'N3w!Passw0rd-2';

const UPDATE_PROFILE = `mutation UpdateMyProfile($input: UpdateMyProfileInput!) {
  updateMyProfile(input: $input) { member { id fullName email } userErrors { field code message } }
}`;
const CHANGE_PASSWORD = `mutation ChangePassword($input: ChangePasswordInput!) {
  changePassword(input: $input) { passwordChanged userErrors { field code message } }
}`;
const REVOKED = 'subscription { sessionRevoked { reason } }';
const ME = '{ me { id fullName } }';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

/** Another sign-in of the same account (another device): its own access token and refresh cookie. */
async function anotherDevice(email: string, password = STRONG_PASSWORD) {
  const client = new ApiClient(server.url);
  const res = await client.signIn(email, password);
  expect(res.status).toBe(200);
  return client;
}

async function signInStatus(email: string, password: string): Promise<number> {
  return (await new ApiClient(server.url).signIn(email, password)).status;
}

describe('updateMyProfile', () => {
  it('changes the display name of the caller only, as me and the session user show it', async () => {
    const { client, user } = await newMember(server.url, { fullName: 'Old Name' });
    const other = await newMember(server.url, { fullName: 'Someone Else' });
    const res = await client.gql(UPDATE_PROFILE, { input: { fullName: '  Fresh Name  ' } });
    expect(res.errors).toBeUndefined();
    expect(res.data.updateMyProfile).toEqual({ member: { id: memberId(user.id), fullName: 'Fresh Name', email: user.email }, userErrors: [] });
    expect((await client.gql(ME)).data.me.fullName).toBe('Fresh Name');
    expect((await client.rest('GET', '/api/auth/user')).body.data.user.full_name).toBe('Fresh Name');
    expect((await other.client.gql(ME)).data.me.fullName).toBe('Someone Else');
  });

  it('refuses a name shorter than 2 characters with the spec message and keeps the old one', async () => {
    const { client } = await newMember(server.url, { fullName: 'Kept Name' });
    for (const fullName of ['A', ' ', '']) {
      const res = await client.gql(UPDATE_PROFILE, { input: { fullName } });
      expect(onlyUserError(res, 'updateMyProfile')).toEqual({ field: 'fullName', code: 'BAD_USER_INPUT', message: NAME_RULE });
    }
    expect((await client.gql(ME)).data.me.fullName).toBe('Kept Name');
  });

  it('sanitises the name like sign-up: tags and script go, and what is left must still be 2 characters', async () => {
    const { client } = await newMember(server.url, { fullName: 'Plain Name' });
    const clean = await client.gql(UPDATE_PROFILE, { input: { fullName: '<b>Bold</b> <script>alert(1)</script>Name' } });
    expect(clean.data.updateMyProfile.member.fullName).toBe('Bold Name');
    const onlyTags = await client.gql(UPDATE_PROFILE, { input: { fullName: '<img src=x onerror=alert(1)>x' } });
    expect(onlyUserError(onlyTags, 'updateMyProfile').message).toBe(NAME_RULE);
    expect((await client.gql(ME)).data.me.fullName).toBe('Bold Name');
  });

  it('refuses an anonymous caller', async () => {
    const res = await new ApiClient(server.url).gql(UPDATE_PROFILE, { input: { fullName: 'Nobody Here' } });
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(res.data?.updateMyProfile ?? null).toBeNull();
  });
});

describe('changePassword', () => {
  it('refuses a wrong current password clearly and changes nothing: old password and other sessions still work', async () => {
    const { client, email } = await newMember(server.url);
    const laptop = await anotherDevice(email);
    const res = await client.gql(CHANGE_PASSWORD, { input: { currentPassword: 'Wr0ng!Password', newPassword: NEW_PASSWORD } });
    expect(onlyUserError(res, 'changePassword')).toEqual({ field: 'currentPassword', code: 'BAD_USER_INPUT', message: 'Current password is incorrect' });
    expect(await signInStatus(email, STRONG_PASSWORD)).toBe(200);
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(401);
    expect((await laptop.gql(ME)).errors).toBeUndefined();
    expect((await laptop.rest('POST', '/api/auth/refresh')).status).toBe(200);
  });

  it('refuses a missing current password and a new one that breaks the password rules, listing each rule', async () => {
    const { client, email } = await newMember(server.url);
    const fieldsOf = (res: Awaited<ReturnType<typeof client.gql>>) =>
      Object.fromEntries(userErrorsOf(res, 'changePassword').map((e) => [e.field, e.message]));
    const missing = await client.gql(CHANGE_PASSWORD, { input: { currentPassword: '', newPassword: NEW_PASSWORD } });
    expect(fieldsOf(missing)).toMatchObject({ currentPassword: 'Current password is required' });
    const weak = await client.gql(CHANGE_PASSWORD, { input: { currentPassword: STRONG_PASSWORD, newPassword: 'short' } });
    expect(userErrorsOf(weak, 'changePassword').every((e) => e.code === 'BAD_USER_INPUT')).toBe(true);
    expect(fieldsOf(weak).newPassword).toBe(PASSWORD.length);
    for (const [newPassword, message] of [
      ['alllowercase1!', PASSWORD.uppercase],
      ['ALLUPPERCASE1!', PASSWORD.lowercase],
      ['NoNumbers!!', PASSWORD.number],
      ['NoSpecial123', PASSWORD.special],
    ] as const) {
      const res = await client.gql(CHANGE_PASSWORD, { input: { currentPassword: STRONG_PASSWORD, newPassword } });
      expect(fieldsOf(res).newPassword).toBe(message);
    }
    const same = await client.gql(CHANGE_PASSWORD, { input: { currentPassword: STRONG_PASSWORD, newPassword: STRONG_PASSWORD } });
    expect(onlyUserError(same, 'changePassword')).toEqual({ field: 'newPassword', code: 'BAD_USER_INPUT', message: 'New password must be different from the current password' });
    expect(await signInStatus(email, STRONG_PASSWORD)).toBe(200);
  });

  it('sets the new password, ends every other session (live sessionRevoked, refresh refused) and keeps the current one', async () => {
    const { client, email } = await newMember(server.url);
    const laptop = await anotherDevice(email);
    const phone = await anotherDevice(email);
    const ws = wsClient(server.url, phone.accessToken!);
    const mine = wsClient(server.url, client.accessToken!);
    try {
      const phoneRevoked = firstEvent<{ sessionRevoked: { reason: string | null } }>(ws, REVOKED);
      const myRevoked = firstEvent(mine, REVOKED);
      await Promise.all([phoneRevoked.ready, myRevoked.ready]);

      const res = await client.gql(CHANGE_PASSWORD, { input: { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD } });
      expect(res.errors).toBeUndefined();
      expect(res.data.changePassword).toEqual({ passwordChanged: true, userErrors: [] });

      await expect(phoneRevoked.event).resolves.toEqual({ sessionRevoked: { reason: 'PASSWORD_CHANGED' } });
      for (const device of [laptop, phone]) {
        expect((await device.gql(ME)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
        const refresh = await device.rest('POST', '/api/auth/refresh');
        expect(refresh.status).toBe(401);
        expect(refresh.body.success).toBe(false);
      }
      // The session that changed the password goes on: its token, its refresh, no revocation event.
      const quiet = await Promise.race([myRevoked.event.then(() => 'event'), new Promise((r) => setTimeout(() => r('quiet'), 1000))]);
      expect(quiet).toBe('quiet');
      expect((await client.gql(ME)).data.me.fullName).toBeTruthy();
      const refreshed = await client.rest('POST', '/api/auth/refresh');
      expect(refreshed.status).toBe(200);
      client.accessToken = refreshed.body.data.session.access_token;
      expect((await client.gql(ME)).errors).toBeUndefined();

      expect(await signInStatus(email, STRONG_PASSWORD)).toBe(401);
      expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);
    } finally {
      await ws.dispose();
      await mine.dispose();
    }
  });

  it('refuses an anonymous caller', async () => {
    const res = await new ApiClient(server.url).gql(CHANGE_PASSWORD, { input: { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD } });
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
