// Timed offers of a place (issue 30 §1–2), once made: the volunteer takes or refuses the place (in
// the app, or by the signed one-tap link of its email or push), or the offer lapses at its deadline
// (the durable job `OFFER_EXPIRY_JOB`). Each runs under the slot's row lock and hands a refused or
// lapsed place on to the line; the line engine that locks slots, counts places and makes the offers
// is volunteer-places.service.ts, what both share volunteer-places.shared.ts.
import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { volunteerApplications, type VolunteerApplicationRow } from '../../db/schema/index.js';
import type { ClaimedJob, JobOutcome } from '../../jobs/worker.js';
import { AppError, errors } from '../../lib/errors.js';
import type { SignedLinks } from '../../lib/signed-links.js';
import type { Viewer } from '../../lib/viewer.js';
import type { NotificationDispatcher } from '../notifications/notify.service.js';
import { APPLICATION_MESSAGES_TEXT as A, APPLICATION_NOTIFICATIONS as N, PLACES_MESSAGES as P } from './opportunities.rules.js';
import type { VolunteerPlacesService } from './volunteer-places.service.js';
import { lineEvent, offerPath, tellClub, tellVolunteer, type LineKind, type LineRow } from './volunteer-places.shared.js';
import type { WebhookEmitter } from '../webhooks/webhooks.rules.js';

export { OFFER_EXPIRY_JOB } from './volunteer-places.shared.js';

const a = volunteerApplications;

export interface OfferLinkView {
  kind: LineKind;
  row: LineRow;
  /** The application the offer is under. */
  application: VolunteerApplicationRow;
  answer: 'accept' | 'decline';
  /** Whether the offer still stands (else the page says what happened). */
  open: boolean;
}

type OfferClaims = { k?: unknown; id?: unknown; ans?: unknown; exp_at?: unknown };

export class VolunteerOffersService {
  constructor(
    private readonly db: Db,
    private readonly places: VolunteerPlacesService,
    private readonly deps: {
      notify: Pick<NotificationDispatcher, 'notify'>;
      /** Webhook events (issue 31), written in each change's transaction. */
      webhooks: WebhookEmitter;
      /** The same signer as the line engine's, which makes the offers' links. */
      links: SignedLinks;
      appUrl: string;
    },
  ) {}

  /** The volunteer takes or refuses the place offered to them (an application's, or a shift
   *  signup's). Under the slot's lock: an offer that ran out (even one whose expiry job has not run
   *  yet) can no longer be taken. */
  async answerOffer(viewer: Viewer, id: string, answer: 'accept' | 'decline', kind: LineKind = 'application', now = new Date()): Promise<VolunteerApplicationRow> {
    const row = await this.db.transaction((tx) => this.answerOfferWithin(tx, viewer.userId, kind, id, answer, null, now));
    return this.application(row.applicationId);
  }

  private async application(id: string): Promise<VolunteerApplicationRow> {
    const [row] = await this.db.select().from(a).where(eq(a.id, id));
    return row!;
  }

  private async answerOfferWithin(tx: Executor, userId: string, kind: LineKind, id: string, answer: 'accept' | 'decline', expiresAt: string | null, asked: Date): Promise<LineRow> {
    const own = await this.places.lineRow(tx, kind, id);
    if (!own || own.volunteerId !== userId) throw new AppError('NOT_FOUND', A.notFound, { id: A.notFound });
    const slot = await this.places.lockSlotOf(tx, kind, own.slotId);
    if (!slot) throw new AppError('NOT_FOUND', A.notFound, { id: A.notFound });
    // Decided when the lock is ours: an answer that waited past the deadline is too late.
    const now = new Date(Math.max(asked.getTime(), Date.now()));
    const current = await this.places.lineRow(tx, kind, id);
    const standing = current?.status === 'offered' && current.offerExpiresAt !== null && (expiresAt === null || current.offerExpiresAt.toISOString() === expiresAt);
    if (!current || !standing) throw errors.validation(P.notOffered, { id: P.notOffered });
    if (current.offerExpiresAt!.getTime() <= now.getTime()) throw errors.validation(P.offerExpired, { id: P.offerExpired });
    if (answer === 'accept') await this.places.requireCheck(tx, slot, userId, 'verified', now);
    const row = (await this.places.setLine(tx, kind, id, answer === 'accept' ? 'accepted' : 'withdrawn', ['offered']))!;
    await this.places.changed(tx, kind, row, userId);
    await tellClub(this.deps.notify, tx, slot, row, answer === 'accept' ? 'taken' : 'refused');
    const event = answer === 'accept' ? await lineEvent(tx, 'volunteer.place.given', kind, row, { from: 'OFFER' }) : await lineEvent(tx, 'volunteer.offer.lapsed', kind, row, { reason: 'DECLINED' });
    if (answer === 'decline') await this.places.fill(tx, slot, now, [event]);
    else {
      await this.deps.webhooks.emit(tx, event);
      await this.places.syncStatus(tx, slot);
    }
    return row;
  }

  /** The durable job at an offer's deadline: the offer lapses (the volunteer leaves the line and is
   *  told) and the place goes on to the next. Does nothing for an offer answered meanwhile or made
   *  again with another deadline, so running twice changes nothing. */
  readonly expiryJob = async (tx: Executor, job: ClaimedJob): Promise<JobOutcome> => {
    const kind: LineKind = job.payload.kind === 'signup' ? 'signup' : 'application';
    const id = String(job.payload.id ?? '');
    const expiresAt = String(job.payload.expiresAt ?? '');
    const own = await this.places.lineRow(tx, kind, id);
    if (!own) return { done: true };
    const slot = await this.places.lockSlotOf(tx, kind, own.slotId);
    if (!slot) return { done: true };
    const now = new Date();
    const current = await this.places.lineRow(tx, kind, id);
    const standing = current?.status === 'offered' && current.offerExpiresAt?.toISOString() === expiresAt;
    if (!current || !standing) return { done: true };
    // Still standing (a clock ahead of this one's): try again at its deadline.
    if (current.offerExpiresAt!.getTime() > now.getTime()) return { again: current.offerExpiresAt! };
    const row = (await this.places.setLine(tx, kind, id, 'lapsed', ['offered']))!;
    await this.places.changed(tx, kind, row, null);
    await tellVolunteer(this.deps.notify, tx, slot, row, 'volunteer_offer_lapsed', N.offerLapsed);
    await tellClub(this.deps.notify, tx, slot, row, 'lapsed');
    await this.places.fill(tx, slot, now, [await lineEvent(tx, 'volunteer.offer.lapsed', kind, row, { reason: 'EXPIRED' })]);
    return { done: true };
  };

  // ---- one-tap links ----------------------------------------------------------------------------

  /** The signed one-tap link answering the offer that stands until `until`, for its volunteer; it
   *  works until then and only for that offer. */
  async offerUrl(userId: string, kind: LineKind, id: string, answer: 'accept' | 'decline', until: Date): Promise<string> {
    return `${this.deps.appUrl}${await offerPath(this.deps.links, userId, kind, id, answer, until)}`;
  }

  private async readLink(token: string): Promise<{ userId: string; kind: LineKind; id: string; answer: 'accept' | 'decline'; expiresAt: string } | null> {
    const check = await this.deps.links.verify<OfferClaims>(token);
    if (!check.ok) return null;
    const { sub, k, id, ans, exp_at } = check.claims;
    if (typeof sub !== 'string' || (k !== 'application' && k !== 'signup') || typeof id !== 'string' || (ans !== 'accept' && ans !== 'decline') || typeof exp_at !== 'string') return null;
    return { userId: sub, kind: k, id, answer: ans, expiresAt: exp_at };
  }

  /** What an offer link would do; changes nothing (mail scanners open links). Null when forged,
   *  expired or its row is gone. */
  async linkView(token: string, now = new Date()): Promise<OfferLinkView | null> {
    const link = await this.readLink(token);
    if (!link) return null;
    const row = await this.places.lineRow(this.db, link.kind, link.id);
    if (!row || row.volunteerId !== link.userId) return null;
    const open = row.status === 'offered' && row.offerExpiresAt?.toISOString() === link.expiresAt && row.offerExpiresAt.getTime() > now.getTime();
    return { kind: link.kind, row, application: await this.application(row.applicationId), answer: link.answer, open };
  }

  /** Applies an offer link for the volunteer it was sent to: the offer it was made for, once. */
  async answerByLink(token: string, now = new Date()): Promise<VolunteerApplicationRow> {
    const link = await this.readLink(token);
    if (!link) throw new AppError('NOT_FOUND', P.linkInvalid, { token: P.linkInvalid });
    const row = await this.db.transaction((tx) => this.answerOfferWithin(tx, link.userId, link.kind, link.id, link.answer, link.expiresAt, now));
    return this.application(row.applicationId);
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** Answering places offered from a waiting line (in the app or by one-tap link), and their lapse. */
    volunteerOffers: VolunteerOffersService;
  }
}
