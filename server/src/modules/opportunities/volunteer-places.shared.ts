// What the places services share: the kinds of line and their rows, the offers' job kind, the
// webhook event of a line change, the club's notice of one, and the path of a one-tap offer link.
// The line engine (locks, held places, giving freed places) is volunteer-places.service.ts;
// answering an offer, its links and its lapse are volunteer-offers.service.ts's.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users, volunteerProfiles } from '../../db/schema/index.js';
import type { SignedLinks } from '../../lib/signed-links.js';
import { toGlobalId } from '../../graphql/relay.js';
import type { NotificationDispatcher } from '../notifications/notify.service.js';
import { volunteerFullName } from '../volunteers/volunteers.rules.js';
import { APPLICATION_NOTIFICATIONS as N, applicationPath, type WaitlistPolicyValue } from './opportunities.rules.js';
import { applicationEvent } from './opportunities.webhooks.js';
import type { WebhookEvent, WebhookEventKind } from '../webhooks/webhooks.rules.js';

export const OFFER_EXPIRY_JOB = 'volunteer-offer-expiry';

/** The two kinds of line: a position's applications, or a shift's signups. */
export type LineKind = 'application' | 'signup';

/** A slot as its line needs it, read under its row lock. */
export interface PlacesSlot {
  kind: LineKind;
  /** The position's id, or the shift's. */
  id: string;
  positionId: string;
  clubId: string;
  clubName: string;
  /** What notifications call it: the position's title, with the shift's day and time for a shift. */
  title: string;
  places: number | null;
  policy: WaitlistPolicyValue;
  offerHours: number;
  /** The position's (a shift's: null, it has no status of its own). */
  status: 'active' | 'filled' | 'cancelled' | null;
  autoFilled: boolean;
  /** When it starts, for shortening offers: a shift's start, a position's start date; null if none. */
  startsAt: Date | null;
  requiredCheckKindId: string | null;
}

/** One place in a line, whichever its kind. */
export interface LineRow {
  id: string;
  applicationId: string;
  volunteerId: string;
  status: string;
  queuedAt: Date | null;
  offerExpiresAt: Date | null;
}

/** The webhook event of a change of a line row (an application's, or a shift signup's). */
export function lineEvent(tx: Executor, kind: WebhookEventKind, lineKind: LineKind, row: LineRow, extra?: Record<string, unknown>): Promise<WebhookEvent> {
  return applicationEvent(tx, kind, row.applicationId, { signupId: lineKind === 'signup' ? row.id : null, extra });
}

/** One notification to the club per change of its line. */
export async function tellClub(notify: Pick<NotificationDispatcher, 'notify'>, tx: Executor, slot: PlacesSlot, row: LineRow, what: 'promoted' | 'offered' | 'taken' | 'refused' | 'lapsed'): Promise<void> {
  const name = await volunteerName(tx, row.volunteerId);
  const text = { promoted: N.linePromoted, offered: N.lineOffered, taken: N.offerTaken, refused: N.offerRefused, lapsed: N.offerRanOut }[what];
  await notify.notify(tx, slot.clubId, {
    kind: 'volunteer_line_moved',
    clubId: slot.clubId,
    group: { key: `club:${slot.clubId}`, label: slot.clubName },
    title: text.title,
    description: text.description(name, slot.title),
    actionUrl: applicationPath(toGlobalId('VolunteerApplication', row.applicationId)),
  });
}

/** Tells the volunteer of `row` what became of their place in the line (given, lapsed), linking
 *  to their application. */
export async function tellVolunteer(
  notify: Pick<NotificationDispatcher, 'notify'>,
  tx: Executor,
  slot: PlacesSlot,
  row: LineRow,
  kind: 'volunteer_place_given' | 'volunteer_offer_lapsed',
  text: { title: string; description: (title: string, clubName: string) => string },
): Promise<void> {
  await notify.notify(tx, row.volunteerId, {
    kind,
    clubId: slot.clubId,
    group: { key: `club:${slot.clubId}`, label: slot.clubName },
    title: text.title,
    description: text.description(slot.title, slot.clubName),
    actionUrl: applicationPath(toGlobalId('VolunteerApplication', row.applicationId)),
  });
}

/** A volunteer's name as their profile gives it (their account's name without a profile). */
export async function volunteerName(tx: Executor, userId: string): Promise<string> {
  const [row] = await tx
    .select({ firstName: volunteerProfiles.firstName, lastName: volunteerProfiles.lastName, fullName: users.fullName })
    .from(users)
    .leftJoin(volunteerProfiles, eq(volunteerProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row?.firstName ? volunteerFullName(row.firstName, row.lastName ?? '') : (row?.fullName ?? 'A volunteer');
}

/** The web app path of the signed one-tap link answering the offer that stands until `until`, for
 *  its volunteer (a push button's; the email's is the app's address and this). It works until then
 *  and only for that offer. */
export async function offerPath(links: SignedLinks, userId: string, kind: LineKind, id: string, answer: 'accept' | 'decline', until: Date): Promise<string> {
  const ttl = Math.max(60, Math.ceil((until.getTime() - Date.now()) / 1000));
  const token = await links.sign({ sub: userId, k: kind, id, ans: answer, exp_at: until.toISOString(), jti: randomUUID() }, ttl);
  return `/offers/answer?token=${token}`;
}
