// The position form's places fields (issue 30 §1–2): the inputs hold text ('' for no limit), the
// form sends numbers. The limits and words are the server's (PLACES_MESSAGES), so both sides
// refuse the same input with the same message. Pure: unit-tested in tests/unit/position-places.test.ts.
import { z } from 'zod';
import { OFFER_HOURS_DEFAULT, OFFER_HOURS_MAX, PLACES_MAX, PLACES_MESSAGES } from '@clubroom/rules/opportunities-texts';
import type { WaitlistPolicy } from '../../gql/graphql.js';

/** The whole number `value` names when it is one from `min` to `max`; null otherwise. */
export function wholeNumberIn(value: string, min: number, max: number): number | null {
  const text = value.trim();
  if (!/^\d{1,7}$/.test(text)) return null;
  const number = Number(text);
  return number >= min && number <= max ? number : null;
}

/** Spread into the position form's rules. */
export const positionPlacesFields = {
  /** '' for no limit (sent as null). */
  places: z
    .string()
    .trim()
    .refine((value) => value === '' || wholeNumberIn(value, 1, PLACES_MAX) !== null, { error: PLACES_MESSAGES.placesWhole })
    .transform((value) => (value === '' ? null : Number(value))),
  waitlistPolicy: z.enum(['AUTOMATIC', 'OFFER'], { error: PLACES_MESSAGES.policy }),
  offerHours: z
    .string()
    .trim()
    .refine((value) => wholeNumberIn(value, 1, OFFER_HOURS_MAX) !== null, { error: PLACES_MESSAGES.offerHours })
    .transform(Number),
};

/** The fields' starting values: the position's own, or no limit, automatic and 24 hours. */
export function positionPlacesDefaults(position?: { places?: number | null; waitlistPolicy?: WaitlistPolicy; offerHours?: number } | null): {
  places: string;
  waitlistPolicy: WaitlistPolicy;
  offerHours: string;
} {
  return {
    places: position?.places != null ? String(position.places) : '',
    waitlistPolicy: position?.waitlistPolicy ?? 'AUTOMATIC',
    offerHours: String(position?.offerHours ?? OFFER_HOURS_DEFAULT),
  };
}

export const DEFAULT_OFFER_HOURS = String(OFFER_HOURS_DEFAULT);
