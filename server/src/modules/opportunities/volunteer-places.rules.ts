// Places and the waiting line (issue 30 §1–2): the pure rules. Whether a slot (a position without
// shifts, or one shift) has room, and how long a timed offer stands. The service that applies them
// under the slot's row lock is volunteer-places.service.ts.
import { z } from 'zod';
import { OFFER_HOURS_DEFAULT, OFFER_HOURS_MAX, PLACES_MAX, PLACES_MESSAGES as P, WAITLIST_POLICIES } from './opportunities-texts.rules.js';

/** However close the start, an offer stands at least this long. */
export const OFFER_MIN_MINUTES = 30;

/** The position form's places fields. Omitted: no limit, automatic, 24 hours. */
export const placesRules = z.object({
  places: z
    .number({ error: P.placesWhole })
    .int({ error: P.placesWhole })
    .min(1, { error: P.placesWhole })
    .max(PLACES_MAX, { error: P.placesWhole })
    .nullish()
    .transform((v) => v ?? null),
  waitlistPolicy: z
    .enum(WAITLIST_POLICIES, { error: P.policy })
    .nullish()
    .transform((v) => v ?? 'automatic'),
  offerHours: z
    .number({ error: P.offerHours })
    .int({ error: P.offerHours })
    .min(1, { error: P.offerHours })
    .max(OFFER_HOURS_MAX, { error: P.offerHours })
    .nullish()
    .transform((v) => v ?? OFFER_HOURS_DEFAULT),
});
export type PlacesInput = z.input<typeof placesRules>;

/** Free places of a slot: places minus the held ones (accepted or offered); null places: no limit. */
export function freePlaces(places: number | null, held: number): number {
  return places === null ? Number.POSITIVE_INFINITY : Math.max(0, places - held);
}

/**
 * When a timed offer made at `now` ends, before quiet hours are considered: `offerHours` later,
 * shortened close to the start to half the time left (so the next in line still has a chance),
 * never under OFFER_MIN_MINUTES. `latest` is the bound a move out of quiet hours may not pass.
 */
export function offerDeadline(now: Date, offerHours: number, startsAt: Date | null): { deadline: Date; latest: Date | null } {
  const full = now.getTime() + offerHours * 3_600_000;
  if (startsAt === null || startsAt.getTime() <= now.getTime()) return { deadline: new Date(full), latest: null };
  const half = now.getTime() + (startsAt.getTime() - now.getTime()) / 2;
  const deadline = Math.max(Math.min(full, half), now.getTime() + OFFER_MIN_MINUTES * 60_000);
  return { deadline: new Date(deadline), latest: new Date(Math.max(half, deadline)) };
}
