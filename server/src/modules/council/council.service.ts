// The sports council: meetings (public lists, the admin's writes, stats) and who administers it.
// Only council administrators write meetings; non-public meetings never reach anyone else.
// Platform administrators are council administrators and grant or revoke the role by email.
import { and, asc, count, desc, eq, getTableColumns, gt, or, sql, type SQL } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { councilAdmins, councilMeetings, users, type CouncilMeetingRow } from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';
import { sanitizeRichText, sanitizeText } from '../../lib/sanitize.js';
import { emailRule, uuidRule } from '../../lib/shared/common.rules.js';
import { parseInput } from '../../lib/validate.js';
import type { PublicEntry, PublicRange } from '../../lib/public-listing.js';
import type { Viewer } from '../../lib/viewer.js';
import { connectionFrom, cursorValue, keyset, pageRequest, type ConnectionResult, type KeyColumn, type PageArgs } from '../../graphql/relay.js';
import type { WebhookEmitter } from '../webhooks/webhooks.rules.js';
import { meetingChangeEvent, meetingPublishedEvent } from './council.webhooks.js';
import { councilMeetingRules, isCalendarDate, MEETING_STATUSES, todayIn, type MeetingStatus } from './council.rules.js';

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

/** Which list of the public page. */
export type PublicTab = 'upcoming' | 'past';

export interface CouncilAdminEntry {
  email: string;
  fullName: string | null;
  grantedAt: Date;
  /** The account using the email, if any. */
  userId: string | null;
}

/** A meeting read for a page: its row and the keyset position of its start time. */
export type CouncilMeetingListRow = CouncilMeetingRow & { timeKey: string };

/** Page sizes when neither `first` nor `last` is given. */
export const MEETING_PAGE_DEFAULT = 50;
export const COUNCIL_ADMIN_PAGE_DEFAULT = 50;

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

const yearRules = listRules.pick({ year: true });
const meetingIdRule = uuidRule('meeting');
const emailInput = z.object({ email: emailRule });

// Meetings are listed by date, then start time (a meeting without a time after the timed ones of
// its day, as '24:00'), then id: a keyset that never skips or repeats while meetings are added.
const TIME_KEY = sql<string>`coalesce(${councilMeetings.meetingTime}, '24:00')`;
const MEETING_KEYS: readonly KeyColumn[] = [
  [sql`${councilMeetings.meetingDate}`, 'date'],
  [TIME_KEY, 'text'],
  [sql`${councilMeetings.id}`, 'uuid'],
];
const meetingCursor = (v: unknown[]) =>
  v.length === 3 && typeof v[0] === 'string' && isCalendarDate(v[0]) && typeof v[1] === 'string' && /^\d{2}:\d{2}$/.test(v[1]) && cursorValue.uuid(v[2]) ? v : null;
const meetingCursorOf = (row: CouncilMeetingListRow) => [row.meetingDate, row.timeKey, row.id];
const adminCursor = (v: unknown[]) => (v.length === 1 && typeof v[0] === 'string' && v[0].length <= 254 ? v : null);

/** The fields a writer may send; agenda and minutes keep only the allowed tags. */
function cleanMeeting(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const copy: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const field of ['title', 'location'] as const) if (typeof copy[field] === 'string') copy[field] = sanitizeText(copy[field] as string);
  for (const field of ['agenda', 'minutes'] as const) if (typeof copy[field] === 'string') copy[field] = sanitizeRichText(copy[field] as string);
  return copy;
}

const yearOf = (column: typeof councilMeetings.meetingDate) => sql<number>`extract(year from ${column})::int`;

/** Public meetings, as a literal: a prepared statement's generic plan keeps the partial index
 *  council_meetings_public_date_idx. */
const PUBLIC = sql`${councilMeetings.isPublic}`;

export class CouncilService {
  constructor(
    private readonly db: Db,
    readonly timeZone: string,
    /** Webhook events (issue 31) of public meetings, written in each change's transaction. */
    private readonly webhooks: WebhookEmitter,
  ) {}

  today(now: Date = new Date()): string {
    return todayIn(this.timeZone, now);
  }

  /** Whether the caller administers the council (platform administrators do). */
  isAdmin(viewer: Viewer | null): boolean {
    return !!viewer?.isCouncilAdmin;
  }

  private visibleTo(viewer: Viewer | null): SQL | undefined {
    return this.isAdmin(viewer) ? undefined : PUBLIC;
  }

  private filtered(viewer: Viewer | null, raw: MeetingFilters): SQL | undefined {
    const filters = parseInput(listRules, raw);
    return and(
      this.visibleTo(viewer),
      filters.status ? eq(councilMeetings.status, filters.status) : undefined,
      filters.year ? eq(yearOf(councilMeetings.meetingDate), filters.year) : undefined,
    );
  }

  /** Meetings the caller may see, newest date first (REST and the calendar feed: at most 1000). */
  async listAll(viewer: Viewer | null, raw: MeetingFilters = {}): Promise<CouncilMeetingRow[]> {
    return this.db
      .select()
      .from(councilMeetings)
      .where(this.filtered(viewer, raw))
      .orderBy(desc(councilMeetings.meetingDate), desc(TIME_KEY), desc(councilMeetings.id))
      .limit(1000);
  }

  /** Meetings the caller may see, a page at a time: latest date first (then latest time). */
  async list(viewer: Viewer | null, raw: MeetingFilters, args: PageArgs): Promise<ConnectionResult<CouncilMeetingListRow>> {
    return this.page('councilMeetings', this.filtered(viewer, raw), 'desc', args);
  }

  /** One list of the public page, judged against `today` (a date in the council's zone): upcoming
   *  = status upcoming, or completed and dated today or later, soonest first; past = completed and
   *  dated before today, latest first. Public meetings only, whoever asks; cancelled ones in neither. */
  async publicList(tab: PublicTab, raw: { year?: unknown; today: string }, args: PageArgs): Promise<ConnectionResult<CouncilMeetingListRow>> {
    const { year } = parseInput(yearRules, { year: raw.year });
    const inTab =
      tab === 'upcoming'
        ? or(eq(councilMeetings.status, 'upcoming'), and(eq(councilMeetings.status, 'completed'), sql`${councilMeetings.meetingDate} >= cast(${raw.today} as date)`))
        : and(eq(councilMeetings.status, 'completed'), sql`${councilMeetings.meetingDate} < cast(${raw.today} as date)`);
    const where = and(PUBLIC, year ? eq(yearOf(councilMeetings.meetingDate), year) : undefined, inTab);
    return this.page(tab, where, tab === 'upcoming' ? 'asc' : 'desc', args);
  }

  private async page(list: string, where: SQL | undefined, order: 'asc' | 'desc', args: PageArgs): Promise<ConnectionResult<CouncilMeetingListRow>> {
    const req = pageRequest(args, meetingCursor, MEETING_PAGE_DEFAULT, list);
    const page = keyset(MEETING_KEYS, order, req);
    const rows = await this.db
      .select({ ...getTableColumns(councilMeetings), timeKey: TIME_KEY })
      .from(councilMeetings)
      .where(and(where, page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit);
    return connectionFrom(rows, req, meetingCursorOf, async () => {
      const [row] = await this.db.select({ n: count() }).from(councilMeetings).where(where);
      return Number(row?.n ?? 0);
    });
  }

  /** The year filter's options: years that have public meetings, newest first. */
  async publicYears(): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ year: yearOf(councilMeetings.meetingDate) })
      .from(councilMeetings)
      .where(PUBLIC)
      .orderBy(desc(yearOf(councilMeetings.meetingDate)));
    return rows.map((r) => Number(r.year));
  }

  /** One meeting the caller may see (a non-public one only for administrators), or NOT_FOUND. */
  async get(viewer: Viewer | null, id: unknown): Promise<CouncilMeetingRow> {
    const meetingId = parseInput(meetingIdRule, id);
    const [row] = await this.byIds(viewer, [meetingId]);
    if (!row) throw errors.notFound(MEETING_NOT_FOUND);
    return row;
  }

  /** The meetings of these ids that the caller may see (any order; unknown ids are left out). */
  async byIds(viewer: Viewer | null, ids: readonly string[]): Promise<CouncilMeetingRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(councilMeetings)
      .where(and(anyOf(councilMeetings.id, [...ids]), this.visibleTo(viewer)));
  }

  /** The published (public) meetings by id, a range at a time: the sitemap's meeting pages. The
   *  same rule as every anonymous read here (`visibleTo(null)`); cancelled ones included, as their
   *  pages say they were cancelled. */
  async publicMeetings({ after, skip, limit }: PublicRange): Promise<PublicEntry[]> {
    const visible = this.visibleTo(null);
    return this.db
      .select({ id: councilMeetings.id, updatedAt: councilMeetings.updatedAt })
      .from(councilMeetings)
      .where(after ? and(visible, gt(councilMeetings.id, after)) : visible)
      .orderBy(asc(councilMeetings.id))
      .offset(skip)
      .limit(limit);
  }

  /** How many meetings are published. */
  async publicMeetingCount(): Promise<number> {
    const [row] = await this.db.select({ value: count() }).from(councilMeetings).where(this.visibleTo(null));
    return Number(row?.value ?? 0);
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

  /** Refuses callers who may not manage meetings: checked before anything about the input. */
  requireAdmin(viewer: Viewer | null): asserts viewer is Viewer {
    if (!viewer) throw errors.unauthenticated();
    if (!this.isAdmin(viewer)) throw errors.forbidden(ONLY_COUNCIL_ADMINS);
  }

  async create(viewer: Viewer | null, raw: unknown): Promise<CouncilMeetingRow> {
    this.requireAdmin(viewer);
    const input = parseInput(councilMeetingRules, cleanMeeting(raw));
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(councilMeetings)
        .values({ ...input, location: input.location || null, createdBy: viewer.userId })
        .returning();
      if (row!.isPublic) await this.webhooks.emit(tx, meetingPublishedEvent(row!));
      return row!;
    });
  }

  /** Changes the fields sent (the others keep their values), then checks the whole meeting. */
  async update(viewer: Viewer | null, id: unknown, raw: unknown): Promise<CouncilMeetingRow> {
    this.requireAdmin(viewer);
    const meetingId = parseInput(meetingIdRule, id);
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(councilMeetings).where(eq(councilMeetings.id, meetingId)).for('update');
      if (!current) throw notFound();
      const sent = Object.fromEntries(Object.entries((raw ?? {}) as Record<string, unknown>).filter(([, v]) => v !== undefined));
      const input = parseInput(councilMeetingRules, cleanMeeting({ ...pickMeeting(current), ...sent }));
      const [row] = await tx
        .update(councilMeetings)
        .set({ ...input, location: input.location || null, revision: current.revision + 1, updatedAt: new Date() })
        .where(eq(councilMeetings.id, meetingId))
        .returning();
      const event = current.isPublic ? meetingChangeEvent(current, row!) : row!.isPublic ? meetingPublishedEvent(row!) : null;
      if (event) await this.webhooks.emit(tx, event);
      return row!;
    });
  }

  async delete(viewer: Viewer | null, id: unknown): Promise<string> {
    this.requireAdmin(viewer);
    const meetingId = parseInput(meetingIdRule, id);
    return this.db.transaction(async (tx) => {
      const [row] = await tx.delete(councilMeetings).where(eq(councilMeetings.id, meetingId)).returning();
      if (!row) throw notFound();
      if (row.isPublic) await this.webhooks.emit(tx, meetingChangeEvent(row, null));
      return row.id;
    });
  }

  // ---- council administrators -------------------------------------------------------------

  private requirePlatformAdmin(viewer: Viewer | null): asserts viewer is Viewer {
    if (!viewer) throw errors.unauthenticated();
    if (!viewer.isPlatformAdmin) throw errors.forbidden(ONLY_PLATFORM_ADMINS);
  }

  private adminEntries() {
    return this.db
      .select({ email: councilAdmins.email, fullName: users.fullName, grantedAt: councilAdmins.createdAt, userId: users.id })
      .from(councilAdmins)
      .leftJoin(users, eq(sql`lower(${users.email})`, councilAdmins.email));
  }

  /** Accounts granted the role by email, a page at a time in email order (platform
   *  administrators hold it without a grant). */
  async admins(viewer: Viewer | null, args: PageArgs = {}): Promise<ConnectionResult<CouncilAdminEntry>> {
    this.requirePlatformAdmin(viewer);
    const req = pageRequest(args, adminCursor, COUNCIL_ADMIN_PAGE_DEFAULT, 'councilAdmins');
    const page = keyset([[sql`${councilAdmins.email}`, 'text']], 'asc', req);
    const rows = await this.adminEntries()
      .where(page.where)
      .orderBy(...page.orderBy)
      .limit(page.limit);
    return connectionFrom(rows, req, (r) => [r.email], async () => {
      const [row] = await this.db.select({ n: count() }).from(councilAdmins);
      return Number(row?.n ?? 0);
    });
  }

  async grant(viewer: Viewer | null, rawEmail: unknown): Promise<CouncilAdminEntry> {
    this.requirePlatformAdmin(viewer);
    const email = parseInput(emailInput, { email: rawEmail }).email.toLowerCase();
    const [account] = await this.db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email));
    if (!account) throw new AppError('NOT_FOUND', NO_SUCH_ACCOUNT, { email: NO_SUCH_ACCOUNT });
    await this.db.insert(councilAdmins).values({ email, grantedBy: viewer.userId }).onConflictDoNothing();
    const [entry] = await this.adminEntries().where(eq(councilAdmins.email, email));
    return entry!;
  }

  /** Answers whether a grant was removed. */
  async revoke(viewer: Viewer | null, rawEmail: unknown): Promise<boolean> {
    this.requirePlatformAdmin(viewer);
    const email = parseInput(emailInput, { email: rawEmail }).email.toLowerCase();
    const removed = await this.db.delete(councilAdmins).where(eq(councilAdmins.email, email)).returning({ email: councilAdmins.email });
    return removed.length > 0;
  }
}

/** An unknown meeting: NOT_FOUND 'Meeting not found' (a user error on `id` over GraphQL). */
const notFound = () => new AppError('NOT_FOUND', MEETING_NOT_FOUND, { id: MEETING_NOT_FOUND });

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

declare module '../../lib/services.js' {
  interface Services {
    council: CouncilService;
  }
}
