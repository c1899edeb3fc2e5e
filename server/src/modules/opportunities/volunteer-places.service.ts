// Places and the waiting line of a position (issue 30 §1–2). Every change that takes or frees a
// place runs under the position's row lock (`lock`), so the count of held places (accepted or
// offered) and the order of the line are decided by one transaction at a time; when a place frees,
// `fill` runs the club's policy in that same transaction: automatic (the first in line is accepted
// and told) or timed offer (the first in line is offered the place until a deadline, worked off by
// a durable job; one-tap accept/decline links in the notification). A position that becomes full
// turns FILLED by itself and ACTIVE again when a place frees, unless its club closed it.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { clubs, clubVolunteerPositions, users, volunteerApplicationEvents, volunteerApplications, volunteerProfiles, type VolunteerApplicationRow } from '../../db/schema/index.js';
import { scheduleJob } from '../../jobs/queue.js';
import type { ClaimedJob, JobOutcome } from '../../jobs/worker.js';
import { AppError, errors } from '../../lib/errors.js';
import type { SignedLinks } from '../../lib/signed-links.js';
import type { Viewer } from '../../lib/viewer.js';
import { toGlobalId } from '../../graphql/relay.js';
import { deadlineOutsideQuietHours, type NotificationDispatcher } from '../notifications/notify.service.js';
import { volunteerFullName } from '../volunteers/volunteers.rules.js';
import { APPLICATION_MESSAGES_TEXT as A, APPLICATION_NOTIFICATIONS as N, PLACES_MESSAGES as P, applicationPath, type WaitlistPolicyValue } from './opportunities.rules.js';
import { freePlaces, offerDeadline } from './volunteer-places.rules.js';

export const OFFER_EXPIRY_JOB = 'volunteer-offer-expiry';

const a = volunteerApplications;
const p = clubVolunteerPositions;

/** A position as its line needs it, read under its row lock. */
export interface PlacesSlot {
  positionId: string;
  clubId: string;
  clubName: string;
  title: string;
  places: number | null;
  policy: WaitlistPolicyValue;
  offerHours: number;
  status: 'active' | 'filled' | 'cancelled';
  autoFilled: boolean;
  /** The position's start date as an instant (midnight UTC), for shortening offers; null if none. */
  startsAt: Date | null;
  requiredCheckKindId: string | null;
}

/** What the safeguarding module answers about a position's required check (given by the
 *  composition root; without it no position requires one). */
export interface CheckGate {
  checkProblem(executor: Executor, volunteerId: string, position: { clubId: string; requiredCheckKindId: string | null }, need: 'recorded' | 'verified', today: string): Promise<string | null>;
  verifiedVolunteers(executor: Executor, volunteerIds: string[], position: { clubId: string; requiredCheckKindId: string | null }, today: string): Promise<Set<string>>;
}

export interface OfferLinkView {
  application: VolunteerApplicationRow;
  answer: 'accept' | 'decline';
  /** Whether the offer still stands (else the page says what happened). */
  open: boolean;
}

type OfferClaims = { app?: unknown; ans?: unknown; exp_at?: unknown };

const today = (now: Date) => now.toISOString().slice(0, 10);

export class VolunteerPlacesService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      notify: Pick<NotificationDispatcher, 'notify' | 'quietHours'>;
      links: SignedLinks;
      appUrl: string;
      checks?: CheckGate;
    },
  ) {}

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
    return { ...rest, startsAt: startDate ? new Date(`${startDate}T00:00:00Z`) : null };
  }

  /** After the club changed a position's places or policy (in that transaction): never fewer places
   *  than held; freed ones go to the line at once. */
  readonly placesChanged = async (tx: Executor, positionId: string): Promise<void> => {
    const slot = await this.lock(tx, positionId);
    if (!slot) return;
    const held = await this.held(tx, positionId);
    if (slot.places !== null && slot.places < held) throw errors.validation(P.belowAccepted(held), { places: P.belowAccepted(held) });
    await this.fill(tx, slot);
  };

  /** Places held on the position: accepted volunteers and standing offers. */
  async held(tx: Executor, positionId: string): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(a)
      .where(and(eq(a.positionId, positionId), inArray(a.status, ['accepted', 'offered'])));
    return row?.n ?? 0;
  }

  /** Whether a slot has no free place. */
  async isFull(tx: Executor, slot: PlacesSlot): Promise<boolean> {
    return slot.places !== null && freePlaces(slot.places, await this.held(tx, slot.positionId)) === 0;
  }

  /** The 1-based place in its position's line of a waitlisted or offered application; null otherwise. */
  async linePlace(row: Pick<VolunteerApplicationRow, 'id' | 'positionId' | 'status' | 'queuedAt'>, executor: Executor = this.db): Promise<number | null> {
    if ((row.status !== 'waitlisted' && row.status !== 'offered') || !row.queuedAt) return null;
    const [ahead] = await executor
      .select({ n: sql<number>`count(*)::int` })
      .from(a)
      .where(
        and(
          eq(a.positionId, row.positionId),
          inArray(a.status, ['waitlisted', 'offered']),
          sql`(${a.queuedAt}, ${a.id}) < (${row.queuedAt.toISOString()}::timestamptz, ${row.id}::uuid)`,
        ),
      );
    return (ahead?.n ?? 0) + 1;
  }

  /** Refuses (nothing changed) when the volunteer lacks the check the position requires. */
  async requireCheck(tx: Executor, slot: PlacesSlot, volunteerId: string, need: 'recorded' | 'verified', now: Date): Promise<void> {
    if (!slot.requiredCheckKindId || !this.deps.checks) return;
    const problem = await this.deps.checks.checkProblem(tx, volunteerId, slot, need, today(now));
    if (problem) throw errors.validation(problem, { id: problem });
  }

  /**
   * Gives the free places of the position to its line, first come first served, by its policy:
   * automatic accepts, a timed offer offers until a deadline. A volunteer whose required check is
   * not verified is passed over (and keeps their place in line). Then the position's FILLED /
   * ACTIVE status follows its places. Runs under the position's lock.
   */
  async fill(tx: Executor, slot: PlacesSlot, now = new Date()): Promise<void> {
    let free = freePlaces(slot.places, await this.held(tx, slot.positionId));
    if (free > 0) {
      const line = await tx
        .select()
        .from(a)
        .where(and(eq(a.positionId, slot.positionId), eq(a.status, 'waitlisted')))
        .orderBy(asc(a.queuedAt), asc(a.id));
      const eligible =
        slot.requiredCheckKindId && this.deps.checks && line.length > 0
          ? await this.deps.checks.verifiedVolunteers(
              tx,
              line.map((r) => r.volunteerId),
              slot,
              today(now),
            )
          : null;
      for (const next of line) {
        if (free <= 0) break;
        if (eligible && !eligible.has(next.volunteerId)) continue;
        if (slot.policy === 'automatic') await this.promote(tx, slot, next, now);
        else await this.offer(tx, slot, next, now);
        free -= 1;
      }
    }
    await this.syncStatus(tx, slot);
  }

  /** FILLED by itself when no place is free; ACTIVE again when one frees, unless the club closed it. */
  async syncStatus(tx: Executor, slot: PlacesSlot): Promise<void> {
    const full = await this.isFull(tx, slot);
    if (full && slot.status === 'active') {
      await tx.update(p).set({ status: 'filled', autoFilled: true, updatedAt: sql`now()` }).where(eq(p.id, slot.positionId));
      Object.assign(slot, { status: 'filled', autoFilled: true });
    } else if (!full && slot.status === 'filled' && slot.autoFilled) {
      await tx.update(p).set({ status: 'active', autoFilled: false, updatedAt: sql`now()` }).where(eq(p.id, slot.positionId));
      Object.assign(slot, { status: 'active', autoFilled: false });
    }
  }

  private async promote(tx: Executor, slot: PlacesSlot, row: VolunteerApplicationRow, now: Date): Promise<void> {
    await tx.update(a).set({ status: 'accepted', queuedAt: null, offerExpiresAt: null, updatedAt: now }).where(eq(a.id, row.id));
    await tx.insert(volunteerApplicationEvents).values({ applicationId: row.id, status: 'accepted', actorId: null });
    const actionUrl = applicationPath(toGlobalId('VolunteerApplication', row.id));
    await this.deps.notify.notify(tx, row.volunteerId, {
      kind: 'volunteer_place_given',
      clubId: slot.clubId,
      group: { key: `club:${slot.clubId}`, label: slot.clubName },
      title: N.placeGiven.title,
      description: N.placeGiven.description(slot.title, slot.clubName),
      actionUrl,
    });
    await this.tellClub(tx, slot, row, 'promoted');
  }

  private async offer(tx: Executor, slot: PlacesSlot, row: VolunteerApplicationRow, now: Date): Promise<void> {
    const { deadline, latest } = offerDeadline(now, slot.offerHours, slot.startsAt);
    const quiet = await this.deps.notify.quietHours(tx, row.volunteerId);
    const until = deadlineOutsideQuietHours(deadline, quiet, { earliest: now, latest });
    // Whole seconds: the deadline travels in the links and the job and is compared for equality.
    until.setMilliseconds(0);
    await tx.update(a).set({ status: 'offered', offerExpiresAt: until, updatedAt: now }).where(eq(a.id, row.id));
    await tx.insert(volunteerApplicationEvents).values({ applicationId: row.id, status: 'offered', actorId: null });
    await scheduleJob(tx, { kind: OFFER_EXPIRY_JOB, key: `volunteer-offer:${row.id}`, runAt: until, payload: { applicationId: row.id, expiresAt: until.toISOString() } });
    const [acceptUrl, declineUrl] = await Promise.all([this.offerUrl(row.volunteerId, row.id, 'accept', until), this.offerUrl(row.volunteerId, row.id, 'decline', until)]);
    const untilText = formatUntil(until, quiet?.timeZone ?? 'UTC');
    const actionUrl = applicationPath(toGlobalId('VolunteerApplication', row.id));
    await this.deps.notify.notify(tx, row.volunteerId, {
      kind: 'volunteer_place_offered',
      clubId: slot.clubId,
      group: { key: `club:${slot.clubId}`, label: slot.clubName },
      title: N.placeOffered.title,
      description: N.placeOffered.description(slot.title, slot.clubName, untilText),
      actionUrl,
      email: {
        subject: `A place is offered to you: ${slot.title}`,
        paragraphs: [N.placeOffered.description(slot.title, slot.clubName, untilText), `Decline it here, and the place goes to the next in line: ${declineUrl!}`],
        action: { url: acceptUrl!, label: 'Accept the place' },
      },
    });
    await this.tellClub(tx, slot, row, 'offered');
  }

  /** One notification to the club per change of its line. */
  private async tellClub(tx: Executor, slot: PlacesSlot, row: VolunteerApplicationRow, what: 'promoted' | 'offered' | 'taken' | 'refused' | 'lapsed'): Promise<void> {
    const name = await this.volunteerName(tx, row.volunteerId);
    const text = { promoted: N.linePromoted, offered: N.lineOffered, taken: N.offerTaken, refused: N.offerRefused, lapsed: N.offerRanOut }[what];
    await this.deps.notify.notify(tx, slot.clubId, {
      kind: 'volunteer_line_moved',
      clubId: slot.clubId,
      group: { key: `club:${slot.clubId}`, label: slot.clubName },
      title: text.title,
      description: text.description(name, slot.title),
      actionUrl: applicationPath(toGlobalId('VolunteerApplication', row.id)),
    });
  }

  private async volunteerName(tx: Executor, userId: string): Promise<string> {
    const [row] = await tx
      .select({ firstName: volunteerProfiles.firstName, lastName: volunteerProfiles.lastName, fullName: users.fullName })
      .from(users)
      .leftJoin(volunteerProfiles, eq(volunteerProfiles.userId, users.id))
      .where(eq(users.id, userId));
    return row?.firstName ? volunteerFullName(row.firstName, row.lastName ?? '') : (row?.fullName ?? 'A volunteer');
  }

  // ---- offers -----------------------------------------------------------------------------------

  /** The volunteer takes or refuses the place offered to them. Under the position's lock: an offer
   *  that ran out (even one whose expiry job has not run yet) can no longer be taken. */
  async answerOffer(viewer: Viewer, applicationId: string, answer: 'accept' | 'decline', now = new Date()): Promise<VolunteerApplicationRow> {
    return this.db.transaction((tx) => this.answerOfferWithin(tx, viewer.userId, applicationId, answer, null, now));
  }

  private async answerOfferWithin(tx: Executor, userId: string, applicationId: string, answer: 'accept' | 'decline', expiresAt: string | null, asked: Date): Promise<VolunteerApplicationRow> {
    const [own] = await tx.select({ positionId: a.positionId, volunteerId: a.volunteerId }).from(a).where(eq(a.id, applicationId));
    if (!own || own.volunteerId !== userId) throw new AppError('NOT_FOUND', A.notFound, { id: A.notFound });
    const slot = await this.lock(tx, own.positionId);
    if (!slot) throw new AppError('NOT_FOUND', A.notFound, { id: A.notFound });
    // Decided when the lock is ours: an answer that waited past the deadline is too late.
    const now = new Date(Math.max(asked.getTime(), Date.now()));
    const [current] = await tx.select().from(a).where(eq(a.id, applicationId));
    const standing = current?.status === 'offered' && current.offerExpiresAt !== null && (expiresAt === null || current.offerExpiresAt.toISOString() === expiresAt);
    if (!current || !standing) throw errors.validation(P.notOffered, { id: P.notOffered });
    if (current.offerExpiresAt!.getTime() <= now.getTime()) throw errors.validation(P.offerExpired, { id: P.offerExpired });
    if (answer === 'accept') await this.requireCheck(tx, slot, userId, 'verified', now);
    const status = answer === 'accept' ? 'accepted' : 'withdrawn';
    const [row] = await tx.update(a).set({ status, queuedAt: null, offerExpiresAt: null, updatedAt: now }).where(eq(a.id, applicationId)).returning();
    await tx.insert(volunteerApplicationEvents).values({ applicationId, status, actorId: userId });
    await this.tellClub(tx, slot, row!, answer === 'accept' ? 'taken' : 'refused');
    if (answer === 'decline') await this.fill(tx, slot, now);
    else await this.syncStatus(tx, slot);
    return row!;
  }

  /** The durable job at an offer's deadline: the offer lapses (the volunteer leaves the line and is
   *  told) and the place goes on to the next. Does nothing for an offer answered meanwhile or made
   *  again with another deadline, so running twice changes nothing. */
  readonly expiryJob = async (tx: Executor, job: ClaimedJob): Promise<JobOutcome> => {
    const applicationId = String(job.payload.applicationId ?? '');
    const expiresAt = String(job.payload.expiresAt ?? '');
    const [own] = await tx.select({ positionId: a.positionId }).from(a).where(eq(a.id, applicationId));
    if (!own) return { done: true };
    const slot = await this.lock(tx, own.positionId);
    if (!slot) return { done: true };
    const now = new Date();
    const [row] = await tx
      .update(a)
      .set({ status: 'lapsed', queuedAt: null, offerExpiresAt: null, updatedAt: now })
      .where(and(eq(a.id, applicationId), eq(a.status, 'offered'), sql`${a.offerExpiresAt} = ${expiresAt}::timestamptz`, sql`${a.offerExpiresAt} <= ${now.toISOString()}::timestamptz`))
      .returning();
    if (!row) {
      // Still standing (a clock ahead of this one's): try again at its deadline.
      const [current] = await tx.select({ status: a.status, offerExpiresAt: a.offerExpiresAt }).from(a).where(eq(a.id, applicationId));
      if (current?.status === 'offered' && current.offerExpiresAt?.toISOString() === expiresAt && current.offerExpiresAt.getTime() > now.getTime()) return { again: current.offerExpiresAt };
      return { done: true };
    }
    await tx.insert(volunteerApplicationEvents).values({ applicationId, status: 'lapsed', actorId: null });
    await this.deps.notify.notify(tx, row.volunteerId, {
      kind: 'volunteer_offer_lapsed',
      clubId: slot.clubId,
      group: { key: `club:${slot.clubId}`, label: slot.clubName },
      title: N.offerLapsed.title,
      description: N.offerLapsed.description(slot.title, slot.clubName),
      actionUrl: applicationPath(toGlobalId('VolunteerApplication', row.id)),
    });
    await this.tellClub(tx, slot, row, 'lapsed');
    await this.fill(tx, slot, now);
    return { done: true };
  };

  // ---- one-tap links ----------------------------------------------------------------------------

  /** The signed one-tap link answering the offer that stands until `until`, for its volunteer; it
   *  works until then and only for that offer. */
  async offerUrl(userId: string, applicationId: string, answer: 'accept' | 'decline', until: Date): Promise<string> {
    const ttl = Math.max(60, Math.ceil((until.getTime() - Date.now()) / 1000));
    const token = await this.deps.links.sign({ sub: userId, app: applicationId, ans: answer, exp_at: until.toISOString(), jti: randomUUID() }, ttl);
    return `${this.deps.appUrl}/offers/answer?token=${token}`;
  }

  private async readLink(token: string): Promise<{ userId: string; applicationId: string; answer: 'accept' | 'decline'; expiresAt: string } | null> {
    const check = await this.deps.links.verify<OfferClaims>(token);
    if (!check.ok) return null;
    const { sub, app, ans, exp_at } = check.claims;
    if (typeof sub !== 'string' || typeof app !== 'string' || (ans !== 'accept' && ans !== 'decline') || typeof exp_at !== 'string') return null;
    return { userId: sub, applicationId: app, answer: ans, expiresAt: exp_at };
  }

  /** What an offer link would do; changes nothing (mail scanners open links). Null when forged,
   *  expired or its application is gone. */
  async linkView(token: string, now = new Date()): Promise<OfferLinkView | null> {
    const link = await this.readLink(token);
    if (!link) return null;
    const [row] = await this.db.select().from(a).where(and(eq(a.id, link.applicationId), eq(a.volunteerId, link.userId)));
    if (!row) return null;
    const open = row.status === 'offered' && row.offerExpiresAt?.toISOString() === link.expiresAt && row.offerExpiresAt.getTime() > now.getTime();
    return { application: row, answer: link.answer, open };
  }

  /** Applies an offer link for the volunteer it was sent to: the offer it was made for, once. */
  async answerByLink(token: string, now = new Date()): Promise<VolunteerApplicationRow> {
    const link = await this.readLink(token);
    if (!link) throw new AppError('NOT_FOUND', P.linkInvalid, { token: P.linkInvalid });
    return this.db.transaction((tx) => this.answerOfferWithin(tx, link.userId, link.applicationId, link.answer, link.expiresAt, now));
  }
}

/** "Tue 1 Dec, 18:00" on the volunteer's wall clock. */
function formatUntil(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(at);
}

declare module '../../lib/services.js' {
  interface Services {
    /** Places and the waiting line of positions: promotion, timed offers and their links. */
    volunteerPlaces: VolunteerPlacesService;
  }
}
