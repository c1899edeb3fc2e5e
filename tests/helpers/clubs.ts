// Helpers for the clubs tests: GraphQL documents, the specification's wording of the club
// dashboard and directory (written here on the test side, not imported from the server), valid
// form inputs, direct database reads (what was stored, not only what was answered) and direct
// inserts of clubs, positions and meeting times for the directory.
import { asc, desc, eq } from 'drizzle-orm';
import { clubMeetingTimes, clubs, clubVolunteerPositions } from '../../server/src/db/schema/index.js';
import type { Clubroom } from '../../server/src/http/app.js';
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
  invalidPositionId: 'Invalid position ID format',
  clubNotFound: 'Club not found',
  invalidClubId: 'Invalid club ID format',
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

export const PROFILE_FIELDS = `id clubName category description website contactEmail contactPhone facebookUrl instagramUrl twitterUrl
  address city postcode what3words googleMapsUrl approved applicationStatus verified profileSaved createdAt updatedAt`;
export const MEETING_TIME_FIELDS = 'dayOfWeek dayName startTime endTime';
export const POSITION_FIELDS = 'id clubId title description responsibilities requirements timeCommitment location contactInfo isLive createdAt updatedAt';
export const CARD_FIELDS = `id name initials location description category sportTypes contactEmail contactPhone websiteUrl facebookUrl instagramUrl
  twitterUrl city address applicationStatus liveRoleCount meetingTimes { ${MEETING_TIME_FIELDS} }`;

export const MY_CLUB = `query { myClub { ${PROFILE_FIELDS} meetingTimes { ${MEETING_TIME_FIELDS} } } }`;
export const SAVE_PROFILE = `mutation Save($input: ClubProfileInput!) { saveClubProfile(input: $input) { ${PROFILE_FIELDS} } }`;
export const SAVE_MEETING_TIMES = `mutation SaveTimes($times: [MeetingTimeInput!]!) { saveMeetingTimes(times: $times) { ${MEETING_TIME_FIELDS} } }`;
export const MY_POSITIONS = `query { myVolunteerPositions { ${POSITION_FIELDS} } }`;
export const CREATE_POSITION = `mutation Create($input: VolunteerPositionInput!) { createVolunteerPosition(input: $input) { ${POSITION_FIELDS} } }`;
export const UPDATE_POSITION = `mutation Update($id: ID!, $input: VolunteerPositionInput!) { updateVolunteerPosition(id: $id, input: $input) { ${POSITION_FIELDS} } }`;
export const SET_POSITION_LIVE = `mutation Live($id: ID!, $isLive: Boolean!) { setVolunteerPositionLive(id: $id, isLive: $isLive) { ${POSITION_FIELDS} } }`;
export const DELETE_POSITION = 'mutation Delete($id: ID!) { deleteVolunteerPosition(id: $id) }';
export const DIRECTORY = `query Directory($search: String, $sport: String, $first: Int, $after: String) {
  clubDirectory(search: $search, sport: $sport, first: $first, after: $after) {
    totalCount hasMore endCursor clubs { ${CARD_FIELDS} }
  }
}`;
export const CLUB_SPORTS = '{ clubSports }';
export const SPORT_CATEGORIES_QUERY = '{ sportCategories }';
export const CLUB = `query Club($id: ID!) { club(id: $id) { ${CARD_FIELDS} livePositions { ${POSITION_FIELDS} } } }`;

// ---------------------------------------------------------------------------------------------
// Answer shapes.

export interface MeetingTimeView {
  dayOfWeek: number;
  dayName: string;
  startTime: string;
  endTime: string;
}

export interface ClubProfileView {
  id: string;
  clubName: string;
  category: string | null;
  description: string | null;
  website: string | null;
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
  approved: boolean;
  applicationStatus: 'PENDING' | 'APPROVED' | 'REJECTED';
  verified: boolean;
  profileSaved: boolean;
  createdAt: string;
  updatedAt: string;
  meetingTimes?: MeetingTimeView[];
}

export interface PositionView {
  id: string;
  clubId: string;
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
}

export interface ClubCardView {
  id: string;
  name: string;
  initials: string;
  location: string | null;
  description: string | null;
  category: string | null;
  sportTypes: string[];
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
  livePositions?: PositionView[];
}

export interface DirectoryView {
  totalCount: number;
  hasMore: boolean;
  endCursor: string | null;
  clubs: ClubCardView[];
}

// ---------------------------------------------------------------------------------------------
// Inputs.

/** A club profile form that meets every rule; `over` replaces fields. */
export function validProfile(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    clubName: 'Riverside Rovers FC',
    category: 'Football',
    description: 'A friendly football club for all ages, training every week.',
    website: 'https://riverside-rovers.example.com',
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

export function saveProfile(client: ApiClient, input: Record<string, unknown>): Promise<GqlAnswer<{ saveClubProfile: ClubProfileView }>> {
  return client.gql(SAVE_PROFILE, { input });
}

export async function saveProfileOk(client: ApiClient, input: Record<string, unknown>): Promise<ClubProfileView> {
  return (await gqlOk<{ saveClubProfile: ClubProfileView }>(client, SAVE_PROFILE, { input })).saveClubProfile;
}

export async function myClub(client: ApiClient): Promise<ClubProfileView | null> {
  return (await gqlOk<{ myClub: ClubProfileView | null }>(client, MY_CLUB)).myClub;
}

export function saveTimes(client: ApiClient, times: Array<Record<string, unknown>>): Promise<GqlAnswer<{ saveMeetingTimes: MeetingTimeView[] }>> {
  return client.gql(SAVE_MEETING_TIMES, { times });
}

export async function saveTimesOk(client: ApiClient, times: Array<Record<string, unknown>>): Promise<MeetingTimeView[]> {
  return (await gqlOk<{ saveMeetingTimes: MeetingTimeView[] }>(client, SAVE_MEETING_TIMES, { times })).saveMeetingTimes;
}

export function createPosition(client: ApiClient, input: Record<string, unknown>): Promise<GqlAnswer<{ createVolunteerPosition: PositionView }>> {
  return client.gql(CREATE_POSITION, { input });
}

export async function createPositionOk(client: ApiClient, input: Record<string, unknown> = validPosition()): Promise<PositionView> {
  return (await gqlOk<{ createVolunteerPosition: PositionView }>(client, CREATE_POSITION, { input })).createVolunteerPosition;
}

export async function myPositions(client: ApiClient): Promise<PositionView[]> {
  return (await gqlOk<{ myVolunteerPositions: PositionView[] }>(client, MY_POSITIONS)).myVolunteerPositions;
}

export async function directory(client: ApiClient, vars: Record<string, unknown> = {}): Promise<DirectoryView> {
  return (await gqlOk<{ clubDirectory: DirectoryView }>(client, DIRECTORY, vars)).clubDirectory;
}

/** A club owner who registered the club and saved its profile (pending unless `status` says). */
export async function newClubOwner(
  server: HasDb & { url: string },
  opts: { clubName?: string; status?: 'pending' | 'approved' | 'rejected'; profile?: Record<string, unknown> } = {},
): Promise<Member & { club: ClubProfileView }> {
  const clubName = opts.clubName ?? `Club ${Math.random().toString(36).slice(2, 8)}`;
  const member = await newMember(server.url, { clubName, fullName: 'Club Owner' });
  const club = await saveProfileOk(member.client, validProfile({ clubName, contactEmail: member.email, ...opts.profile }));
  if (opts.status === 'approved') await approveClub(server, member.user.id);
  else if (opts.status) await setClubStatus(server, member.user.id, opts.status);
  return { ...member, club };
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

export async function positionRow(server: HasDb, id: string) {
  const [row] = await dbOf(server).select().from(clubVolunteerPositions).where(eq(clubVolunteerPositions.id, id));
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
