// Places and the waiting line (issue 30 §1–2), one engine for the two kinds of slot: a position
// without shifts (its line is its applications) and one shift of a position (its line is the
// shift's signups). Every change that takes or frees a place runs under the slot's row lock
// (`lock`, `lockShift`), so the count of held places (accepted or offered) and the order of the
// line are decided by one transaction at a time; when a place frees, `fill` runs the club's policy
// in that same transaction: automatic (the first in line is accepted and told) or timed offer (the
// first in line is offered the place until a deadline, worked off by a durable job; one-tap
// accept/decline links in the notification). A position that becomes full turns FILLED by itself
// and ACTIVE again when a place frees, unless its club closed it; a shift is full or not.
// Answering an offer (in the app or by its link) and its lapse at the deadline are
// volunteer-offers.service.ts's; what both share is volunteer-places.shared.ts.
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { clubs, clubVolunteerPositions, positionShifts, volunteerApplicationEvents, type VolunteerApplicationRow } from '../../db/schema/index.js';
import { scheduleJob } from '../../jobs/queue.js';
import { errors } from '../../lib/errors.js';
import type { SignedLinks } from '../../lib/signed-links.js';
import { toGlobalId } from '../../graphql/relay.js';
import { deadlineOutsideQuietHours, type NotificationDispatcher } from '../notifications/notify.service.js';
import { APPLICATION_NOTIFICATIONS as N, PLACES_MESSAGES as P, applicationPath } from './opportunities.rules.js';
import { freePlaces, offerDeadline } from './volunteer-places.rules.js';
import { lineEvent, offerPath, OFFER_EXPIRY_JOB, tellClub, tellVolunteer, type LineKind, type LineRow, type PlacesSlot } from './volunteer-places.shared.js';
import type { WebhookEmitter, WebhookEvent } from '../webhooks/webhooks.rules.js';

export type { LineKind, LineRow, PlacesSlot } from './volunteer-places.shared.js';

const p = clubVolunteerPositions;

const LINE = {
  application: { table: sql.raw('volunteer_applications'), slot: sql.raw('position_id'), applicationId: sql.raw('id') },
  signup: { table: sql.raw('shift_signups'), slot: sql.raw('shift_id'), applicationId: sql.raw('application_id') },
} as const;

/** What the safeguarding module answers about a position's required check (given by the
 *  composition root; without it no position requires one). */
export interface CheckGate {
  checkProblem(executor: Executor, volunteerId: string, position: { clubId: string; requiredCheckKindId: string | null }, need: 'recorded' | 'verified', today: string): Promise<string | null>;
  verifiedVolunteers(executor: Executor, volunteerIds: readonly string[], position: { clubId: string; requiredCheckKindId: string | null }, today: string): Promise<Set<string>>;
  /** Today (YYYY-MM-DD) where checks expire: the platform's time zone. */
  today(now?: Date): string;
}

const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

function lineRow(raw: Record<string, unknown>): LineRow {
  return {
    id: String(raw.id),
    applicationId: String(raw.applicationId),
    volunteerId: String(raw.volunteerId),
    status: String(raw.status),
    queuedAt: dateOrNull(raw.queuedAt),
    offerExpiresAt: dateOrNull(raw.offerExpiresAt),
  };
}

export class VolunteerPlacesService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      notify: Pick<NotificationDispatcher, 'notify' | 'quietHours'>;
      /** Webhook events (issue 31), written in each change's transaction. */
      webhooks: WebhookEmitter;
      links: SignedLinks;
      appUrl: string;
      /** The platform's time zone, for a shift of a club that set none. */
      timeZone?: string;
      checks?: CheckGate;
      /** After a shift's line changed: the application's status follows its shifts (shifts.service.ts). */
      afterSignupChange?: (tx: Executor, applicationId: string) => Promise<void>;
    },
  ) {}

  /** Given by the composition root: the safeguarding module's answers on required checks. */
  useChecks(checks: CheckGate): void {
    this.deps.checks = checks;
  }

  /** Given by the composition root once the shifts service exists (they need each other). */
  useSignupSync(sync: (tx: Executor, applicationId: string) => Promise<void>): void {
    this.deps.afterSignupChange = sync;
  }

  /** Locks the position's row and reads what its line needs; null when there is no such position. */
  async lock(tx: Executor, positionId: string): Promise<PlacesSlot | null> {
    const [row] = await tx
      .select({
        positionId: p.id,
        clubId: p.clubId,
        clubName: clubs.name,
        title: p.title,
        places: p.places,
        policy: p.waitlistPolicy,
        offerHours: p.offerHours,
        status: p.status,
        autoFilled: p.autoFilled,
        startDate: p.startDate,
        requiredCheckKindId: p.requiredCheckKindId,
      })
      .from(p)
      .innerJoin(clubs, eq(clubs.id, p.clubId))
      .where(eq(p.id, positionId))
      .for('update', { of: p });
    if (!row) return null;
    const { startDate, ...rest } = row;
    return { kind: 'application', id: row.positionId, ...rest, startsAt: startDate ? new Date(`${startDate}T00:00:00Z`) : null };
  }

  /** Locks a shift's row and reads what its line needs (its position's policy); null when gone. */
  async lockShift(tx: Executor, shiftId: string): Promise<PlacesSlot | null> {
    const [row] = await tx
      .select({
        id: positionShifts.id,
        positionId: p.id,
        clubId: p.clubId,
        clubName: clubs.name,
        title: p.title,
        places: positionShifts.places,
        policy: p.waitlistPolicy,
        offerHours: p.offerHours,
        startsAt: positionShifts.startsAt,
        endsAt: positionShifts.endsAt,
        timeZone: clubs.timeZone,
        requiredCheckKindId: p.requiredCheckKindId,
      })
      .from(positionShifts)
      .innerJoin(p, eq(p.id, positionShifts.positionId))
      .innerJoin(clubs, eq(clubs.id, p.clubId))
      .where(eq(positionShifts.id, shiftId))
      .for('update', { of: positionShifts });
    if (!row) return null;
    const { endsAt, timeZone, title, ...rest } = row;
    return { kind: 'signup', ...rest, title: `${title}, ${shiftLabel(row.startsAt, endsAt, timeZone ?? this.deps.timeZone ?? 'UTC')}`, status: null, autoFilled: false };
  }

  /** After the club changed a position's places or policy (in that transaction): never fewer places
   *  than held; freed ones go to the line at once. */
  readonly placesChanged = async (tx: Executor, positionId: string): Promise<void> => {
    const slot = await this.lock(tx, positionId);
    if (!slot) return;
    const held = await this.held(tx, slot);
    if (slot.places !== null && slot.places < held) throw errors.validation(P.belowAccepted(held), { places: P.belowAccepted(held) });
    await this.fill(tx, slot);
  };

  /** Places held in a slot: accepted volunteers and standing offers. */
  async held(tx: Executor, slot: Pick<PlacesSlot, 'kind' | 'id'>): Promise<number> {
    const t = LINE[slot.kind];
    const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${t.table} where ${t.slot} = ${slot.id} and status in ('accepted', 'offered')`));
    return Number(row?.n ?? 0);
  }

  /** Whether a slot has no free place. */
  async isFull(tx: Executor, slot: PlacesSlot): Promise<boolean> {
    return slot.places !== null && freePlaces(slot.places, await this.held(tx, slot)) === 0;
  }

  /** The 1-based place in its slot's line of a waitlisted or offered row; null otherwise. */
  async linePlace(kind: LineKind, row: { id: string; slotId: string; status: string; queuedAt: Date | null }, executor: Executor = this.db): Promise<number | null> {
    if ((row.status !== 'waitlisted' && row.status !== 'offered') || !row.queuedAt) return null;
    const t = LINE[kind];
    const [ahead] = rowsOf<{ n: number }>(
      await executor.execute(sql`select count(*)::int as n from ${t.table}
        where ${t.slot} = ${row.slotId} and status in ('waitlisted', 'offered')
          and (queued_at, id) < (${row.queuedAt.toISOString()}::timestamptz, ${row.id}::uuid)`),
    );
    return Number(ahead?.n ?? 0) + 1;
  }

  /** Refuses (nothing changed) when the volunteer lacks the check the position requires. */
  async requireCheck(tx: Executor, slot: PlacesSlot, volunteerId: string, need: 'recorded' | 'verified', now: Date): Promise<void> {
    if (!slot.requiredCheckKindId || !this.deps.checks) return;
    const problem = await this.deps.checks.checkProblem(tx, volunteerId, slot, need, this.deps.checks.today(now));
    if (problem) throw errors.validation(problem, { id: problem });
  }

  /** Sets a line row's status (and its line fields), when it is still in one of `from`; the row, or
   *  null when it was not. `updated_at` is the instant of the change (the clock, not the
   *  transaction's start: a transaction may have waited for the slot's lock), so places given one
   *  after another under the lock read in the order they were given. */
  async setLine(tx: Executor, kind: LineKind, id: string, status: string, from: readonly string[], line: { queuedAt?: Date | null; offerExpiresAt?: Date | null } = {}): Promise<LineRow | null> {
    const t = LINE[kind];
    const queuedAt = line.queuedAt === undefined ? sql`queued_at` : sql`${line.queuedAt?.toISOString() ?? null}::timestamptz`;
    const offerExpiresAt = line.offerExpiresAt === undefined ? sql`null` : sql`${line.offerExpiresAt?.toISOString() ?? null}::timestamptz`;
    const [row] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`update ${t.table} set status = ${status}, queued_at = ${status === 'waitlisted' || status === 'offered' ? queuedAt : sql`null`},
          offer_expires_at = ${status === 'offered' ? offerExpiresAt : sql`null`}, updated_at = clock_timestamp()
        where id = ${id} and status = any(${sql.param([...from])}::text[])
        returning id, ${t.applicationId} as "applicationId", volunteer_id as "volunteerId", status, queued_at as "queuedAt", offer_expires_at as "offerExpiresAt"`),
    );
    return row ? lineRow(row) : null;
  }

  /** A line row by id, whichever its status. */
  async lineRow(executor: Executor, kind: LineKind, id: string): Promise<(LineRow & { slotId: string }) | null> {
    const t = LINE[kind];
    const [row] = rowsOf<Record<string, unknown>>(
      await executor.execute(sql`select id, ${t.applicationId} as "applicationId", ${t.slot} as "slotId", volunteer_id as "volunteerId", status, queued_at as "queuedAt", offer_expires_at as "offerExpiresAt"
        from ${t.table} where id = ${id}`),
    );
    return row ? { ...lineRow(row), slotId: String(row.slotId) } : null;
  }

  /** A change of a line row is recorded: an application's in its history; a signup's by its
   *  application's status following its shifts. */
  async changed(tx: Executor, kind: LineKind, row: LineRow, actorId: string | null): Promise<void> {
    if (kind === 'application') await tx.insert(volunteerApplicationEvents).values({ applicationId: row.id, status: row.status as VolunteerApplicationRow['status'], actorId });
    else await this.deps.afterSignupChange?.(tx, row.applicationId);
  }

  /**
   * Gives the free places of the slot to its line, first come first served, by its policy:
   * automatic accepts, a timed offer offers until a deadline. A volunteer whose required check is
   * not verified is passed over (and keeps their place in line). Then a position's FILLED / ACTIVE
   * status follows its places. Runs under the slot's lock. The webhook events of the places given
   * or offered are written at the end in one statement, after `events` (the change's own).
   */
  async fill(tx: Executor, slot: PlacesSlot, now = new Date(), events: WebhookEvent[] = []): Promise<void> {
    let free = freePlaces(slot.places, await this.held(tx, slot));
    if (free > 0) {
      const t = LINE[slot.kind];
      const line = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`select id, ${t.applicationId} as "applicationId", volunteer_id as "volunteerId", status, queued_at as "queuedAt", offer_expires_at as "offerExpiresAt"
          from ${t.table} where ${t.slot} = ${slot.id} and status = 'waitlisted' order by queued_at, id`),
      ).map(lineRow);
      const eligible =
        slot.requiredCheckKindId && this.deps.checks && line.length > 0
          ? await this.deps.checks.verifiedVolunteers(
              tx,
              line.map((r) => r.volunteerId),
              slot,
              this.deps.checks.today(now),
            )
          : null;
      for (const next of line) {
        if (free <= 0) break;
        if (eligible && !eligible.has(next.volunteerId)) continue;
        if (slot.policy === 'automatic') events.push(await this.promote(tx, slot, next));
        else events.push(await this.offer(tx, slot, next, now));
        free -= 1;
      }
    }
    if (events.length > 0) await this.deps.webhooks.emitMany(tx, events);
    await this.syncStatus(tx, slot);
  }

  /** A position: FILLED by itself when no place is free; ACTIVE again when one frees, unless the
   *  club closed it. (A shift has no status of its own.) */
  async syncStatus(tx: Executor, slot: PlacesSlot): Promise<void> {
    if (slot.kind !== 'application') return;
    const full = await this.isFull(tx, slot);
    if (full && slot.status === 'active') {
      await tx.update(p).set({ status: 'filled', autoFilled: true, updatedAt: sql`now()` }).where(eq(p.id, slot.positionId));
      Object.assign(slot, { status: 'filled', autoFilled: true });
    } else if (!full && slot.status === 'filled' && slot.autoFilled) {
      await tx.update(p).set({ status: 'active', autoFilled: false, updatedAt: sql`now()` }).where(eq(p.id, slot.positionId));
      Object.assign(slot, { status: 'active', autoFilled: false });
    }
  }

  private async promote(tx: Executor, slot: PlacesSlot, next: LineRow): Promise<WebhookEvent> {
    const row = (await this.setLine(tx, slot.kind, next.id, 'accepted', ['waitlisted']))!;
    await this.changed(tx, slot.kind, row, null);
    await tellVolunteer(this.deps.notify, tx, slot, row, 'volunteer_place_given', N.placeGiven);
    await tellClub(this.deps.notify, tx, slot, row, 'promoted');
    return lineEvent(tx, 'volunteer.place.given', slot.kind, row, { from: 'WAITING_LIST' });
  }

  private async offer(tx: Executor, slot: PlacesSlot, next: LineRow, now: Date): Promise<WebhookEvent> {
    const { deadline, latest } = offerDeadline(now, slot.offerHours, slot.startsAt);
    const quiet = await this.deps.notify.quietHours(tx, next.volunteerId);
    const until = deadlineOutsideQuietHours(deadline, quiet, { earliest: now, latest });
    // Whole seconds: the deadline travels in the links and the job and is compared for equality.
    until.setMilliseconds(0);
    const row = (await this.setLine(tx, slot.kind, next.id, 'offered', ['waitlisted'], { offerExpiresAt: until }))!;
    await this.changed(tx, slot.kind, row, null);
    await scheduleJob(tx, { kind: OFFER_EXPIRY_JOB, key: `volunteer-offer:${row.id}`, runAt: until, payload: { kind: slot.kind, id: row.id, expiresAt: until.toISOString() } });
    const [acceptPath, declinePath] = await Promise.all([offerPath(this.deps.links, row.volunteerId, slot.kind, row.id, 'accept', until), offerPath(this.deps.links, row.volunteerId, slot.kind, row.id, 'decline', until)]);
    const [acceptUrl, declineUrl] = [`${this.deps.appUrl}${acceptPath}`, `${this.deps.appUrl}${declinePath}`];
    const untilText = formatUntil(until, quiet?.timeZone ?? this.deps.timeZone ?? 'UTC');
    await this.deps.notify.notify(tx, row.volunteerId, {
      kind: 'volunteer_place_offered',
      clubId: slot.clubId,
      group: { key: `club:${slot.clubId}`, label: slot.clubName },
      title: N.placeOffered.title,
      description: N.placeOffered.description(slot.title, slot.clubName, untilText),
      actionUrl: applicationPath(toGlobalId('VolunteerApplication', row.applicationId)),
      email: {
        subject: `A place is offered to you: ${slot.title}`,
        paragraphs: [N.placeOffered.description(slot.title, slot.clubName, untilText), `Decline it here, and the place goes to the next in line: ${declineUrl}`],
        action: { url: acceptUrl, label: 'Accept the place' },
      },
      // The same answers as buttons on the push, answered by the service worker (web/public/sw.js).
      push: {
        actions: [
          { action: 'accept', title: 'Accept the place', url: acceptPath },
          { action: 'decline', title: 'Decline', url: declinePath },
        ],
      },
    });
    await tellClub(this.deps.notify, tx, slot, row, 'offered');
    return lineEvent(tx, 'volunteer.place.offered', slot.kind, row, { offerExpiresAt: until.toISOString() });
  }

  /** Locks the slot a line row is in. */
  async lockSlotOf(tx: Executor, kind: LineKind, slotId: string): Promise<PlacesSlot | null> {
    return kind === 'application' ? this.lock(tx, slotId) : this.lockShift(tx, slotId);
  }
}

/** "Sat 5 Dec, 10:00–12:00" on the club's wall clock. */
export function shiftLabel(startsAt: Date, endsAt: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone }).format(startsAt);
  const time = (d: Date) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(d);
  return `${day}, ${time(startsAt)}–${time(endsAt)}`;
}

/** "Tue 1 Dec, 18:00" on the volunteer's wall clock. */
function formatUntil(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(at);
}

declare module '../../lib/services.js' {
  interface Services {
    /** Places and the waiting lines of positions and shifts: the slots' locks, held places, and
     *  freed places given to the line (promotion or a timed offer). */
    volunteerPlaces: VolunteerPlacesService;
  }
}
