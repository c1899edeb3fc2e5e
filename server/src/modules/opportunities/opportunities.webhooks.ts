// The webhook events of volunteering (issue 31; docs/API.md, 'Webhook events'): applications and
// the waiting line of positions and shifts. One place builds their payloads, so every event names
// an application the same way: the API's global ids and the schema's field names, and only what
// both the club and the volunteer may read (no email, no message, no club's note).
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { clubs, clubVolunteerPositions, positionShifts, shiftSignups, users, volunteerApplications } from '../../db/schema/index.js';
import { toGlobalId } from '../../graphql/relay.js';
import type { WebhookEvent, WebhookEventKind } from '../webhooks/webhooks.rules.js';

const a = volunteerApplications;
const p = clubVolunteerPositions;

/** Kinds for the club only (received, withdrawn); the rest reach the volunteer too. */
const CLUB_ONLY: readonly WebhookEventKind[] = ['volunteer.application.received', 'volunteer.application.withdrawn'];

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
/** A schema enum value from its stored one ('waitlisted' → 'WAITLISTED'). */
const enumValue = (v: string) => v.toUpperCase();

interface ChangeOptions {
  /** The change was to this shift signup of the application. */
  signupId?: string | null;
  /** Without the volunteer (an account being deleted): `volunteer` is null. */
  anonymous?: boolean;
  /** The kind's own fields, beside `volunteerApplication`. */
  extra?: Record<string, unknown>;
}

/**
 * The event `kind` about an application, read in one statement inside the change's transaction
 * (so it says what the change made). With `signupId`, the change was to one shift's signup of it
 * (`shiftSignup` names the shift); `extra` adds the kind's own fields (e.g. `decidedAt`).
 */
export async function applicationEvent(tx: Executor, kind: WebhookEventKind, applicationId: string, opts: ChangeOptions = {}): Promise<WebhookEvent> {
  const [row] = await tx
    .select({
      id: a.id,
      status: a.status,
      appliedAt: a.appliedAt,
      offerExpiresAt: a.offerExpiresAt,
      positionId: p.id,
      positionTitle: p.title,
      clubId: clubs.id,
      clubName: clubs.name,
      volunteerId: users.id,
      volunteerName: users.fullName,
    })
    .from(a)
    .innerJoin(p, eq(p.id, a.positionId))
    .innerJoin(clubs, eq(clubs.id, a.clubId))
    .innerJoin(users, eq(users.id, a.volunteerId))
    .where(eq(a.id, applicationId));
  if (!row) throw new Error(`No volunteer application ${applicationId} for a webhook event`);
  const data: Record<string, unknown> = {
    volunteerApplication: {
      id: toGlobalId('VolunteerApplication', row.id),
      status: enumValue(row.status),
      appliedAt: iso(row.appliedAt),
      offerExpiresAt: iso(row.offerExpiresAt),
      position: { id: toGlobalId('VolunteerPosition', row.positionId), title: row.positionTitle },
      club: { id: toGlobalId('Club', row.clubId), name: row.clubName },
      volunteer: opts.anonymous ? null : { id: toGlobalId('Member', row.volunteerId), name: row.volunteerName },
    },
  };
  if (opts.signupId) data.shiftSignup = await signupData(tx, opts.signupId);
  Object.assign(data, opts.extra);
  return {
    kind,
    audience: CLUB_ONLY.includes(kind) ? { clubId: row.clubId } : { clubId: row.clubId, memberIds: [row.volunteerId] },
    data,
  };
}

/** The events of several changes of one transaction, built in order (one emitMany after). */
export async function applicationEvents(tx: Executor, changes: readonly (ChangeOptions & { kind: WebhookEventKind; applicationId: string })[]): Promise<WebhookEvent[]> {
  const events: WebhookEvent[] = [];
  for (const c of changes) events.push(await applicationEvent(tx, c.kind, c.applicationId, c));
  return events;
}

async function signupData(tx: Executor, signupId: string): Promise<Record<string, unknown>> {
  const [row] = await tx
    .select({ id: shiftSignups.id, status: shiftSignups.status, offerExpiresAt: shiftSignups.offerExpiresAt, shiftId: positionShifts.id, startsAt: positionShifts.startsAt, endsAt: positionShifts.endsAt })
    .from(shiftSignups)
    .innerJoin(positionShifts, eq(positionShifts.id, shiftSignups.shiftId))
    .where(eq(shiftSignups.id, signupId));
  if (!row) throw new Error(`No shift signup ${signupId} for a webhook event`);
  return {
    id: toGlobalId('ShiftSignup', row.id),
    status: enumValue(row.status),
    offerExpiresAt: iso(row.offerExpiresAt),
    shift: { id: toGlobalId('PositionShift', row.shiftId), startsAt: iso(row.startsAt), endsAt: iso(row.endsAt) },
  };
}
