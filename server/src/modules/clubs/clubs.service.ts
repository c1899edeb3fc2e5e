// Clubs: the owner's profile, meeting times and volunteer positions, and the public directory.
// One record per club (keyed by its owner's user id); every view here is a projection of it.
// Ownership is intrinsic: the caller's club is the club whose id is the caller's user id.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  clubMeetingTimes,
  clubs,
  clubVolunteerPositions,
  type ClubMeetingTimeRow,
  type ClubRow,
  type ClubVolunteerPositionRow,
} from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { sanitizeText } from '../../lib/sanitize.js';
import { uuidRule } from '../../lib/shared/common.rules.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../auth/viewer.js';
import { CLUB_MESSAGES, clubProfileRules, meetingTimesRules, volunteerPositionRules } from './clubs.rules.js';

export const CLUB_NOT_FOUND = 'Club not found';
export const POSITION_NOT_FOUND = 'Volunteer position not found';
export const NOT_YOUR_POSITION = "You can only change your own club's volunteer positions.";
export const NO_CLUB = 'You do not have a club yet. Save your club profile first.';
export const POSITIONS_MAX = 200;
export const TOO_MANY_POSITIONS = `A club can have at most ${POSITIONS_MAX} volunteer positions.`;
export const DIRECTORY_PAGE_MAX = 100;
export const DIRECTORY_PAGE_DEFAULT = 24;

export interface DirectoryPage {
  clubs: ClubRow[];
  totalCount: number;
  hasMore: boolean;
  endCursor: string | null;
}

const directoryRules = z.object({
  search: z.string().trim().max(100, { error: 'Search must be at most 100 characters' }).nullish(),
  sport: z.string().trim().max(50).nullish(),
  first: z
    .number()
    .int()
    .min(1, { error: `first must be between 1 and ${DIRECTORY_PAGE_MAX}` })
    .max(DIRECTORY_PAGE_MAX, { error: `first must be between 1 and ${DIRECTORY_PAGE_MAX}` })
    .nullish()
    .transform((v) => v ?? DIRECTORY_PAGE_DEFAULT),
  after: z.string().max(400).nullish(),
});
export type DirectoryArgs = z.input<typeof directoryRules>;

const clubIdRule = uuidRule('club');
const APPROVED = sql`${clubs.applicationStatus} = 'approved'`;
const positionIdRule = uuidRule('position');

/** The profile's plain-text fields (URLs and email are validated, not rewritten). */
const PROFILE_TEXT_FIELDS = ['clubName', 'description', 'address', 'city', 'postcode'] as const;
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

/** The keyset cursor: the last card's sort key. */
function encodeCursor(club: ClubRow): string {
  // The raw name: the database lowers it (JavaScript's lowering differs for some letters).
  return Buffer.from(JSON.stringify([club.name, club.id])).toString('base64url');
}

function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && clubIdRule.safeParse(value[1]).success) {
      return [value[0], value[1] as string];
    }
  } catch {
    // Falls through to the error below.
  }
  throw errors.validation('Invalid cursor');
}

export class ClubsService {
  constructor(private readonly db: Db) {}

  // ---- the owner's club -------------------------------------------------------------------

  /** The caller's club, or null when the caller has none. */
  async mine(viewer: Viewer): Promise<ClubRow | null> {
    const [row] = await this.db.select().from(clubs).where(eq(clubs.id, viewer.userId));
    return row ?? null;
  }

  /** Creates or updates the caller's profile. The first save creates the club unapproved when the
   *  caller has none; once a profile is saved its club name is read-only. */
  async saveProfile(viewer: Viewer, raw: unknown): Promise<ClubRow> {
    const input = parseInput(clubProfileRules, sanitized(raw, PROFILE_TEXT_FIELDS));
    const profile = {
      category: input.category,
      description: input.description,
      website: orNull(input.website),
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
          .values({ id: viewer.userId, name: input.clubName, ...profile, profileSavedAt: now })
          .onConflictDoNothing()
          .returning();
        if (created) return created;
        // A concurrent first save won: this one is an update of that club.
        [current] = await tx.select().from(clubs).where(eq(clubs.id, viewer.userId)).for('update');
      }
      if (current!.profileSavedAt && current!.name !== input.clubName) {
        throw errors.validation(CLUB_MESSAGES.clubNameLockedTitle, { clubName: CLUB_MESSAGES.clubNameLocked });
      }
      const [updated] = await tx
        .update(clubs)
        .set({ name: input.clubName, ...profile, profileSavedAt: current!.profileSavedAt ?? now, updatedAt: now })
        .where(eq(clubs.id, viewer.userId))
        .returning();
      return updated!;
    });
  }

  /** Replaces all of the caller's meeting times in one transaction: a failure leaves the old ones. */
  async saveMeetingTimes(viewer: Viewer, raw: unknown): Promise<ClubMeetingTimeRow[]> {
    const { times } = parseInput(z.object({ times: meetingTimesRules }), { times: raw });
    return this.db.transaction(async (tx) => {
      const [club] = await tx
        .select({ status: clubs.applicationStatus })
        .from(clubs)
        .where(eq(clubs.id, viewer.userId))
        .for('update');
      if (!club) throw errors.forbidden(NO_CLUB);
      if (club.status !== 'approved') throw errors.forbidden(CLUB_MESSAGES.notApproved);
      await tx.delete(clubMeetingTimes).where(eq(clubMeetingTimes.clubId, viewer.userId));
      if (times.length === 0) return [];
      await tx.insert(clubMeetingTimes).values(times.map((t) => ({ clubId: viewer.userId, ...t })));
      return tx
        .select()
        .from(clubMeetingTimes)
        .where(eq(clubMeetingTimes.clubId, viewer.userId))
        .orderBy(asc(clubMeetingTimes.dayOfWeek), asc(clubMeetingTimes.startTime));
    });
  }

  // ---- volunteer positions ----------------------------------------------------------------

  /** The caller's positions, newest first (hidden ones included). */
  async myPositions(viewer: Viewer): Promise<ClubVolunteerPositionRow[]> {
    return this.db
      .select()
      .from(clubVolunteerPositions)
      .where(eq(clubVolunteerPositions.clubId, viewer.userId))
      .orderBy(desc(clubVolunteerPositions.createdAt), desc(clubVolunteerPositions.id));
  }

  /** A new position of the caller's club; it starts hidden. */
  async createPosition(viewer: Viewer, raw: unknown): Promise<ClubVolunteerPositionRow> {
    const input = parseInput(volunteerPositionRules, sanitized(raw, POSITION_TEXT_FIELDS));
    return this.db.transaction(async (tx) => {
      const [club] = await tx
        .select({ profileSavedAt: clubs.profileSavedAt })
        .from(clubs)
        .where(eq(clubs.id, viewer.userId))
        .for('update');
      if (!club) throw errors.forbidden(NO_CLUB);
      if (!club.profileSavedAt) throw errors.forbidden(CLUB_MESSAGES.profileFirst);
      const [{ value }] = (await tx
        .select({ value: count() })
        .from(clubVolunteerPositions)
        .where(eq(clubVolunteerPositions.clubId, viewer.userId))) as [{ value: number }];
      if (value >= POSITIONS_MAX) throw errors.validation(TOO_MANY_POSITIONS);
      const [row] = await tx
        .insert(clubVolunteerPositions)
        .values({ clubId: viewer.userId, ...input, isLive: false })
        .returning();
      return row!;
    });
  }

  async updatePosition(viewer: Viewer, id: unknown, raw: unknown): Promise<ClubVolunteerPositionRow> {
    const positionId = parseInput(positionIdRule, id);
    const input = parseInput(volunteerPositionRules, sanitized(raw, POSITION_TEXT_FIELDS));
    const [row] = await this.db
      .update(clubVolunteerPositions)
      .set({ ...input, updatedAt: new Date() })
      .where(this.ownPosition(viewer, positionId))
      .returning();
    return row ?? this.refuse(positionId);
  }

  async setPositionLive(viewer: Viewer, id: unknown, isLive: unknown): Promise<ClubVolunteerPositionRow> {
    const positionId = parseInput(positionIdRule, id);
    const live = parseInput(z.boolean({ error: 'isLive must be true or false' }), isLive);
    const [row] = await this.db
      .update(clubVolunteerPositions)
      .set({ isLive: live, updatedAt: new Date() })
      .where(this.ownPosition(viewer, positionId))
      .returning();
    return row ?? this.refuse(positionId);
  }

  async deletePosition(viewer: Viewer, id: unknown): Promise<string> {
    const positionId = parseInput(positionIdRule, id);
    const [row] = await this.db
      .delete(clubVolunteerPositions)
      .where(this.ownPosition(viewer, positionId))
      .returning({ id: clubVolunteerPositions.id });
    return row?.id ?? this.refuse(positionId);
  }

  private ownPosition(viewer: Viewer, id: string): SQL {
    return and(eq(clubVolunteerPositions.id, id), eq(clubVolunteerPositions.clubId, viewer.userId))!;
  }

  /** Nothing changed: says whether the position is someone else's or does not exist. */
  private async refuse(id: string): Promise<never> {
    const [other] = await this.db
      .select({ id: clubVolunteerPositions.id })
      .from(clubVolunteerPositions)
      .where(eq(clubVolunteerPositions.id, id));
    throw other ? errors.forbidden(NOT_YOUR_POSITION) : errors.notFound(POSITION_NOT_FOUND);
  }

  // ---- public views -----------------------------------------------------------------------

  /** One club's public page: approved clubs for everyone; the owner and platform administrators
   *  also see an unapproved one. */
  async publicClub(viewer: Viewer | null, id: unknown): Promise<ClubRow> {
    const clubId = parseInput(clubIdRule, id);
    const [row] = await this.db.select().from(clubs).where(eq(clubs.id, clubId));
    const visible = row && (row.applicationStatus === 'approved' || viewer?.userId === row.id || viewer?.isPlatformAdmin);
    if (!visible) throw errors.notFound(CLUB_NOT_FOUND);
    return row;
  }

  /** The directory: approved clubs by name, optionally matching words (full-text, prefix) and one
   *  sport; a page after a keyset cursor. Two statements whatever the page size. */
  async directory(raw: DirectoryArgs): Promise<DirectoryPage> {
    const args = parseInput(directoryRules, raw);
    // 'approved' written as a literal, not a parameter: a prepared statement's generic plan can
    // then still use the partial directory indexes (bench/clubs-explain.ts).
    const filters: SQL[] = [APPROVED];
    const query = searchQuery(args.search);
    if (query) filters.push(sql`${clubs.searchVector} @@ to_tsquery('simple', ${query})`);
    if (args.sport) filters.push(eq(clubs.category, args.sport));
    const where = and(...filters)!;
    const cursor = args.after ? decodeCursor(args.after) : null;
    const pageWhere = cursor ? and(where, sql`(lower(${clubs.name}), ${clubs.id}) > (lower(${cursor[0]}), ${cursor[1]}::uuid)`)! : where;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(clubs)
        .where(pageWhere)
        .orderBy(sql`lower(${clubs.name})`, asc(clubs.id))
        .limit(args.first + 1),
      this.db.select({ value: count() }).from(clubs).where(where),
    ]);
    const page = rows.slice(0, args.first);
    const last = page[page.length - 1];
    return {
      clubs: page,
      totalCount: Number(total?.value ?? 0),
      hasMore: rows.length > args.first,
      endCursor: last ? encodeCursor(last) : null,
    };
  }

  /** The sport filter's options: the categories of approved clubs, alphabetically. */
  async sportsPresent(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ category: clubs.category })
      .from(clubs)
      .where(and(APPROVED, sql`${clubs.category} is not null`))
      .orderBy(asc(clubs.category));
    return rows.map((r) => r.category!);
  }

  // ---- batched relations (DataLoaders) ----------------------------------------------------

  /** Live positions per club, one grouped statement for any number of clubs. */
  async liveRoleCounts(clubIds: readonly string[]): Promise<Map<string, number>> {
    if (clubIds.length === 0) return new Map();
    const rows = await this.db
      .select({ clubId: clubVolunteerPositions.clubId, value: count() })
      .from(clubVolunteerPositions)
      .where(and(inArray(clubVolunteerPositions.clubId, [...clubIds]), eq(clubVolunteerPositions.isLive, true)))
      .groupBy(clubVolunteerPositions.clubId);
    return new Map(rows.map((r) => [r.clubId, Number(r.value)]));
  }

  /** Meeting times of many clubs, by day then start. */
  async meetingTimesOf(clubIds: readonly string[]): Promise<ClubMeetingTimeRow[]> {
    if (clubIds.length === 0) return [];
    return this.db
      .select()
      .from(clubMeetingTimes)
      .where(inArray(clubMeetingTimes.clubId, [...clubIds]))
      .orderBy(asc(clubMeetingTimes.clubId), asc(clubMeetingTimes.dayOfWeek), asc(clubMeetingTimes.startTime));
  }

  /** Live positions of many clubs, newest first. */
  async livePositionsOf(clubIds: readonly string[]): Promise<ClubVolunteerPositionRow[]> {
    if (clubIds.length === 0) return [];
    return this.db
      .select()
      .from(clubVolunteerPositions)
      .where(and(inArray(clubVolunteerPositions.clubId, [...clubIds]), eq(clubVolunteerPositions.isLive, true)))
      .orderBy(desc(clubVolunteerPositions.createdAt), desc(clubVolunteerPositions.id));
  }
}

