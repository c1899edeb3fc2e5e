// Volunteer sign-up over GraphQL (signUpVolunteer) and REST (POST /api/auth/signup with
// metadata.account_type 'volunteer'): the account and its profile in one transaction, the
// sign-up's password and email rules, EMAIL_IN_USE, the sign-up rate limit, and sanitising.
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users, volunteerProfiles } from '../../server/src/db/schema/index.js';
import { ApiClient, STRONG_PASSWORD, uniqueEmail } from '../helpers/client.js';
import { refusalOf } from '../helpers/clubs.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { INVALID_EMAIL, PASSWORD } from '../helpers/spec-texts.js';
import {
  accountsWithEmail,
  createVolunteer,
  myVolunteerProfile,
  signUpVolunteer,
  signUpVolunteerRest,
  validVolunteerSignUp,
  volunteerProfileRow,
  VOLUNTEER_TEXT,
} from '../helpers/volunteers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.clubroom.database.db;

async function profileCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(volunteerProfiles);
  return Number(row!.n);
}

describe('signUpVolunteer (GraphQL)', () => {
  it('creates an active account named first + last, and its profile with the sign-in email', async () => {
    const client = new ApiClient(server.url);
    const input = validVolunteerSignUp({ firstName: 'Jamie', lastName: 'Lee', skills: ['Coaching', 'coaching', ' First Aid '] });
    const answer = await signUpVolunteer(client, input);
    expect(answer.errors).toBeUndefined();
    const { member, userErrors } = answer.data.signUpVolunteer;
    expect(userErrors).toEqual([]);
    expect(member).toMatchObject({ email: input.email, fullName: 'Jamie Lee', role: 'VOLUNTEER', hasVolunteerProfile: true });
    expect(member.volunteerProfile).toMatchObject({
      firstName: 'Jamie',
      lastName: 'Lee',
      fullName: 'Jamie Lee',
      email: input.email,
      location: 'London',
      skills: ['Coaching', 'First Aid'],
      availability: ['Weekend mornings'],
      profileImageUrl: null,
    });

    const [account] = await db().select().from(users).where(eq(users.email, input.email as string));
    expect(account).toMatchObject({ fullName: 'Jamie Lee', status: 'active' });
    const row = await volunteerProfileRow(server, account!.id);
    expect(row).toMatchObject({ email: input.email, skills: ['Coaching', 'First Aid'], skillKeys: ['coaching', 'first aid'] });
  });

  it('lets the new volunteer sign in and read their own profile (me { volunteerProfile })', async () => {
    const volunteer = await createVolunteer(server, { firstName: 'Robin', lastName: 'Hart' });
    expect(volunteer.user.role).toBe('volunteer');
    const own = await myVolunteerProfile(volunteer.client);
    expect(own).toMatchObject({ id: volunteer.profileId, fullName: 'Robin Hart', email: volunteer.email });
  });

  it('refuses an email already used, in any letter case, with EMAIL_IN_USE on email and no second account', async () => {
    const first = await createVolunteer(server);
    const answer = await signUpVolunteer(new ApiClient(server.url), validVolunteerSignUp({ email: first.email.toUpperCase() }));
    const refusal = refusalOf(answer, 'signUpVolunteer');
    expect(refusal.userErrors).toEqual([{ field: 'email', code: 'EMAIL_IN_USE', message: VOLUNTEER_TEXT.emailInUse }]);
    expect(await accountsWithEmail(server, first.email)).toBe(1);
  });

  it('refuses an email used by a club account too', async () => {
    const email = uniqueEmail('club');
    const club = new ApiClient(server.url);
    expect((await club.signUp({ email, password: STRONG_PASSWORD, fullName: 'Club Owner', clubName: 'Hill Harriers' })).status).toBe(200);
    const refusal = refusalOf(await signUpVolunteer(new ApiClient(server.url), validVolunteerSignUp({ email })), 'signUpVolunteer');
    expect(refusal.fields).toEqual({ email: VOLUNTEER_TEXT.emailInUse });
  });

  it.each([
    ['short', PASSWORD.length],
    ['UPPERCASE1!', PASSWORD.lowercase],
    ['lowercase1!', PASSWORD.uppercase],
    ['NoNumbers!!', PASSWORD.number],
    ['NoSpecial12', PASSWORD.special],
  ])('applies the sign-up password rules: %s gives its first failed rule on password', async (password, message) => {
    const input = validVolunteerSignUp({ password });
    const refusal = refusalOf(await signUpVolunteer(new ApiClient(server.url), input), 'signUpVolunteer');
    expect(refusal.fields.password).toBe(message);
    expect(await accountsWithEmail(server, input.email as string)).toBe(0);
  });

  it('refuses an invalid email', async () => {
    const refusal = refusalOf(await signUpVolunteer(new ApiClient(server.url), validVolunteerSignUp({ email: 'not-an-email' })), 'signUpVolunteer');
    expect(refusal.fields.email).toBe(INVALID_EMAIL);
  });

  it('applies the profile rules to every field, each on its own path', async () => {
    const input = validVolunteerSignUp({
      firstName: ' ',
      lastName: 'x'.repeat(51),
      location: 'y'.repeat(101),
      skills: Array.from({ length: 21 }, (_, i) => `Skill ${i}`),
      availability: ['Sometimes'],
      bio: 'z'.repeat(1001),
    });
    const refusal = refusalOf(await signUpVolunteer(new ApiClient(server.url), input), 'signUpVolunteer');
    expect(refusal.fields).toEqual({
      firstName: VOLUNTEER_TEXT.firstNameRequired,
      lastName: VOLUNTEER_TEXT.lastNameMax,
      location: VOLUNTEER_TEXT.locationMax,
      skills: VOLUNTEER_TEXT.skillsMax,
      'availability.0': VOLUNTEER_TEXT.availability,
      bio: VOLUNTEER_TEXT.bioMax,
    });
    expect(await accountsWithEmail(server, input.email as string)).toBe(0);
  });

  it('strips markup before the rules: a name that is only tags is no name', async () => {
    const refusal = refusalOf(await signUpVolunteer(new ApiClient(server.url), validVolunteerSignUp({ lastName: '<b></b>' })), 'signUpVolunteer');
    expect(refusal.fields).toEqual({ lastName: VOLUNTEER_TEXT.lastNameRequired });
    const volunteer = await createVolunteer(server, { firstName: '<script>alert(1)</script>Kim', bio: '<img src=x onerror=alert(1)>Hello <b>there</b>' });
    expect(volunteer.profile.firstName).toBe('Kim');
    expect(volunteer.profile.bio).toBe('Hello there');
  });

  it('runs in one transaction: when the profile cannot be written, no account is left', async () => {
    const input = validVolunteerSignUp();
    const spy = vi.spyOn(server.clubroom.services.volunteers, 'insertProfile').mockRejectedValueOnce(new Error('disk full'));
    try {
      const answer = await signUpVolunteer(new ApiClient(server.url), input);
      expect(answer.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      expect(JSON.stringify(answer)).not.toContain('disk full');
    } finally {
      spy.mockRestore();
    }
    expect(await accountsWithEmail(server, input.email as string)).toBe(0);
    // And the same input then succeeds: nothing half-written blocks it.
    const retry = await signUpVolunteer(new ApiClient(server.url), input);
    expect(retry.data.signUpVolunteer.userErrors).toEqual([]);
  });

  it('ignores a stale bearer token: a credential operation needs none', async () => {
    const before = await profileCount();
    const answer = await new ApiClient(server.url).gql(
      'mutation($input: SignUpVolunteerInput!) { signUpVolunteer(input: $input) { member { id } userErrors { message } } }',
      { input: validVolunteerSignUp() },
      { token: 'clubroom_pat_not-a-real-token' },
    );
    // A bad bearer is ignored by credential-only documents: the sign-up itself works.
    expect(answer.errors).toBeUndefined();
    expect(await profileCount()).toBe(before + 1);
  });
});

describe('POST /api/auth/signup with metadata.account_type volunteer', () => {
  it('creates the account and its profile, answering the user with has_volunteer_profile', async () => {
    const client = new ApiClient(server.url);
    const input = validVolunteerSignUp({ firstName: 'Ola', lastName: 'Berg', location: 'Leeds' });
    const res = await signUpVolunteerRest(client, input);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.user).toMatchObject({ email: input.email, full_name: 'Ola Berg', role: 'volunteer', has_volunteer_profile: true, club: null });
    expect(res.body.data.club).toBeNull();
    const row = await volunteerProfileRow(server, res.body.data.user.id);
    expect(row).toMatchObject({ firstName: 'Ola', lastName: 'Berg', location: 'Leeds', email: input.email });
    // Then the web signs in through REST.
    const signIn = await client.signIn(input.email as string, input.password as string);
    expect(signIn.body.data.session.user).toMatchObject({ has_volunteer_profile: true, role: 'volunteer' });
  });

  it('accepts only the names and an optional location (skills and the rest default empty)', async () => {
    const client = new ApiClient(server.url);
    const email = uniqueEmail('rest');
    const res = await client.rest('POST', '/api/auth/signup', {
      email,
      password: STRONG_PASSWORD,
      metadata: { account_type: 'volunteer', first_name: 'Ann', last_name: 'Ho' },
    });
    expect(res.body.success).toBe(true);
    const row = await volunteerProfileRow(server, res.body.data.user.id);
    expect(row).toMatchObject({ location: '', skills: [], availability: [], bio: '' });
  });

  it('names field errors as the REST body names them', async () => {
    const res = await new ApiClient(server.url).rest('POST', '/api/auth/signup', {
      email: uniqueEmail('rest'),
      password: 'weak',
      metadata: { account_type: 'volunteer', first_name: '', last_name: 'Ho' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ first_name: VOLUNTEER_TEXT.firstNameRequired, password: PASSWORD.length });
  });

  it('answers 409 EMAIL_IN_USE for an email already used', async () => {
    const first = await createVolunteer(server);
    const res = await signUpVolunteerRest(new ApiClient(server.url), validVolunteerSignUp({ email: first.email }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, code: 'EMAIL_IN_USE', error: VOLUNTEER_TEXT.emailInUse });
  });

  it('still makes a plain member account without the volunteer metadata', async () => {
    const client = new ApiClient(server.url);
    const res = await client.signUp({ email: uniqueEmail('plain'), password: STRONG_PASSWORD, fullName: 'Plain Member' });
    expect(res.body.data.user).toMatchObject({ has_volunteer_profile: false, role: 'volunteer' });
  });

  it('needs the security token', async () => {
    const res = await new ApiClient(server.url).rest('POST', '/api/auth/signup', { email: uniqueEmail(), password: STRONG_PASSWORD, metadata: { account_type: 'volunteer' } }, { csrf: false });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CSRF_MISSING');
  });
});

describe('the sign-up rate limit', () => {
  it('counts volunteer sign-ups with every other sign-up, per IP', async () => {
    const limited = await startServer({}, { AUTH_RATE_LIMIT_PER_IP: '2' });
    try {
      const client = new ApiClient(limited.url);
      expect((await client.signUp({ email: uniqueEmail(), password: STRONG_PASSWORD, fullName: 'First One' })).status).toBe(200);
      expect((await signUpVolunteer(client, validVolunteerSignUp())).data.signUpVolunteer.userErrors).toEqual([]);
      const third = await signUpVolunteer(client, validVolunteerSignUp());
      expect(third.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      const rest = await signUpVolunteerRest(client, validVolunteerSignUp());
      expect(rest.status).toBe(429);
      const [row] = await limited.clubroom.database.db.select({ n: count() }).from(volunteerProfiles);
      expect(Number(row!.n)).toBe(1);
    } finally {
      await limited.close();
    }
  });
});

describe('the account list', () => {
  it('never stores the password in clear: an argon2id hash at the configured cost', async () => {
    const volunteer = await createVolunteer(server);
    const [row] = await db().select({ hash: users.passwordHash }).from(users).where(eq(sql`lower(${users.email})`, volunteer.email.toLowerCase()));
    // The tests' server hashes at the cost tests/helpers/server.ts configures (PASSWORD_HASH_*).
    expect(row!.hash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
  });
});
