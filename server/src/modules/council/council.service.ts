// The sports council: meetings (public lists, the admin's writes, stats) and who administers it.
// Only council administrators write meetings; non-public meetings never reach anyone else.
// Platform administrators are council administrators and grant or revoke the role by email.
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { councilAdmins, councilMeetings, users, type CouncilMeetingRow } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { sanitizeRichText, sanitizeText } from '../../lib/sanitize.js';
import { emailRule, uuidRule } from '../../lib/shared/common.rules.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../auth/viewer.js';
import { councilMeetingRules, MEETING_STATUSES, publicTab, todayIn, type MeetingStatus } from './council.rules.js';

export const ONLY_COUNCIL_ADMINS = 'Only sports council administrators can manage meetings.';
export const ONLY_PLATFORM_ADMINS = 'Only platform administrators can change who administers the sports council.';
export const MEETING_NOT_FOUND = 'Meeting not found';
export const NO_SUCH_ACCOUNT = 'No account uses this email address.';

export interface MeetingStats {
  totalMeetings: number;
  upcomingMeetings: number;
  completedMeetings: number;
  meetingsThisYear: number;
}

export interface PublicMeetings {
  today: string;
  upcoming: CouncilMeetingRow[];
  past: CouncilMeetingRow[];
}

export interface CouncilAdminEntry {
  email: string;
  fullName: string | null;
  grantedAt: Date;
}

const listRules = z.object({
  status: z.enum(MEETING_STATUSES, { error: 'Status must be upcoming, completed or cancelled' }).nullish(),
  year: z.coerce
    .number({ error: 'Year must be a number' })
    .int({ error: 'Year must be a number' })
    .min(1900, { error: 'Year must be between 1900 and 2200' })
    .max(2200, { error: 'Year must be between 1900 and 2200' })
    .nullish(),
});
export type MeetingFilters = z.input<typeof listRules>;

const meetingIdRule = uuidRule('meeting');

/** The fields a writer may send; agenda and minutes keep only the allowed tags. */
function cleanMeeting(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const copy: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const field of ['title', 'location'] as const) if (typeof copy[field] === 'string') copy[field] = sanitizeText(copy[field] as string);
  for (const field of ['agenda', 'minutes'] as const) if (typeof copy[field] === 'string') copy[field] = sanitizeRichText(copy[field] as string);
  return copy;
}

const yearOf = (column: typeof councilMeetings.meetingDate) => sql<number>`extract(year from ${column})::int`;

export class CouncilService {
  constructor(
    private readonly db: Db,
    readonly timeZone: string,
  ) {}

  today(now: Date = new Date()): string {
    return todayIn(this.timeZone, now);
  }

  /** Whether the caller administers the council (platform administrators do). */
  isAdmin(viewer: Viewer | null): boolean {
    return !!viewer?.isCouncilAdmin;
  }

  private visibleTo(viewer: Viewer | null): SQL | undefined {
    return this.isAdmin(viewer) ? undefined : eq(councilMeetings.isPublic, true);
  }

  /** Meetings the caller may see, newest date first; optionally one status and one year. */
  async list(viewer: Viewer | null, raw: MeetingFilters = {}): Promise<CouncilMeetingRow[]> {
    const filters = parseInput(listRules, raw);
    const where = and(
      this.visibleTo(viewer),
      filters.status ? eq(councilMeetings.status, filters.status) : undefined,
      filters.year ? eq(yearOf(councilMeetings.meetingDate), filters.year) : undefined,
    );
    return this.db
      .select()
      .from(councilMeetings)
      .where(where)
      .orderBy(desc(councilMeetings.meetingDate), desc(councilMeetings.meetingTime), asc(councilMeetings.title))
      .limit(1000);
  }

  /** The public page: upcoming (soonest first) and past (latest first), judged against today in
   *  the council's time zone. Public meetings only, whoever asks. */
  async publicMeetings(raw: { year?: unknown } = {}, now: Date = new Date()): Promise<PublicMeetings> {
    const { year } = parseInput(listRules.pick({ year: true }), raw);
    const rows = await this.db
      .select()
      .from(councilMeetings)
      .where(and(eq(councilMeetings.isPublic, true), year ? eq(yearOf(councilMeetings.meetingDate), year) : undefined))
      .orderBy(asc(councilMeetings.meetingDate), asc(councilMeetings.meetingTime), asc(councilMeetings.title));
    const today = this.today(now);
    const upcoming = rows.filter((m) => publicTab(m, today) === 'upcoming');
    const past = rows.filter((m) => publicTab(m, today) === 'past').reverse();
    return { today, upcoming, past };
  }

  /** The year filter's options: years that have public meetings, newest first. */
  async publicYears(): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ year: yearOf(councilMeetings.meetingDate) })
      .from(councilMeetings)
      .where(eq(councilMeetings.isPublic, true))
      .orderBy(desc(yearOf(councilMeetings.meetingDate)));
    return rows.map((r) => Number(r.year));
  }

  /** One meeting the caller may see (a non-public one only for administrators). */
  async get(viewer: Viewer | null, id: unknown): Promise<CouncilMeetingRow> {
    const meetingId = parseInput(meetingIdRule, id);
    const [row] = await this.db
      .select()
      .from(councilMeetings)
      .where(and(eq(councilMeetings.id, meetingId), this.visibleTo(viewer)));
    if (!row) throw errors.notFound(MEETING_NOT_FOUND);
    return row;
  }

  /** The four counters over the meetings the caller may see; 'this year' in the council's zone. */
  async stats(viewer: Viewer | null, now: Date = new Date()): Promise<MeetingStats> {
    const year = Number(this.today(now).slice(0, 4));
    const [row] = await this.db
      .select({
        total: count(),
        upcoming: sql<number>`count(*) filter (where ${councilMeetings.status} = 'upcoming')::int`,
        completed: sql<number>`count(*) filter (where ${councilMeetings.status} = 'completed')::int`,
        thisYear: sql<number>`count(*) filter (where ${yearOf(councilMeetings.meetingDate)} = ${year})::int`,
      })
      .from(councilMeetings)
      .where(this.visibleTo(viewer));
    return {
      totalMeetings: Number(row?.total ?? 0),
      upcomingMeetings: Number(row?.upcoming ?? 0),
      completedMeetings: Number(row?.completed ?? 0),
      meetingsThisYear: Number(row?.thisYear ?? 0),
    };
  }

  private requireAdmin(viewer: Viewer | null): asserts viewer is Viewer {
    if (!viewer) throw errors.unauthenticated();
    if (!this.isAdmin(viewer)) throw errors.forbidden(ONLY_COUNCIL_ADMINS);
  }

  async create(viewer: Viewer | null, raw: unknown): Promise<CouncilMeetingRow> {
    this.requireAdmin(viewer);
    const input = parseInput(councilMeetingRules, cleanMeeting(raw));
    const [row] = await this.db
      .insert(councilMeetings)
      .values({ ...input, location: input.location || null, createdBy: viewer.userId })
      .returning();
    return row!;
  }

  /** Changes the fields sent (the others keep their values), then checks the whole meeting. */
  async update(viewer: Viewer | null, id: unknown, raw: unknown): Promise<CouncilMeetingRow> {
    this.requireAdmin(viewer);
    const meetingId = parseInput(meetingIdRule, id);
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(councilMeetings).where(eq(councilMeetings.id, meetingId)).for('update');
      if (!current) throw errors.notFound(MEETING_NOT_FOUND);
      const sent = Object.fromEntries(Object.entries((raw ?? {}) as Record<string, unknown>).filter(([, v]) => v !== undefined));
      const input = parseInput(councilMeetingRules, cleanMeeting({ ...pickMeeting(current), ...sent }));
      const [row] = await tx
        .update(councilMeetings)
        .set({ ...input, location: input.location || null, revision: current.revision + 1, updatedAt: new Date() })
        .where(eq(councilMeetings.id, meetingId))
        .returning();
      return row!;
    });
  }

  async delete(viewer: Viewer | null, id: unknown): Promise<string> {
    this.requireAdmin(viewer);
    const meetingId = parseInput(meetingIdRule, id);
    const [row] = await this.db.delete(councilMeetings).where(eq(councilMeetings.id, meetingId)).returning({ id: councilMeetings.id });
    if (!row) throw errors.notFound(MEETING_NOT_FOUND);
    return row.id;
  }

  // ---- council administrators -------------------------------------------------------------

  private requirePlatformAdmin(viewer: Viewer | null): asserts viewer is Viewer {
    if (!viewer) throw errors.unauthenticated();
    if (!viewer.isPlatformAdmin) throw errors.forbidden(ONLY_PLATFORM_ADMINS);
  }

  /** Accounts granted the role by email (platform administrators hold it without a grant). */
  async admins(viewer: Viewer | null): Promise<CouncilAdminEntry[]> {
    this.requirePlatformAdmin(viewer);
    const rows = await this.db
      .select({ email: councilAdmins.email, fullName: users.fullName, grantedAt: councilAdmins.createdAt })
      .from(councilAdmins)
      .leftJoin(users, eq(sql`lower(${users.email})`, councilAdmins.email))
      .orderBy(asc(councilAdmins.email));
    return rows;
  }

  async grant(viewer: Viewer | null, rawEmail: unknown): Promise<CouncilAdminEntry> {
    this.requirePlatformAdmin(viewer);
    const email = parseInput(emailRule, rawEmail).toLowerCase();
    const [account] = await this.db.select({ fullName: users.fullName }).from(users).where(eq(sql`lower(${users.email})`, email));
    if (!account) throw errors.notFound(NO_SUCH_ACCOUNT);
    await this.db.insert(councilAdmins).values({ email, grantedBy: viewer.userId }).onConflictDoNothing();
    const [row] = await this.db.select().from(councilAdmins).where(eq(councilAdmins.email, email));
    return { email, fullName: account.fullName, grantedAt: row!.createdAt };
  }

  /** Answers whether a grant was removed. */
  async revoke(viewer: Viewer | null, rawEmail: unknown): Promise<boolean> {
    this.requirePlatformAdmin(viewer);
    const email = parseInput(emailRule, rawEmail).toLowerCase();
    const removed = await this.db.delete(councilAdmins).where(eq(councilAdmins.email, email)).returning({ email: councilAdmins.email });
    return removed.length > 0;
  }
}

function pickMeeting(row: CouncilMeetingRow): Record<string, unknown> {
  return {
    title: row.title,
    meetingDate: row.meetingDate,
    meetingTime: row.meetingTime,
    location: row.location,
    agenda: row.agenda,
    minutes: row.minutes,
    status: row.status as MeetingStatus,
    isPublic: row.isPublic,
  };
}
