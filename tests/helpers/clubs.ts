// Helpers for the clubs tests: GraphQL documents, the specification's wording of the club
// dashboard and directory (written here on the test side, not imported from the server), valid
// form inputs, direct database reads (what was stored, not only what was answered) and direct
// inserts of clubs, positions and meeting times for the directory.
import { asc, desc, eq } from 'drizzle-orm';
import { clubMeetingTimes, clubs, clubVolunteerPositions } from '../../server/src/db/schema/index.js';
import type { Clubroom } from '../../server/src/app/clubroom.js';
import { fromGlobalId, toGlobalId } from '../../server/src/graphql/relay.js';
import { ApiClient, newMember, type GqlAnswer } from './client.js';
import { approveClub, dbOf, gqlOk, insertUsers, onlyError, setClubStatus, type Member } from './messages.js';

type HasDb = { clubroom: Clubroom };

// ---------------------------------------------------------------------------------------------
// The specification's words.

export const CLUB_TEXT = {
  clubNameMin: 'Club name must be at least 2 characters',
  clubNameLockedTitle: 'Cannot change club name',
  clubNameLocked: 'The club name cannot be modified after initial creation.',
  category: 'Please select a sport category',
  descriptionMin: 'Description must be at least 10 characters',
  descriptionMax: 'Description must not exceed 500 characters',
  email: 'Please enter a valid email address',
  url: 'Please enter a valid URL',
  facebookUrl: 'Please enter a valid Facebook URL',
  instagramUrl: 'Please enter a valid Instagram URL',
  twitterUrl: 'Please enter a valid Twitter/X URL',
  googleMapsUrl: 'Please enter a valid Google Maps URL',
  what3words: 'What3Words must be in format ///word.word.word',
  phone: 'Please enter a valid phone number',
  endAfterStart: 'End time must be after start time.',
  notApproved: 'Meeting times can be saved once your club is approved.',
  positionTitleMin: 'Title must be at least 2 characters',
  positionDescriptionMin: 'Description must be at least 10 characters',
  notYourPosition: "You can only change your own club's volunteer positions.",
  positionNotFound: 'Volunteer position not found',
  profileFirst: 'Please save your club profile first.',
  unauthenticated: 'Authentication required',
} as const;

/** The sport categories of the specification (section 9), in its order. */
export const SPEC_SPORT_CATEGORIES = [
  'Football',
  'Rugby',
  'Cricket',
  'Tennis',
  'Swimming',
  'Athletics',
  'Cycling',
  'Badminton',
  'Basketball',
  'Chess',
  'Golf',
  'Netball',
  'Martial Arts',
  'Table Tennis',
  'Other',
];

// ---------------------------------------------------------------------------------------------
// GraphQL documents.

/** The owner's view of the club (owner-only fields included). */
export const PROFILE_FIELDS = `id name category description websiteUrl contactEmail contactPhone facebookUrl instagramUrl twitterUrl
  address city postcode what3words googleMapsUrl applicationStatus verified profileSaved createdAt updatedAt`;
export const MEETING_TIME_FIELDS = 'dayOfWeek startTime endTime';
export const POSITION_FIELDS = 'id title description responsibilities requirements timeCommitment location contactInfo isLive createdAt updatedAt club { id }';
export const CARD_FIELDS = `id name initials location description category contactEmail contactPhone websiteUrl facebookUrl instagramUrl
  twitterUrl city address applicationStatus liveRoleCount meetingTimes { ${MEETING_TIME_FIELDS} }`;
export const USER_ERRORS = 'userErrors { field code message }';
export const PAGE_INFO = 'pageInfo { hasNextPage hasPreviousPage startCursor endCursor }';

export const MY_CLUB = `query { me { id club { ${PROFILE_FIELDS} meetingTimes { ${MEETING_TIME_FIELDS} } } } }`;
export const SAVE_PROFILE = `mutation Save($input: SaveClubProfileInput!) { saveClubProfile(input: $input) { club { ${PROFILE_FIELDS} } ${USER_ERRORS} } }`;
export const SAVE_MEETING_TIMES = `mutation SaveTimes($input: SaveMeetingTimesInput!) {
  saveMeetingTimes(input: $input) { club { id meetingTimes { ${MEETING_TIME_FIELDS} } } ${USER_ERRORS} }
}`;
export const MY_POSITIONS = `query MyPositions($first: Int, $after: String, $last: Int, $before: String) {
  me { club { positions(includeHidden: true, first: $first, after: $after, last: $last, before: $before) {
    totalCount edges { cursor node { ${POSITION_FIELDS} } } ${PAGE_INFO}
  } } }
}`;
export const CREATE_POSITION = `mutation Create($input: CreateVolunteerPositionInput!) { createVolunteerPosition(input: $input) { position { ${POSITION_FIELDS} } ${USER_ERRORS} } }`;
export const UPDATE_POSITION = `mutation Update($input: UpdateVolunteerPositionInput!) { updateVolunteerPosition(input: $input) { position { ${POSITION_FIELDS} } ${USER_ERRORS} } }`;
export const SET_POSITION_LIVE = `mutation Live($input: SetVolunteerPositionLiveInput!) { setVolunteerPositionLive(input: $input) { position { ${POSITION_FIELDS} } ${USER_ERRORS} } }`;
export const DELETE_POSITION = `mutation Delete($input: DeleteVolunteerPositionInput!) { deleteVolunteerPosition(input: $input) { deletedPositionId ${USER_ERRORS} } }`;
export const DIRECTORY = `query Directory($search: String, $sport: String, $first: Int, $after: String, $last: Int, $before: String) {
  clubs(search: $search, sport: $sport, first: $first, after: $after, last: $last, before: $before) {
    totalCount ${PAGE_INFO} edges { cursor node { ${CARD_FIELDS} } }
  }
}`;
export const CLUB_SPORTS = '{ clubSports }';
export const SPORT_CATEGORIES_QUERY = '{ sportCategories }';
export const CLUB = `query Club($id: ID!) { club(id: $id) { ${CARD_FIELDS} positions { totalCount nodes { ${POSITION_FIELDS} } } } }`;

// ---------------------------------------------------------------------------------------------
// Answer shapes.

export interface MeetingTimeView {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
}

export interface ClubProfileView {
  id: string;
  name: string;
  category: string | null;
  description: string | null;
  websiteUrl: string | null;
  contactEmail: string;
  contactPhone: string | null;
  facebookUrl: string | null;
  instagramUrl: string | null;
  twitterUrl: string | null;
  address: string | null;
  city: string | null;
  postcode: string | null;
  what3words: string | null;
  googleMapsUrl: string | null;
  applicationStatus: 'PENDING' | 'APPROVED' | 'REJECTED';
  verified: boolean;
  profileSaved: boolean | null;
  createdAt: string;
  updatedAt: string | null;
  meetingTimes?: MeetingTimeView[];
}

export interface PositionView {
  id: string;
  title: string;
  description: string;
  responsibilities: string;
  requirements: string;
  timeCommitment: string;
  location: string;
  contactInfo: string;
  isLive: boolean;
  createdAt: string;
  updatedAt: string;
  club: { id: string };
}

export interface ClubCardView {
  id: string;
  name: string;
  initials: string;
  location: string | null;
  description: string | null;
  category: string | null;
  contactEmail: string;
  contactPhone: string | null;
  websiteUrl: string | null;
  facebookUrl: string | null;
  instagramUrl: string | null;
  twitterUrl: string | null;
  city: string | null;
  address: string | null;
  applicationStatus: 'PENDING' | 'APPROVED' | 'REJECTED';
  liveRoleCount: number;
  meetingTimes: MeetingTimeView[];
  positions?: { totalCount: number; nodes: PositionView[] };
}

export interface PageInfoView {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface ConnectionView<T> {
  totalCount: number;
  pageInfo: PageInfoView;
  edges: Array<{ cursor: string; node: T }>;
}

/** A directory page, with its cards as `clubs` for short assertions. */
export type DirectoryView = ConnectionView<ClubCardView> & { clubs: ClubCardView[] };

export interface UserErrorView {
  field: string | null;
  code: string;
  message: string;
}

/** A refused mutation's userErrors as the old error shape: the first message and code, and the
 *  message of every field. */
export interface Refusal {
  message: string;
  code: string;
  fields: Record<string, string>;
  userErrors: UserErrorView[];
}

/** The userErrors of the payload `key` of a refused mutation: no GraphQL error, every result field
 *  null, at least one userError. */
export function refusalOf(answer: GqlAnswer, key: string): Refusal {
  if (answer.errors?.length) throw new Error(`expected userErrors, got errors: ${JSON.stringify(answer.errors)}`);
  const payload = answer.data?.[key] as Record<string, unknown> & { userErrors: UserErrorView[] };
  if (!payload?.userErrors?.length) throw new Error(`expected userErrors in ${key}: ${JSON.stringify(answer.data)}`);
  for (const [name, value] of Object.entries(payload)) {
    if (name !== 'userErrors' && value !== null) throw new Error(`a refused ${key} answered ${name}: ${JSON.stringify(value)}`);
  }
  const first = payload.userErrors[0]!;
  const fields = Object.fromEntries(payload.userErrors.filter((e) => e.field !== null).map((e) => [e.field!, e.message]));
  return { message: first.message, code: first.code, fields, userErrors: payload.userErrors };
}

/** The payload `key` of a mutation that must have succeeded (no errors, no userErrors). */
export function payloadOk<T>(answer: GqlAnswer, key: string): T {
  if (answer.errors?.length) throw new Error(`${key} failed: ${JSON.stringify(answer.errors)}`);
  const payload = answer.data?.[key] as { userErrors: UserErrorView[] } & T;
  if (payload.userErrors.length) throw new Error(`${key} refused: ${JSON.stringify(payload.userErrors)}`);
  return payload;
}

// ---------------------------------------------------------------------------------------------
// Inputs.

/** A club profile form that meets every rule; `over` replaces fields. */
export function validProfile(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Riverside Rovers FC',
    category: 'Football',
    description: 'A friendly football club for all ages, training every week.',
    websiteUrl: 'https://riverside-rovers.example.com',
    contactEmail: 'hello@riverside-rovers.example.com',
    contactPhone: '+44 20 7946 0958',
    facebookUrl: 'https://www.facebook.com/riversiderovers',
    instagramUrl: 'https://www.instagram.com/riversiderovers',
    twitterUrl: 'https://x.com/riversiderovers',
    address: '1 River Lane',
    city: 'London',
    postcode: 'SE1 9ZZ',
    what3words: '///filled.count.soap',
    googleMapsUrl: 'https://maps.google.com/?q=Riverside+Rovers',
    ...over,
  };
}

/** A volunteer position form that meets every rule; `over` replaces fields. */
export function validPosition(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Assistant Coach',
    description: 'Help the head coach run the Saturday junior sessions.',
    responsibilities: 'Set out cones and run drills',
    requirements: 'DBS check',
    timeCommitment: '3 hours a week',
    location: 'Riverside Park',
    contactInfo: 'coach@example.com',
    ...over,
  };
}

// ---------------------------------------------------------------------------------------------
// Calls.

/** A club's global id from its database id (its owner's user id). */
export const clubGlobalId = (uuid: string) => toGlobalId('Club', uuid);
/** The database id behind a global id (for SQL checks). */
export function uuidOf(globalId: string): string {
  const parsed = fromGlobalId(globalId);
  if (!parsed) throw new Error(`not a global id: ${globalId}`);
  return parsed.id;
}

type SavePayload = { saveClubProfile: { club: ClubProfileView | null; userErrors: UserErrorView[] } };
type TimesPayload = { saveMeetingTimes: { club: { id: string; meetingTimes: MeetingTimeView[] } | null; userErrors: UserErrorView[] } };
type PositionPayload<K extends string> = { [key in K]: { position: PositionView | null; userErrors: UserErrorView[] } };

export function saveProfile(client: ApiClient, input: Record<string, unknown>): Promise<GqlAnswer<SavePayload>> {
  return client.gql(SAVE_PROFILE, { input });
}

export async function saveProfileOk(client: ApiClient, input: Record<string, unknown>): Promise<ClubProfileView> {
  return payloadOk<SavePayload['saveClubProfile']>(await saveProfile(client, input), 'saveClubProfile').club!;
}

/** The caller's club as its owner sees it (`me { club }`), or null. */
export async function myClub(client: ApiClient): Promise<ClubProfileView | null> {
  return (await gqlOk<{ me: { club: ClubProfileView | null } }>(client, MY_CLUB)).me.club;
}

export function saveTimes(client: ApiClient, times: Array<Record<string, unknown>>): Promise<GqlAnswer<TimesPayload>> {
  return client.gql(SAVE_MEETING_TIMES, { input: { times } });
}

export async function saveTimesOk(client: ApiClient, times: Array<Record<string, unknown>>): Promise<MeetingTimeView[]> {
  return payloadOk<TimesPayload['saveMeetingTimes']>(await saveTimes(client, times), 'saveMeetingTimes').club!.meetingTimes;
}

export function createPosition(client: ApiClient, input: Record<string, unknown>): Promise<GqlAnswer<PositionPayload<'createVolunteerPosition'>>> {
  return client.gql(CREATE_POSITION, { input });
}

export async function createPositionOk(client: ApiClient, input: Record<string, unknown> = validPosition()): Promise<PositionView> {
  return payloadOk<PositionPayload<'createVolunteerPosition'>['createVolunteerPosition']>(await createPosition(client, input), 'createVolunteerPosition').position!;
}

export function updatePosition(client: ApiClient, id: string, input: Record<string, unknown>): Promise<GqlAnswer<PositionPayload<'updateVolunteerPosition'>>> {
  return client.gql(UPDATE_POSITION, { input: { id, ...input } });
}

export function setPositionLive(client: ApiClient, id: string, isLive: boolean): Promise<GqlAnswer<PositionPayload<'setVolunteerPositionLive'>>> {
  return client.gql(SET_POSITION_LIVE, { input: { id, isLive } });
}

export async function setPositionLiveOk(client: ApiClient, id: string, isLive: boolean): Promise<PositionView> {
  return payloadOk<PositionPayload<'setVolunteerPositionLive'>['setVolunteerPositionLive']>(await setPositionLive(client, id, isLive), 'setVolunteerPositionLive').position!;
}

export function deletePosition(client: ApiClient, id: string): Promise<GqlAnswer<{ deleteVolunteerPosition: { deletedPositionId: string | null; userErrors: UserErrorView[] } }>> {
  return client.gql(DELETE_POSITION, { input: { id } });
}

/** One page of the caller's club's positions (hidden ones included); null without a club. */
export async function myPositionsPage(client: ApiClient, vars: Record<string, unknown> = {}): Promise<ConnectionView<PositionView> | null> {
  return (await gqlOk<{ me: { club: { positions: ConnectionView<PositionView> } | null } }>(client, MY_POSITIONS, vars)).me.club?.positions ?? null;
}

/** The caller's club's positions, newest first (all of them: at most 200, so two pages). */
export async function myPositions(client: ApiClient): Promise<PositionView[]> {
  const all: PositionView[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await myPositionsPage(client, { first: 100, after });
    if (!page) return all;
    all.push(...page.edges.map((e) => e.node));
    if (!page.pageInfo.hasNextPage) return all;
    after = page.pageInfo.endCursor;
  }
}

export async function directory(client: ApiClient, vars: Record<string, unknown> = {}): Promise<DirectoryView> {
  const { clubs: page } = await gqlOk<{ clubs: ConnectionView<ClubCardView> }>(client, DIRECTORY, vars);
  return { ...page, clubs: page.edges.map((e) => e.node) };
}

/** A club owner who registered the club and saved its profile (pending unless `status` says). */
export async function newClubOwner(
  server: HasDb & { url: string },
  opts: { clubName?: string; status?: 'pending' | 'approved' | 'rejected'; profile?: Record<string, unknown> } = {},
): Promise<Member & { club: ClubProfileView; clubId: string }> {
  const clubName = opts.clubName ?? `Club ${Math.random().toString(36).slice(2, 8)}`;
  const member = await newMember(server.url, { clubName, fullName: 'Club Owner' });
  const club = await saveProfileOk(member.client, validProfile({ name: clubName, contactEmail: member.email, ...opts.profile }));
  if (opts.status === 'approved') await approveClub(server, member.user.id);
  else if (opts.status) await setClubStatus(server, member.user.id, opts.status);
  return { ...member, club, clubId: club.id };
}

/** The single error of a refused call (re-exported for the clubs tests). */
export { onlyError };

// ---------------------------------------------------------------------------------------------
// Direct database reads.

export async function clubRow(server: HasDb, id: string) {
  const [row] = await dbOf(server).select().from(clubs).where(eq(clubs.id, id));
  return row ?? null;
}

/** A club's meeting time rows as (day, start, end), by day then start. */
export async function meetingTimeRows(server: HasDb, clubId: string) {
  return dbOf(server)
    .select({ dayOfWeek: clubMeetingTimes.dayOfWeek, startTime: clubMeetingTimes.startTime, endTime: clubMeetingTimes.endTime })
    .from(clubMeetingTimes)
    .where(eq(clubMeetingTimes.clubId, clubId))
    .orderBy(asc(clubMeetingTimes.dayOfWeek), asc(clubMeetingTimes.startTime));
}

/** The stored position of a global id (or a database id). */
export async function positionRow(server: HasDb, id: string) {
  const uuid = fromGlobalId(id)?.id ?? id;
  const [row] = await dbOf(server).select().from(clubVolunteerPositions).where(eq(clubVolunteerPositions.id, uuid));
  return row ?? null;
}

export function positionRows(server: HasDb, clubId: string) {
  return dbOf(server)
    .select()
    .from(clubVolunteerPositions)
    .where(eq(clubVolunteerPositions.clubId, clubId))
    .orderBy(desc(clubVolunteerPositions.createdAt));
}

// ---------------------------------------------------------------------------------------------
// Direct inserts (for the directory).

export interface ClubSpec {
  name: string;
  status?: 'pending' | 'approved' | 'rejected';
  category?: string | null;
  description?: string | null;
  city?: string | null;
  address?: string | null;
  contactEmail?: string;
  /** How many live and hidden positions to give it. */
  livePositions?: number;
  hiddenPositions?: number;
  meetingTimes?: Array<{ dayOfWeek: number; startTime: string; endTime: string }>;
}

/** Inserts clubs (with their owner accounts, positions and meeting times) directly; answers their
 *  ids in the order given. */
export async function insertClubs(server: HasDb, specs: ClubSpec[]): Promise<string[]> {
  if (specs.length === 0) return [];
  const ids = await insertUsers(server, specs.map((s) => `Owner of ${s.name}`));
  const db = dbOf(server);
  const now = new Date();
  await db.insert(clubs).values(
    specs.map((s, i) => ({
      id: ids[i]!,
      name: s.name,
      contactEmail: s.contactEmail ?? `club${i}.${ids[i]!.slice(0, 8)}@example.com`,
      applicationStatus: s.status ?? 'approved',
      category: s.category === undefined ? 'Other' : s.category,
      description: s.description === undefined ? `${s.name} welcomes new members.` : s.description,
      city: s.city ?? null,
      address: s.address ?? null,
      profileSavedAt: now,
    })),
  );
  const positions = specs.flatMap((s, i) => [
    ...Array.from({ length: s.hiddenPositions ?? 0 }, (_, k) => ({
      clubId: ids[i]!,
      title: `Hidden role ${k + 1}`,
      description: 'A role that is not shown to the public yet.',
      isLive: false,
      createdAt: new Date(now.getTime() - 60_000 * (k + 1)),
    })),
    ...Array.from({ length: s.livePositions ?? 0 }, (_, k) => ({
      clubId: ids[i]!,
      title: `Live role ${k + 1}`,
      description: 'A role that volunteers can see and apply for.',
      isLive: true,
      createdAt: new Date(now.getTime() - 1000 * (k + 1)),
    })),
  ]);
  if (positions.length) await db.insert(clubVolunteerPositions).values(positions);
  const times = specs.flatMap((s, i) => (s.meetingTimes ?? []).map((t) => ({ clubId: ids[i]!, ...t })));
  if (times.length) await db.insert(clubMeetingTimes).values(times);
  return ids;
}
