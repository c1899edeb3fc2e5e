// Volunteer profiles: sign-up (account and profile in one transaction), the caller's profile, who
// may see a profile, the approved clubs' volunteer search, and the profile image's address. Every
// rule of these lives here; GraphQL and REST only translate.
import { and, count, eq, getTableColumns, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import type { Db, Executor } from '../../db/client.js';
import { shownColumns, type Shown } from '../../db/columns.js';
import { clubs, users, volunteerApplications, volunteerProfiles, type VolunteerProfileRow } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { containsPattern } from '../../lib/like.js';
import { sanitizeText } from '../../lib/sanitize.js';
import { parseInput } from '../../lib/validate.js';
import type { Context } from '../../graphql/context.js';
import { connectionFrom, cursorValue, keyset, pageRequest, preciseInstant, type ConnectionResult, type PageArgs } from '../../graphql/relay.js';
import type { AuthService } from '../auth/auth.service.js';
import type { RequestMeta, Viewer } from '../../lib/viewer.js';
import type { UserView } from '../users/users.service.js';
import { searchQuery } from '../clubs/club-directory.service.js';
import {
  RAW_LIST_MAX,
  VOLUNTEER_MESSAGES,
  VOLUNTEER_PAGE_SIZE,
  skillKey,
  volunteerFullName,
  volunteerProfileRules,
  volunteerSearchRules,
  volunteerSignUpRules,
  type VolunteerProfileValues,
} from './volunteers.rules.js';

/** A profile as the API answers it: its Node id is the account's id. */
export type VolunteerProfileView = Shown<VolunteerProfileRow> & { id: string; sortKey?: string };

export const toProfileView = (row: Shown<VolunteerProfileRow>): VolunteerProfileView => ({ ...row, id: row.userId });

/** The texts a profile form sends, stripped of markup before the rules count them. */
const TEXT_FIELDS = ['firstName', 'lastName', 'location', 'bio'] as const;

function sanitizedProfile(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const copy: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const field of TEXT_FIELDS) if (typeof copy[field] === 'string') copy[field] = sanitizeText(copy[field] as string);
  for (const field of ['skills', 'availability'] as const) {
    const list = copy[field];
    // An overlong list is left for the rules to refuse whole, not sanitised item by item.
    if (Array.isArray(list) && list.length <= RAW_LIST_MAX) copy[field] = list.map((item) => (typeof item === 'string' ? sanitizeText(item) : item));
  }
  return copy;
}

/** The columns a profile's values fill (skill_keys with the skills, as the skill filter reads it). */
function profileColumns(values: Omit<VolunteerProfileValues, 'email'>) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    location: values.location,
    skills: values.skills,
    skillKeys: values.skills.map(skillKey),
    availability: values.availability,
    bio: values.bio,
  };
}

/** What decides whether a caller other than the volunteer sees a profile; looked up only when
 *  needed (the resolvers answer them through per-request DataLoaders). */
export interface ProfileVisibilityLookups {
  /** The caller's own club, or null when the caller has none. */
  ownClub: () => Promise<{ applicationStatus: string } | null>;
  /** Whether the volunteer applied to the caller's club. */
  appliedToOwnClub: () => Promise<boolean>;
}

/** Who sees a volunteer's profile: the volunteer, platform administrators, owners of approved
 *  clubs, and the owner of a club the volunteer applied to; once a moderator removed it
 *  (`removed`), only the volunteer and platform administrators. */
export async function canSeeProfile(viewer: Viewer | null, volunteerId: string, lookups: ProfileVisibilityLookups, removed = false): Promise<boolean> {
  if (!viewer) return false;
  if (viewer.userId === volunteerId || viewer.isPlatformAdmin) return true;
  if (removed) return false;
  const club = await lookups.ownClub();
  if (!club) return false;
  return club.applicationStatus === 'approved' || (await lookups.appliedToOwnClub());
}

/** Whether the caller sees the profile's contact email: only the volunteer and administrators. */
export function canSeeProfileEmail(viewer: Viewer | null, volunteerId: string): boolean {
  return viewer !== null && (viewer.userId === volunteerId || viewer.isPlatformAdmin);
}


export type VolunteerSearchArgs = { search?: string | null; location?: string | null; skill?: string | null } & PageArgs;

export class VolunteersService {
  constructor(
    private readonly db: Db,
    private readonly auth: Pick<AuthService, 'createAccount' | 'welcomeMail'>,
  ) {}

  // ---- sign-up and the caller's profile ------------------------------------------------------

  /** A new volunteer: the account (full name = first + last, the sign-up rate limit, password
   *  rules and EMAIL_IN_USE of every sign-up) and its profile (contact email = the account's), in
   *  one transaction. */
  async signUp(raw: unknown, meta: RequestMeta): Promise<UserView> {
    const input = parseInput(volunteerSignUpRules, sanitizedProfile(raw));
    return this.auth.createAccount({ email: input.email, password: input.password, fullName: volunteerFullName(input.firstName, input.lastName) }, meta, {
      within: (tx, userId) => this.insertProfile(tx, userId, input.email, input),
      mail: this.auth.welcomeMail(),
    });
  }

  /** The sign-up's profile row (a method of its own so a test can make it fail and prove that the
   *  account is rolled back with it). */
  async insertProfile(tx: Executor, userId: string, email: string, values: Omit<VolunteerProfileValues, 'email'>): Promise<void> {
    await tx.insert(volunteerProfiles).values({ userId, email, ...profileColumns(values) });
  }

  /** Creates or replaces the caller's profile. An account that owns a club cannot have one. */
  async saveProfile(viewer: Viewer, raw: unknown): Promise<VolunteerProfileView> {
    const input = parseInput(volunteerProfileRules, sanitizedProfile(raw));
    const [club] = await this.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, viewer.userId));
    if (club) throw errors.validation(VOLUNTEER_MESSAGES.clubAccount);
    const columns = { email: input.email, ...profileColumns(input) };
    const [row] = await this.db
      .insert(volunteerProfiles)
      .values({ userId: viewer.userId, ...columns })
      .onConflictDoUpdate({ target: volunteerProfiles.userId, set: { ...columns, updatedAt: sql`now()` } })
      .returning();
    return toProfileView(row!);
  }

  // ---- the profile image's address (the file itself: volunteers.uploads.ts) -------------------

  /** Sets the caller's image address; answers the previous one (its file is then removed). The
   *  caller must have a profile. */
  async setProfileImage(viewer: Viewer, url: string | null): Promise<{ previous: string | null }> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ url: volunteerProfiles.profileImageUrl })
        .from(volunteerProfiles)
        .where(eq(volunteerProfiles.userId, viewer.userId))
        .for('update');
      if (!current) throw errors.validation(VOLUNTEER_MESSAGES.profileRequired);
      await tx.update(volunteerProfiles).set({ profileImageUrl: url, updatedAt: sql`now()` }).where(eq(volunteerProfiles.userId, viewer.userId));
      return { previous: current.url };
    });
  }

  /** Whether the caller has a profile (checked before an upload's bytes are stored). */
  async hasProfile(userId: string): Promise<boolean> {
    const [row] = await this.db.select({ id: volunteerProfiles.userId }).from(volunteerProfiles).where(eq(volunteerProfiles.userId, userId));
    return !!row;
  }

  // ---- the approved clubs' volunteer search ----------------------------------------------------

  /** Profiles of active accounts (never one a moderator removed), newest first; only owners of
   *  approved clubs and platform administrators may search (never finding themselves). */
  async search(viewer: Viewer, raw: VolunteerSearchArgs): Promise<ConnectionResult<VolunteerProfileView>> {
    const { first, after, last, before, ...filters } = raw;
    if (!viewer.isPlatformAdmin) {
      const [club] = await this.db.select({ status: clubs.applicationStatus }).from(clubs).where(eq(clubs.id, viewer.userId));
      if (club?.status !== 'approved') throw errors.forbidden(VOLUNTEER_MESSAGES.searchForbidden);
    }
    const args = parseInput(volunteerSearchRules, filters);
    const req = pageRequest(
      { first, after, last, before },
      (v) => (v.length === 2 && cursorValue.instant(v[0]) && cursorValue.uuid(v[1]) ? v : null),
      VOLUNTEER_PAGE_SIZE,
      'volunteers',
    );
    const conditions: SQL[] = [ne(volunteerProfiles.userId, viewer.userId), sql`${users.status} = 'active'`, isNull(volunteerProfiles.removedAt)];
    const query = searchQuery(args.search);
    if (query) conditions.push(sql`${volunteerProfiles.searchVector} @@ to_tsquery('simple', ${query})`);
    if (args.location) conditions.push(sql`lower(${volunteerProfiles.location}) like ${containsPattern(args.location.toLowerCase())}`);
    if (args.skill) conditions.push(sql`${volunteerProfiles.skillKeys} @> array[${skillKey(args.skill)}]::text[]`);
    const where = and(...conditions)!;
    const sortKey = preciseInstant(volunteerProfiles.createdAt);
    const page = keyset([[volunteerProfiles.createdAt as never, 'timestamptz'], [volunteerProfiles.userId as never, 'uuid']], 'desc', req);
    const rows = await this.db
      .select({ ...shownColumns(volunteerProfiles), sortKey: sortKey.as('sort_key') })
      .from(volunteerProfiles)
      .innerJoin(users, eq(users.id, volunteerProfiles.userId))
      .where(page.where ? and(where, page.where) : where)
      .orderBy(...page.orderBy)
      .limit(page.limit);
    return connectionFrom(
      rows.map((r) => ({ ...r, id: r.userId })),
      req,
      (r) => [r.sortKey, r.userId],
      async () => {
        const [total] = await this.db.select({ value: count() }).from(volunteerProfiles).innerJoin(users, eq(users.id, volunteerProfiles.userId)).where(where);
        return Number(total?.value ?? 0);
      },
    );
  }

  // ---- batched relations (DataLoaders) ---------------------------------------------------------

  /** Profiles by account id (callers apply canSeeProfile). */
  async byUserIds(ids: readonly string[]): Promise<VolunteerProfileView[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.select(shownColumns(volunteerProfiles)).from(volunteerProfiles).where(anyOf(volunteerProfiles.userId, [...ids]));
    return rows.map(toProfileView);
  }

  /** Which (club, volunteer) pairs have an application, whatever its status: one statement. */
  async appliedPairs(pairs: ReadonlyArray<{ clubId: string; volunteerId: string }>): Promise<Set<string>> {
    if (pairs.length === 0) return new Set();
    const rows = await this.db
      .selectDistinct({ clubId: volunteerApplications.clubId, volunteerId: volunteerApplications.volunteerId })
      .from(volunteerApplications)
      .where(
        and(
          anyOf(volunteerApplications.clubId, [...new Set(pairs.map((p) => p.clubId))]),
          anyOf(volunteerApplications.volunteerId, [...new Set(pairs.map((p) => p.volunteerId))]),
        ),
      );
    return new Set(rows.map((r) => `${r.clubId}:${r.volunteerId}`));
  }
}

// The profile rule applied through the request's loaders: for the resolvers of every module that
// answers a volunteer's profile (an application's, a reported item's, node(id)).

/** Whether the caller may see the profile of `volunteerId` (batched lookups); `removed`: a
 *  moderator removed it. */
export function profileVisible(ctx: Context, volunteerId: string, removed = false): Promise<boolean> {
  const viewer = ctx.viewer;
  return canSeeProfile(
    viewer,
    volunteerId,
    {
      ownClub: () => (viewer ? ctx.loaders.club.load(viewer.userId) : Promise.resolve(null)),
      appliedToOwnClub: () => (viewer ? ctx.loaders.appliedToClub.load(`${viewer.userId}:${volunteerId}`) : Promise.resolve(false)),
    },
    removed,
  );
}

/** The profile of the account `volunteerId` if it has one the caller may see, else null. For any
 *  type that answers a volunteer's profile (e.g. an application's). */
export async function visibleProfile(ctx: Context, volunteerId: string): Promise<VolunteerProfileView | null> {
  const row = await ctx.loaders.volunteerProfile.load(volunteerId);
  return row && (await profileVisible(ctx, volunteerId, row.removedAt !== null)) ? row : null;
}

declare module '../../lib/services.js' {
  interface Services {
    volunteers: VolunteersService;
  }
}
