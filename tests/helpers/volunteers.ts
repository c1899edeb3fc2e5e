// Helpers for the volunteer tests: the specification's wording (written here on the test side, not
// imported from the server), GraphQL documents of the volunteer operations, valid inputs, volunteers
// made through the real sign-up (GraphQL) and signed in (REST), the profile image upload as a
// browser sends it (multipart/form-data with the security token), image fixtures, and direct
// database reads of what was stored.
import { eq, sql } from 'drizzle-orm';
import { users, volunteerProfiles } from '../../server/src/db/schema/index.js';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import { ApiClient, STRONG_PASSWORD, uniqueEmail, type GqlAnswer, type RestAnswer } from './client.js';
import { payloadOk, type UserErrorView } from './clubs.js';
import { dbOf, type Connection } from './messages.js';
import type { TestServer } from './server.js';

type HasServer = Pick<TestServer, 'clubroom' | 'url'>;

// ---------------------------------------------------------------------------------------------
// The specification's words (platform.md sections 3–6; the issue 12 contract).

export const VOLUNTEER_TEXT = {
  firstNameRequired: 'First name is required',
  firstNameMax: 'First name must be at most 50 characters',
  lastNameRequired: 'Last name is required',
  lastNameMax: 'Last name must be at most 50 characters',
  email: 'Please enter a valid email address',
  locationMax: 'Location must be at most 100 characters',
  skillsMax: 'Add at most 20 skills',
  skillMax: 'Each skill must be at most 40 characters',
  availability: 'Choose availability from the list',
  bioMax: 'Bio must be at most 1000 characters',
  clubAccount: 'Club accounts cannot create a volunteer profile.',
  searchForbidden: 'Only approved clubs can search for volunteers.',
  emailInUse: 'This email address has already been used with a sports club.',
  profileFirst: 'Create your volunteer profile first.',
  blockedType: 'This file type is not allowed.',
  nameTooLong: 'File name must be at most 255 characters',
  notImage: 'Only JPEG, PNG, WebP or GIF images are allowed.',
  tooLarge: 'Image must be at most 2 MB.',
  ownerNameMin: 'Name must be at least 2 characters',
  authenticationRequired: 'Authentication required',
} as const;

// The fixed lists and sizes come from the rules (tests/unit/volunteers-rules.test.ts pins them to the spec).
export { AVAILABILITY_OPTIONS as SPEC_AVAILABILITY, PROFILE_IMAGE_MAX_BYTES } from '../../server/src/modules/volunteers/volunteers.rules.js';

// ---------------------------------------------------------------------------------------------
// GraphQL documents.

const USER_ERRORS = 'userErrors { field code message }';
const PAGE_INFO = 'pageInfo { hasNextPage hasPreviousPage startCursor endCursor }';
export const VOLUNTEER_PROFILE_FIELDS = 'id firstName lastName fullName email location skills availability bio profileImageUrl createdAt updatedAt member { id name }';

export const SIGN_UP_VOLUNTEER = `mutation SignUpVolunteer($input: SignUpVolunteerInput!) {
  signUpVolunteer(input: $input) { member { id email fullName role hasVolunteerProfile volunteerProfile { ${VOLUNTEER_PROFILE_FIELDS} } } ${USER_ERRORS} }
}`;
export const SAVE_VOLUNTEER_PROFILE = `mutation SaveVolunteerProfile($input: SaveVolunteerProfileInput!) {
  saveVolunteerProfile(input: $input) { profile { ${VOLUNTEER_PROFILE_FIELDS} } ${USER_ERRORS} }
}`;
export const MY_VOLUNTEER_PROFILE = `query { me { id role hasVolunteerProfile volunteerProfile { ${VOLUNTEER_PROFILE_FIELDS} } } }`;
export const MEMBER_VOLUNTEER_PROFILE = `query MemberProfile($id: ID!) { member(id: $id) { id hasVolunteerProfile volunteerProfile { ${VOLUNTEER_PROFILE_FIELDS} } } }`;
export const VOLUNTEER_PROFILE_NODE = `query ProfileNode($id: ID!) { node(id: $id) { ... on VolunteerProfile { ${VOLUNTEER_PROFILE_FIELDS} } } }`;
export const SEARCH_VOLUNTEERS = `query Volunteers($search: String, $location: String, $skill: String, $first: Int, $after: String, $last: Int, $before: String) {
  volunteers(search: $search, location: $location, skill: $skill, first: $first, after: $after, last: $last, before: $before) {
    totalCount ${PAGE_INFO} edges { cursor node { ${VOLUNTEER_PROFILE_FIELDS} } }
  }
}`;
export const CLUB_SETTINGS_FIELDS = 'id contactEmail notifyApplicationsByEmail notifyWithdrawalsByEmail owner { id fullName }';
export const UPDATE_CLUB_SETTINGS = `mutation UpdateClubSettings($input: UpdateClubSettingsInput!) {
  updateClubSettings(input: $input) { club { ${CLUB_SETTINGS_FIELDS} } ${USER_ERRORS} }
}`;

// ---------------------------------------------------------------------------------------------
// Answer shapes.

export interface VolunteerProfileView {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string | null;
  location: string | null;
  skills: string[];
  availability: string[];
  bio: string | null;
  profileImageUrl: string | null;
  createdAt: string;
  updatedAt: string;
  member: { id: string; name: string };
}

export interface ClubSettingsView {
  id: string;
  contactEmail: string;
  notifyApplicationsByEmail: boolean | null;
  notifyWithdrawalsByEmail: boolean | null;
  owner: { id: string; fullName: string | null } | null;
}

/** A signed-in volunteer: the client (holding the token), the sign-in email, the account (REST
 *  shape) and the profile as saved. */
export interface Volunteer {
  client: ApiClient;
  email: string;
  user: { id: string; email: string; role: string };
  /** The Member global id. */
  memberId: string;
  /** The VolunteerProfile global id. */
  profileId: string;
  profile: VolunteerProfileView;
}

// ---------------------------------------------------------------------------------------------
// Inputs.

/** A saveVolunteerProfile input that meets every rule; `over` replaces fields. */
export function validVolunteerProfile(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Alex',
    lastName: 'Morgan',
    email: uniqueEmail('volunteer.contact'),
    location: 'London',
    skills: ['Coaching', 'First Aid'],
    availability: ['Weekend mornings', 'Flexible'],
    bio: 'Keen runner and qualified first aider, happy to help at weekend events.',
    ...over,
  };
}

/** A signUpVolunteer input that meets every rule (a fresh email); `over` replaces fields. */
export function validVolunteerSignUp(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: uniqueEmail('volunteer'),
    password: STRONG_PASSWORD,
    firstName: 'Alex',
    lastName: 'Morgan',
    location: 'London',
    skills: ['Coaching', 'First Aid'],
    availability: ['Weekend mornings'],
    bio: 'Keen runner and qualified first aider.',
    ...over,
  };
}

/** The settings form of a club owner that meets every rule; `over` replaces fields. */
export function validClubSettings(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    contactEmail: uniqueEmail('club.contact'),
    ownerName: 'Sam Owner',
    notifyApplicationsByEmail: true,
    notifyWithdrawalsByEmail: false,
    ...over,
  };
}

// ---------------------------------------------------------------------------------------------
// Ids.

export const volunteerProfileGlobalId = (userId: string) => toGlobalId('VolunteerProfile', userId);
export const memberGlobalId = (userId: string) => toGlobalId('Member', userId);

// ---------------------------------------------------------------------------------------------
// Calls.

export function signUpVolunteer(client: ApiClient, input: Record<string, unknown>): Promise<GqlAnswer> {
  return client.gql(SIGN_UP_VOLUNTEER, { input });
}

/** The REST sign-up of a volunteer (what the web's registration page sends). */
export function signUpVolunteerRest(client: ApiClient, input: Record<string, unknown>): Promise<RestAnswer> {
  const { email, password, firstName, lastName, location, skills, availability, bio } = input;
  return client.rest('POST', '/api/auth/signup', {
    email,
    password,
    metadata: { account_type: 'volunteer', first_name: firstName, last_name: lastName, location, skills, availability, bio },
  });
}

/**
 * A new volunteer: signed up through signUpVolunteer (GraphQL) and signed in through REST, with the
 * profile of `validVolunteerSignUp(over)`. Answers the signed-in client and the saved profile.
 */
export async function createVolunteer(server: Pick<HasServer, 'url'>, over: Record<string, unknown> = {}): Promise<Volunteer> {
  const client = new ApiClient(server.url);
  const input = validVolunteerSignUp(over);
  const answer = await signUpVolunteer(client, input);
  payloadOk(answer, 'signUpVolunteer');
  const signIn = await client.signIn(input.email as string, input.password as string);
  if (!signIn.body.success) throw new Error(`sign-in failed: ${signIn.body.error}`);
  const user = signIn.body.data.session.user as Volunteer['user'];
  const profile = answer.data.signUpVolunteer.member.volunteerProfile as VolunteerProfileView;
  return { client, email: input.email as string, user, memberId: memberGlobalId(user.id), profileId: profile.id, profile };
}

export function saveVolunteerProfile(client: ApiClient, input: Record<string, unknown>): Promise<GqlAnswer> {
  return client.gql(SAVE_VOLUNTEER_PROFILE, { input });
}

export async function saveVolunteerProfileOk(client: ApiClient, input: Record<string, unknown> = validVolunteerProfile()): Promise<VolunteerProfileView> {
  return payloadOk<{ profile: VolunteerProfileView }>(await saveVolunteerProfile(client, input), 'saveVolunteerProfile').profile;
}

/** The caller's own profile (`me { volunteerProfile }`), or null. */
export async function myVolunteerProfile(client: ApiClient): Promise<VolunteerProfileView | null> {
  const answer = await client.gql(MY_VOLUNTEER_PROFILE);
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data.me?.volunteerProfile ?? null;
}

/** The volunteers search with the raw answer (errors included). */
export function searchVolunteers(client: ApiClient, vars: Record<string, unknown> = {}): Promise<GqlAnswer<{ volunteers: Connection<VolunteerProfileView> }>> {
  return client.gql(SEARCH_VOLUNTEERS, vars);
}

export function updateClubSettings(client: ApiClient, input: Record<string, unknown>): Promise<GqlAnswer> {
  return client.gql(UPDATE_CLUB_SETTINGS, { input });
}

export type { UserErrorView };

// ---------------------------------------------------------------------------------------------
// The profile image upload.

/** POST /api/volunteer/profile-image as a browser sends it: one part `file` with this name and
 *  declared type. `csrf: false` leaves the security token out; `field` renames the part. */
export async function uploadProfileImage(
  client: ApiClient,
  file: { name: string; bytes: Uint8Array; type?: string },
  opts: { csrf?: boolean; field?: string; token?: string | null } = {},
): Promise<RestAnswer<{ profile_image_url: string }>> {
  const form = new FormData();
  form.append(opts.field ?? 'file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const headers: Record<string, string> = {};
  if (opts.csrf !== false) headers['x-csrf-token'] = client.csrfToken ?? (await client.fetchCsrf());
  const csrfCookie = client.cookie('clubroom_csrf');
  if (csrfCookie) headers.cookie = `clubroom_csrf=${csrfCookie}`;
  const token = opts.token === undefined ? client.accessToken : opts.token;
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${client.baseUrl}/api/volunteer/profile-image`, { method: 'POST', headers, body: form });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

export function deleteProfileImage(client: ApiClient): Promise<RestAnswer<{ profile_image_url: null }>> {
  return client.rest('DELETE', '/api/volunteer/profile-image');
}

// Smallest valid images of each allowed type (1×1 pixel).
export const IMAGES = {
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
  jpeg: Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  ),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  webp: Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=', 'base64'),
} as const;

/** A Windows executable's first bytes (the MZ header and DOS stub). */
export const EXECUTABLE_BYTES = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00', 'latin1'), Buffer.alloc(240)]);

/** A valid image with markup inside (a polyglot): `marker` hidden after the image data. */
export function polyglot(image: Buffer, marker = '<script>alert(1)</script>'): Buffer {
  return Buffer.concat([image, Buffer.from(marker, 'latin1')]);
}

// ---------------------------------------------------------------------------------------------
// Direct database reads and writes.

export async function volunteerProfileRow(server: HasServer, userId: string) {
  const [row] = await dbOf(server).select().from(volunteerProfiles).where(eq(volunteerProfiles.userId, userId));
  return row ?? null;
}

/** How many accounts have this email (any letter case). */
export async function accountsWithEmail(server: HasServer, email: string): Promise<number> {
  const rows = await dbOf(server).select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return rows.length;
}

/** Inserts profiles directly (for the search's paging), newest last unless dates say. Each
 *  profile gets its own account; answers the account ids in the order given. */
export async function insertVolunteerProfiles(
  server: HasServer,
  specs: Array<{ firstName?: string; lastName?: string; location?: string; skills?: string[]; bio?: string; createdAt?: Date }>,
): Promise<string[]> {
  if (specs.length === 0) return [];
  const db = dbOf(server);
  const inserted = await db
    .insert(users)
    .values(specs.map((s, i) => ({ email: uniqueEmail(`v${i}`), fullName: `${s.firstName ?? 'Vol'} ${s.lastName ?? `Unteer${i}`}`, passwordHash: 'x' })))
    .returning({ id: users.id });
  const ids = inserted.map((r) => r.id);
  const base = Date.now() - specs.length * 1000;
  await db.insert(volunteerProfiles).values(
    specs.map((s, i) => ({
      userId: ids[i]!,
      firstName: s.firstName ?? 'Vol',
      lastName: s.lastName ?? `Unteer${i}`,
      email: uniqueEmail(`contact${i}`),
      location: s.location ?? '',
      skills: s.skills ?? [],
      skillKeys: (s.skills ?? []).map((k) => k.trim().toLowerCase()),
      bio: s.bio ?? '',
      createdAt: s.createdAt ?? new Date(base + i * 1000),
    })),
  );
  return ids;
}
