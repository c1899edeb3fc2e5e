// Clubs: the owner's profile, meeting times and volunteer positions, and the public directory.
// One record per club (keyed by its owner's user id); every view here is a projection of it.
// Ownership is intrinsic: the caller's club is the club whose id is the caller's user id.
import { and, asc, count, desc, eq, getTableColumns, getTableName, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { anyOfPlaceholder } from '../../db/any.js';
import { oncePerShape } from '../../db/statements.js';
import type { Db, Executor } from '../../db/client.js';
import {
  clubMeetingTimes,
  clubs,
  users,
  clubVolunteerPositions,
  type ClubMeetingTimeRow,
  type ClubRow,
  type ClubVolunteerPositionRow,
} from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';
import { sanitizeText } from '../../lib/sanitize.js';
import { uuidRule } from '../../lib/shared/common.rules.js';
import { parseInput } from '../../lib/validate.js';
import type { PublicEntry, PublicRange } from '../../lib/public-listing.js';
import type { Loaders } from '../../graphql/context.js';
import { connectionFrom, cursorValue, keyset, pageRequest, type ConnectionResult, type PageArgs } from '../../graphql/relay.js';
import type { Viewer } from '../../lib/viewer.js';
import { CLUB_MESSAGES, clubProfileRules, meetingTimesRules } from './clubs.rules.js';
import { opportunityPositionRules } from '../opportunities/opportunities.rules.js';
import { offeredCheckKindId } from '../safeguarding/safeguarding.service.js';
import { skillKey } from '../volunteers/volunteers.rules.js';
import { clubSettingsRules } from '../volunteers/volunteers.rules.js';

// The application's webhook events are built where its changes are made (auth's sign-up, admin's
// decisions), through this service (a module's surface).
import { clubApplicationEvent } from './clubs.webhooks.js';
import type { WebhookEmitter } from '../webhooks/webhooks.rules.js';
export { clubApplicationEvent };

export const CLUB_NOT_FOUND = 'Club not found';
export const POSITION_NOT_FOUND = 'Volunteer position not found';
export const NOT_YOUR_POSITION = "You can only change your own club's volunteer positions.";
export const NO_CLUB = 'You do not have a club yet. Save your club profile first.';
export const POSITIONS_MAX = 200;
export const TOO_MANY_POSITIONS = `A club can have at most ${POSITIONS_MAX} volunteer positions.`;
export const POSITION_REMOVED = 'This position was removed by a moderator.';
export const DIRECTORY_PAGE_DEFAULT = 24;

/** A club as the API reads it: every column but the search document (only the directory's
 *  search reads that, in SQL). */
export type ClubView = Omit<ClubRow, 'searchVector'>;

/** What the club settings need of the notification preferences (given by the composition root). */
export interface ClubEmailChoices {
  chooseWithin(tx: Executor, userId: string, changes: { kind: 'volunteer_application_received' | 'volunteer_application_withdrawn'; channel: 'email'; enabled: boolean }[]): Promise<void>;
}
const { searchVector: _searchDocument, ...CLUB_VIEW_COLUMNS } = getTableColumns(clubs);

/** What saving meeting times does to the club's dated sessions (the sessions module, given by the
 *  composition root): re-plans them in the same transaction. */
export interface SessionPlanner {
  planClub(tx: Executor, clubId: string): Promise<unknown>;
}

/** A weekly session as a club's card shows it. */
export type ClubMeetingTime = Pick<ClubMeetingTimeRow, 'dayOfWeek' | 'startTime' | 'endTime'>;

/** What the directory's statement computes beside the page: each left out when nobody asks. */
export interface DirectoryInclude {
  totalCount: boolean;
  liveRoleCounts: boolean;
  meetingTimes: boolean;
  /** Only the card's columns (CARD_COLUMNS): the caller asks for nothing else of the clubs. */
  cardOnly: boolean;
}
const EVERYTHING: DirectoryInclude = { totalCount: true, liveRoleCounts: true, meetingTimes: true, cardOnly: false };

/** What a directory card shows of a club (its initials and location are made of name, city and
 *  address), and what decides whether a viewer may see it. */
const CARD_COLUMNS = {
  id: clubs.id,
  name: clubs.name,
  city: clubs.city,
  address: clubs.address,
  description: clubs.description,
  category: clubs.category,
  contactEmail: clubs.contactEmail,
  contactPhone: clubs.contactPhone,
  website: clubs.website,
  verified: clubs.verified,
  applicationStatus: clubs.applicationStatus,
  removedAt: clubs.removedAt,
};
export type ClubCard = Pick<ClubView, keyof typeof CARD_COLUMNS>;
/** What makes two directory requests run the same SQL text. */
type DirectoryShape = DirectoryInclude & { search: boolean; sport: boolean; cursor: boolean; forward: boolean };

/** The directory's filter: approved clubs not removed ('approved' a literal, not a parameter: a
 *  prepared statement's generic plan can then still use the partial directory indexes,
 *  bench/clubs-explain.ts), matching the search words (placeholder `query`) and the sport
 *  (placeholder `sport`) when the request has them. */
function directoryWhere(search: boolean, sport: boolean): SQL {
  const conditions: SQL[] = [APPROVED];
  if (search) conditions.push(sql`${clubs.searchVector} @@ to_tsquery('simple', ${sql.placeholder('query')})`);
  if (sport) conditions.push(sql`${clubs.category} = ${sql.placeholder('sport')}`);
  return and(...conditions)!;
}

/** A directory row with its cursor's sort key as the database lowers it (JavaScript's lowering
 *  differs for some letters, e.g. a final capital sigma), and the card's relations when asked for. */
export type DirectoryRow = ClubView & { sortName: string; liveRoleCount?: number; meetingTimes?: ClubMeetingTime[] };
/** A directory row read with `cardOnly`: the card's columns only. */
export type DirectoryCardRow = ClubCard & Omit<DirectoryRow, keyof ClubView>;

const directoryRules = z.object({
  search: z.string().trim().max(100, { error: 'Search must be at most 100 characters' }).nullish(),
  sport: z.string().trim().max(50, { error: 'Sport must be at most 50 characters' }).nullish(),
});
export type DirectoryArgs = z.input<typeof directoryRules> & PageArgs;

/** Approved and not removed by a moderator: what the public side shows. */
const APPROVED = sql`${clubs.applicationStatus} = 'approved' and ${clubs.removedAt} is null`;
/** A column named with its table: drizzle writes a selected expression's columns unqualified,
 *  and a correlated subquery must say which table's `id` it means. */
const qualified = (column: AnyPgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
const [position, time] = [clubVolunteerPositions, clubMeetingTimes];
/** A live position: shown by its owner and not removed by a moderator (what cards count). */
const LIVE_POSITION = sql`${qualified(position.isLive)} and ${qualified(position.removedAt)} is null`;
/** A club's meeting times are listed by day, then start. */
const MEETING_TIME_KEYS = [time.dayOfWeek, time.startTime];
const MEETING_TIMES_ORDER = MEETING_TIME_KEYS.map((column) => asc(column));

/** The live positions of the club of the row being read (a correlated subquery of the directory). */
const LIVE_ROLE_COUNT = sql<number>`(select count(*)::int from ${position}
  where ${qualified(position.clubId)} = ${qualified(clubs.id)} and ${LIVE_POSITION})`;
/** The meeting times of the club of the row being read, as a JSON array in their order. */
const MEETING_TIMES_JSON = sql<ClubMeetingTime[]>`coalesce((select json_agg(json_build_object(
  'dayOfWeek', ${qualified(time.dayOfWeek)}, 'startTime', ${qualified(time.startTime)}, 'endTime', ${qualified(time.endTime)})
  order by ${sql.join(MEETING_TIME_KEYS.map(qualified), sql`, `)})
  from ${time} where ${qualified(time.clubId)} = ${qualified(clubs.id)}), '[]')`.mapWith((value: unknown) =>
  // postgres.js parses json; PGlite may hand over the text.
  typeof value === 'string' ? (JSON.parse(value) as ClubMeetingTime[]) : (value as ClubMeetingTime[]),
);
const positionIdRule = uuidRule('position');
const meetingTimesInput = z.object({ times: meetingTimesRules });
const isLiveRule = z.boolean({ error: 'isLive must be true or false' });
/** The directory's order: by name whatever the letter case, then id. */
const SORT_NAME = sql<string>`lower(${clubs.name})`;

/** The profile's plain-text fields (URLs and email are validated, not rewritten). */
const PROFILE_TEXT_FIELDS = ['name', 'description', 'address', 'city', 'postcode'] as const;
const POSITION_TEXT_FIELDS = ['title', 'description', 'responsibilities', 'requirements', 'timeCommitment', 'location', 'contactInfo'] as const;

/** Strips markup from the named string fields before the rules see them (so a length rule
 *  counts what will be stored). */
function sanitized<T extends string>(raw: unknown, fields: readonly T[]): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const copy: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const field of fields) {
    if (typeof copy[field] === 'string') copy[field] = sanitizeText(copy[field] as string);
  }
  return copy;
}

/** A position's form, sanitised, checked, with the skill filter's keys (lower(trim(skill))). */
function positionValues(raw: unknown) {
  const copy = sanitized(raw, POSITION_TEXT_FIELDS) as Record<string, unknown> | null;
  if (copy && Array.isArray(copy.requiredSkills)) {
    copy.requiredSkills = copy.requiredSkills.map((item) => (typeof item === 'string' ? sanitizeText(item) : item));
  }
  const input = parseInput(opportunityPositionRules, copy);
  return { ...input, skillKeys: input.requiredSkills.map(skillKey) };
}

/** Runs in a position's update, after the row changed. */
export type PositionUpdateHook = (tx: Executor, positionId: string) => Promise<void>;

/** Runs in a position's deletion, before the row (and its applications) go. */
export type PositionDeletionHook = (tx: Executor, position: ClubVolunteerPositionRow) => Promise<void>;

/** A blank optional text is stored as null. */
const orNull = (value: string) => (value === '' ? null : value);

/** The websearch words as a prefix query: 'foot lon' finds 'Football' in 'London'. */
export function searchQuery(search: string | null | undefined): string | null {
  const terms = (search ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return terms.length === 0 ? null : terms.map((t) => `${t}:*`).join(' & ');
}

/** Whether `viewer` may see `club`: approved clubs for everyone; an unapproved one, or one a
 *  moderator removed, for its owner and platform administrators only. */
export function canSeeClub(viewer: Viewer | null, club: Pick<ClubRow, 'id' | 'applicationStatus' | 'removedAt'>): boolean {
  return (club.applicationStatus === 'approved' && club.removedAt === null) || ownsOrAdministers(viewer, club.id);
}

/** Whether `viewer` owns the club `clubId` or is a platform administrator (owner-only fields). */
export function ownsOrAdministers(viewer: Viewer | null, clubId: string): boolean {
  return viewer !== null && (viewer.userId === clubId || viewer.isPlatformAdmin);
}

/** Whether `club` was listed in the directory and a moderator has since removed it: its page
 *  answers 410 Gone rather than 404 (it was public, and is no longer). Clubs are never deleted;
 *  an unapproved club was never public, so it is simply not found. */
export function removedFromDirectory(club: Pick<ClubRow, 'applicationStatus' | 'removedAt'>): boolean {
  return club.applicationStatus === 'approved' && club.removedAt !== null;
}

export class ClubsService {
  /** The directory's statements by shape (see directoryStatement): at most 2^8 of them. */
  private readonly directoryStatements = new Map<string, { execute(values: Record<string, unknown>): Promise<unknown[]> }>();
  /** The batched loads by id, built once (one text whatever the batch size: `= any($1)`). */
  private byIdsStatement?: { execute(values: Record<string, unknown>): Promise<ClubView[]> };
  private positionsByIdsStatement?: { execute(values: Record<string, unknown>): Promise<ClubVolunteerPositionRow[]> };

  constructor(
    private readonly db: Db,
    /** The owner's notification choices (the notifications module): the club settings' two email
     *  switches are the owner's email choices for the application kinds. */
    private readonly emailChoices?: ClubEmailChoices,
    /** The club's dated sessions follow its meeting times (issue 29). */
    private readonly sessions?: SessionPlanner,
    /** Webhook events (issue 31): a club made by its first profile save is an application. */
    private readonly webhooks?: WebhookEmitter,
  ) {}

  // ---- the owner's club -------------------------------------------------------------------

  /** Creates or updates the caller's profile. The first save creates the club unapproved when the
   *  caller has none; once a profile is saved its club name is read-only. */
  async saveProfile(viewer: Viewer, raw: unknown): Promise<ClubRow> {
    const input = parseInput(clubProfileRules, sanitized(raw, PROFILE_TEXT_FIELDS));
    const profile = {
      category: input.category,
      description: input.description,
      website: orNull(input.websiteUrl),
      contactEmail: input.contactEmail,
      contactPhone: orNull(input.contactPhone),
      facebookUrl: orNull(input.facebookUrl),
      instagramUrl: orNull(input.instagramUrl),
      twitterUrl: orNull(input.twitterUrl),
      address: orNull(input.address),
      city: orNull(input.city),
      postcode: orNull(input.postcode),
      what3words: orNull(input.what3words),
      googleMapsUrl: orNull(input.googleMapsUrl),
    };
    return this.db.transaction(async (tx) => {
      const now = new Date();
      let [current] = await tx.select().from(clubs).where(eq(clubs.id, viewer.userId)).for('update');
      if (!current) {
        const [created] = await tx
          .insert(clubs)
          .values({ id: viewer.userId, name: input.name, ...profile, profileSavedAt: now })
          .onConflictDoNothing()
          .returning();
        if (created) {
          await this.webhooks?.emit(tx, clubApplicationEvent('club.application.submitted', created));
          return created;
        }
        // A concurrent first save won: this one is an update of that club.
        [current] = await tx.select().from(clubs).where(eq(clubs.id, viewer.userId)).for('update');
      }
      if (current!.profileSavedAt && current!.name !== input.name) {
        throw errors.validation(CLUB_MESSAGES.clubNameLockedTitle, { name: CLUB_MESSAGES.clubNameLocked });
      }
      const [updated] = await tx
        .update(clubs)
        .set({ name: input.name, ...profile, profileSavedAt: current!.profileSavedAt ?? now, updatedAt: now })
        .where(eq(clubs.id, viewer.userId))
        .returning();
      return updated!;
    });
  }

  /** Replaces all of the caller's meeting times in one transaction: a failure leaves the old ones.
   *  Without a club the caller may not (FORBIDDEN); a club not approved yet is a rule of its state
   *  (BAD_USER_INPUT 'Meeting times can be saved once your club is approved.'). */
  async saveMeetingTimes(viewer: Viewer, raw: unknown): Promise<{ club: ClubRow; times: ClubMeetingTimeRow[] }> {
    const { times } = parseInput(meetingTimesInput, { times: raw });
    return this.db.transaction(async (tx) => {
      const [club] = await tx.select().from(clubs).where(eq(clubs.id, viewer.userId)).for('update');
      if (!club) throw errors.forbidden(NO_CLUB);
      if (club.applicationStatus !== 'approved') throw errors.validation(CLUB_MESSAGES.notApproved);
      await tx.delete(clubMeetingTimes).where(eq(clubMeetingTimes.clubId, viewer.userId));
      if (times.length > 0) await tx.insert(clubMeetingTimes).values(times.map((t) => ({ clubId: viewer.userId, ...t })));
      await this.sessions?.planClub(tx, viewer.userId);
      if (times.length === 0) return { club, times: [] };
      const saved = await tx
        .select()
        .from(clubMeetingTimes)
        .where(eq(clubMeetingTimes.clubId, viewer.userId))
        .orderBy(...MEETING_TIMES_ORDER);
      return { club, times: saved };
    });
  }

  /** The club account's settings: the contact email on the club, the owner's name on the account
   *  and the owner's email choices for applications and withdrawals (their notification
   *  preferences), in one transaction. Without a club the caller may not (FORBIDDEN). */
  async saveSettings(viewer: Viewer, raw: unknown): Promise<ClubRow> {
    const input = parseInput(clubSettingsRules, sanitized(raw, ['ownerName']));
    return this.db.transaction(async (tx) => {
      const [club] = await tx
        .update(clubs)
        .set({
          contactEmail: input.contactEmail,
          updatedAt: new Date(),
        })
        .where(eq(clubs.id, viewer.userId))
        .returning();
      if (!club) throw errors.forbidden(NO_CLUB);
      await tx.update(users).set({ fullName: input.ownerName, updatedAt: new Date() }).where(eq(users.id, viewer.userId));
      await this.emailChoices?.chooseWithin(tx, viewer.userId, [
        { kind: 'volunteer_application_received', channel: 'email', enabled: input.notifyApplicationsByEmail },
        { kind: 'volunteer_application_withdrawn', channel: 'email', enabled: input.notifyWithdrawalsByEmail },
      ]);
      return club;
    });
  }

  // ---- volunteer positions ----------------------------------------------------------------

  /** A new position of the caller's club; it starts hidden. Without a club the caller may not
   *  (FORBIDDEN); a club whose profile is not saved yet is a rule of its state (BAD_USER_INPUT). */
  async createPosition(viewer: Viewer, raw: unknown): Promise<ClubVolunteerPositionRow> {
    const input = positionValues(raw);
    return this.db.transaction(async (tx) => {
      const [club] = await tx
        .select({ profileSavedAt: clubs.profileSavedAt })
        .from(clubs)
        .where(eq(clubs.id, viewer.userId))
        .for('update');
      if (!club) throw errors.forbidden(NO_CLUB);
      if (!club.profileSavedAt) throw errors.validation(CLUB_MESSAGES.profileFirst);
      const [{ value }] = (await tx
        .select({ value: count() })
        .from(clubVolunteerPositions)
        .where(eq(clubVolunteerPositions.clubId, viewer.userId))) as [{ value: number }];
      if (value >= POSITIONS_MAX) throw errors.validation(TOO_MANY_POSITIONS);
      const requiredCheckKindId = await offeredCheckKindId(tx, (raw as { requiredCheckId?: unknown } | null)?.requiredCheckId, null);
      const [row] = await tx
        .insert(clubVolunteerPositions)
        .values({ clubId: viewer.userId, ...input, requiredCheckKindId, isLive: false })
        .returning();
      return row!;
    });
  }

  /** Replaces one of the caller's positions' fields; `afterUpdate` runs in the same transaction
   *  (the opportunities module checks the places against those taken and fills freed ones). */
  async updatePosition(viewer: Viewer, id: string, raw: unknown, afterUpdate?: PositionUpdateHook): Promise<ClubVolunteerPositionRow> {
    const positionId = this.positionId(id);
    const input = positionValues(raw);
    const requiredCheckKindId = await offeredCheckKindId(this.db, (raw as { requiredCheckId?: unknown } | null)?.requiredCheckId, positionId);
    const row = await this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(clubVolunteerPositions)
        .set({ ...input, requiredCheckKindId, updatedAt: new Date() })
        .where(this.ownPosition(viewer, positionId))
        .returning();
      if (!updated) return null;
      if (!afterUpdate) return updated;
      await afterUpdate(tx, updated.id);
      const [after] = await tx.select().from(clubVolunteerPositions).where(eq(clubVolunteerPositions.id, updated.id));
      return after!;
    });
    return row ?? this.refuse(positionId);
  }

  /** Shows or hides one of the caller's positions; one a moderator removed can be hidden but not
   *  shown again ('This position was removed by a moderator.'). */
  async setPositionLive(viewer: Viewer, id: string, isLive: unknown): Promise<ClubVolunteerPositionRow> {
    const positionId = this.positionId(id);
    const live = parseInput(isLiveRule, isLive);
    const [row] = await this.db
      .update(clubVolunteerPositions)
      .set({ isLive: live, updatedAt: new Date() })
      .where(live ? and(this.ownPosition(viewer, positionId), isNull(clubVolunteerPositions.removedAt)) : this.ownPosition(viewer, positionId))
      .returning();
    return row ?? this.refuse(positionId, viewer);
  }

  /** Deletes one of the caller's positions (its applications go with it); answers the deleted
   *  row. `beforeDelete` runs in the same transaction while the applications still exist (the
   *  opportunities module tells pending applicants). */
  async deletePosition(viewer: Viewer, id: string, beforeDelete?: PositionDeletionHook): Promise<ClubVolunteerPositionRow> {
    const positionId = this.positionId(id);
    const row = await this.db.transaction(async (tx) => {
      const [own] = await tx.select().from(clubVolunteerPositions).where(this.ownPosition(viewer, positionId)).for('update');
      if (!own) return null;
      if (beforeDelete) await beforeDelete(tx, own);
      const [deleted] = await tx.delete(clubVolunteerPositions).where(this.ownPosition(viewer, positionId)).returning();
      return deleted ?? null;
    });
    return row ?? this.refuse(positionId);
  }

  private positionId(id: string): string {
    if (!positionIdRule.safeParse(id).success) throw new AppError('NOT_FOUND', POSITION_NOT_FOUND, { id: POSITION_NOT_FOUND });
    return id;
  }

  private ownPosition(viewer: Viewer, id: string): SQL {
    return and(eq(clubVolunteerPositions.id, id), eq(clubVolunteerPositions.clubId, viewer.userId))!;
  }

  /** Nothing changed: says whether the position is someone else's, was removed by a moderator
   *  (the owner's only; `viewer` given where that refuses) or does not exist. */
  private async refuse(id: string, viewer?: Viewer): Promise<never> {
    const [other] = await this.db
      .select({ clubId: clubVolunteerPositions.clubId, removedAt: clubVolunteerPositions.removedAt })
      .from(clubVolunteerPositions)
      .where(eq(clubVolunteerPositions.id, id));
    if (other && viewer && other.clubId === viewer.userId && other.removedAt) throw errors.validation(POSITION_REMOVED, { id: POSITION_REMOVED });
    throw other ? errors.forbidden(NOT_YOUR_POSITION) : new AppError('NOT_FOUND', POSITION_NOT_FOUND, { id: POSITION_NOT_FOUND });
  }

  // ---- public views -----------------------------------------------------------------------

  /** The directory: approved clubs (never one a moderator removed) by name, optionally matching words (full-text, prefix) and one
   *  sport; keyset pages on (lower(name), id) either way. One statement answers the page with
   *  what `include` asks for, each computed in PostgreSQL: the total (an uncorrelated subquery,
   *  run once), each card's live-role count and its meeting times (correlated subqueries on
   *  indexes); an empty page counts in a statement of its own. */
  async directory(raw: DirectoryArgs, include: DirectoryInclude = EVERYTHING): Promise<ConnectionResult<DirectoryRow | DirectoryCardRow>> {
    const { first, after, last, before, ...filters } = raw;
    const args = parseInput(directoryRules, filters);
    const req = pageRequest(
      { first, after, last, before },
      (v) => (v.length === 2 && cursorValue.text(v[0]) && cursorValue.uuid(v[1]) ? v : null),
      DIRECTORY_PAGE_DEFAULT,
      'clubs',
    );
    const query = searchQuery(args.search);
    const sport = args.sport || null;
    const statement = this.directoryStatement({ search: query !== null, sport: sport !== null, cursor: req.cursor !== null, forward: req.forward, ...include });
    const rows = (await statement.execute({
      query,
      sport,
      sortKey: req.cursor?.[0] ?? null,
      idKey: req.cursor?.[1] ?? null,
      limit: req.size + 1,
    })) as ((DirectoryRow | DirectoryCardRow) & { totalCount?: number })[];
    const total = rows[0]?.totalCount;
    for (const row of rows) delete row.totalCount;
    return connectionFrom(rows, req, (r) => [r.sortName, r.id], async () => {
      if (total !== undefined) return total;
      const [counted] = await this.db.select({ value: count() }).from(clubs).where(directoryWhere(query !== null, sport !== null)).execute({ query, sport });
      return Number(counted?.value ?? 0);
    });
  }

  /** The directory's statement for one shape of request (filters, paging direction, what to
   *  include), built once: drizzle writes the SQL text and its column mapping once per shape, and
   *  every request of that shape only fills in the values. */
  private directoryStatement(shape: DirectoryShape) {
    const key = Object.values(shape).map(Number).join('');
    return oncePerShape(this.directoryStatements, key, () => this.buildDirectoryStatement(shape, key));
  }

  /** Builds the directory's statement for one shape (directoryStatement keeps it). */
  private buildDirectoryStatement(shape: DirectoryShape, key: string) {
    const where = directoryWhere(shape.search, shape.sport);
    const page = keyset([[SORT_NAME, 'text'], [clubs.id as never, 'uuid']], 'asc', {
      forward: shape.forward,
      size: 0,
      cursor: shape.cursor ? [sql.placeholder('sortKey'), sql.placeholder('idKey')] : null,
      hasAfter: false,
      hasBefore: false,
      list: 'clubs',
    });
    return this.db
      .select({
        ...(shape.cardOnly ? CARD_COLUMNS : CLUB_VIEW_COLUMNS),
        sortName: sql<string>`lower(${clubs.name})`.as('sort_name'),
        ...(shape.liveRoleCounts ? { liveRoleCount: LIVE_ROLE_COUNT.as('live_role_count') } : {}),
        ...(shape.meetingTimes ? { meetingTimes: MEETING_TIMES_JSON.as('meeting_times') } : {}),
        ...(shape.totalCount ? { totalCount: sql<number>`(select count(*)::int from ${clubs} where ${where})`.as('total_count') } : {}),
      })
      .from(clubs)
      .where(page.where ? and(where, page.where) : where)
      .orderBy(...page.orderBy)
      .limit(sql.placeholder('limit'))
      .prepare(`club_directory_${key}`);
  }

  /** The sport filter's options: the categories of approved clubs (not removed), alphabetically. */
  async sportsPresent(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ category: clubs.category })
      .from(clubs)
      .where(and(APPROVED, sql`${clubs.category} is not null`))
      .orderBy(asc(clubs.category));
    return rows.map((r) => r.category!);
  }

  /** The clubs of the directory (approved, not removed: its rule, APPROVED) by id, a range at a
   *  time: the sitemap's club pages. */
  async listedClubs({ after, skip, limit }: PublicRange): Promise<PublicEntry[]> {
    return this.db
      .select({ id: clubs.id, updatedAt: clubs.updatedAt })
      .from(clubs)
      .where(after ? and(APPROVED, gt(clubs.id, after)) : APPROVED)
      .orderBy(asc(clubs.id))
      .offset(skip)
      .limit(limit);
  }

  /** How many clubs the directory lists. */
  async listedClubCount(): Promise<number> {
    const [row] = await this.db.select({ value: count() }).from(clubs).where(APPROVED);
    return Number(row?.value ?? 0);
  }

  // ---- batched relations (DataLoaders) ----------------------------------------------------

  /** Clubs by id, whatever their status (callers apply canSeeClub). */
  async byIds(ids: readonly string[]): Promise<ClubView[]> {
    if (ids.length === 0) return [];
    this.byIdsStatement ??= this.db.select(CLUB_VIEW_COLUMNS).from(clubs).where(anyOfPlaceholder(clubs.id, 'ids')).prepare('clubs_by_ids');
    return this.byIdsStatement.execute({ ids: [...ids] });
  }

  /** Positions by id, whatever their club or visibility (callers decide who may see them). */
  async positionsByIds(ids: readonly string[]): Promise<ClubVolunteerPositionRow[]> {
    if (ids.length === 0) return [];
    this.positionsByIdsStatement ??= this.db.select().from(clubVolunteerPositions).where(anyOfPlaceholder(clubVolunteerPositions.id, 'ids')).prepare('positions_by_ids');
    return this.positionsByIdsStatement.execute({ ids: [...ids] });
  }

  /** Live positions per club (not those a moderator removed), one grouped statement for any
   *  number of clubs. */
  async liveRoleCounts(clubIds: readonly string[]): Promise<Map<string, number>> {
    if (clubIds.length === 0) return new Map();
    const rows = await this.db
      .select({ clubId: clubVolunteerPositions.clubId, value: count() })
      .from(clubVolunteerPositions)
      .where(and(inArray(clubVolunteerPositions.clubId, [...clubIds]), LIVE_POSITION))
      .groupBy(clubVolunteerPositions.clubId);
    return new Map(rows.map((r) => [r.clubId, Number(r.value)]));
  }

  /** Meeting times of many clubs, by day then start. */
  async meetingTimesOf(clubIds: readonly string[]): Promise<(ClubMeetingTime & { clubId: string })[]> {
    if (clubIds.length === 0) return [];
    return this.db
      .select({ clubId: clubMeetingTimes.clubId, dayOfWeek: clubMeetingTimes.dayOfWeek, startTime: clubMeetingTimes.startTime, endTime: clubMeetingTimes.endTime })
      .from(clubMeetingTimes)
      .where(inArray(clubMeetingTimes.clubId, [...clubIds]))
      .orderBy(asc(clubMeetingTimes.clubId), ...MEETING_TIMES_ORDER);
  }

  /** Positions of many clubs, newest first: only the live ones a moderator has not removed, or
   *  with `hidden` (the owner's view) every one. */
  async positionsOf(clubIds: readonly string[], { hidden }: { hidden: boolean }): Promise<ClubVolunteerPositionRow[]> {
    if (clubIds.length === 0) return [];
    const ofClubs = inArray(clubVolunteerPositions.clubId, [...clubIds]);
    return this.db
      .select()
      .from(clubVolunteerPositions)
      .where(hidden ? ofClubs : and(ofClubs, LIVE_POSITION))
      .orderBy(desc(clubVolunteerPositions.createdAt), desc(clubVolunteerPositions.id));
  }
}

/** After a change to a club's positions, later reads in the same request see it. */
export function forgetPositions(loaders: Loaders, clubId: string): void {
  loaders.liveRoleCount.clear(clubId);
  loaders.livePositions.clear(clubId);
  loaders.allPositions.clear(clubId);
}

declare module '../../lib/services.js' {
  interface Services {
    clubs: ClubsService;
  }
}
