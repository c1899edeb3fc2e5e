// Shifts of a volunteer position (issue 30 §1): dated slots, one-off or weekly for a period, each
// with its places and waiting line; a volunteer picks shifts when applying, the club decides per
// shift, and two accepted volunteers of one position may swap shifts. The pure rules and texts,
// shared by the server and the web.
import { z } from 'zod';
import { PLACES_MAX } from './opportunities-texts.rules.js';

/** A weekly series holds at most this many shifts; a position at most SHIFTS_MAX upcoming ones. */
export const SERIES_MAX = 52;
export const SHIFTS_MAX = 200;
/** A shift lasts at most this long. */
export const SHIFT_HOURS_MAX = 24;
export const SHIFT_CANCEL_REASON_MAX = 500;

export const SHIFT_MESSAGES = {
  notFound: 'Shift not found',
  signupNotFound: 'Shift sign-up not found',
  swapNotFound: 'Shift swap not found',
  endAfterStart: 'A shift must end after it starts.',
  future: 'A shift must start in the future.',
  tooLong: `A shift lasts at most ${SHIFT_HOURS_MAX} hours.`,
  places: `Places must be a whole number from 1 to ${PLACES_MAX}.`,
  repeatUntil: "Repeat until must be on or after the first shift's day.",
  seriesMax: `A weekly series has at most ${SERIES_MAX} shifts.`,
  shiftsMax: `A position can have at most ${SHIFTS_MAX} upcoming shifts.`,
  cancelReason: 'Please say why the shift is cancelled.',
  cancelReasonMax: `The reason must be at most ${SHIFT_CANCEL_REASON_MAX} characters.`,
  alreadyCancelled: 'This shift is already cancelled.',
  started: 'This shift has already started.',
  pickShift: 'Pick at least one shift.',
  noShifts: 'This position has no shifts to pick.',
  notOpen: 'That shift is not open for sign-up.',
  pickedOverlap: 'Two of the shifts you picked overlap.',
  overlapsOther: (label: string) => `This shift overlaps another shift you signed up for: ${label}.`,
  decidePerShift: 'This position has shifts: decide per shift.',
  onlyRequestedAccept: 'Only a requested shift, or one on the waiting list, can be accepted.',
  onlyRequestedWaitlist: 'Only a requested shift can be put on the waiting list.',
  closedSignup: 'This shift sign-up is already closed.',
  swapOwnAccepted: 'You can only offer a shift you have been accepted for.',
  swapOtherAccepted: 'You can only swap with a volunteer accepted for another shift of the same position.',
  swapSameShift: 'Pick a shift other than your own.',
  swapAlreadyThere: 'One of you already has a place on the other shift.',
  swapOverlap: 'The swap would give one of you two shifts at the same time.',
  swapPending: 'You have already proposed this swap.',
  swapNotOpen: 'This swap is no longer open.',
  tooManySwaps: (retry: string) => `You have proposed too many shift swaps in a short while. Please try again ${retry}.`,
} as const;

export const SHIFT_NOTIFICATIONS = {
  accepted: { title: 'Shift accepted', description: (shift: string, club: string) => `${club} accepted you for ${shift}.` },
  rejected: { title: 'Shift not confirmed', description: (shift: string, club: string) => `${club} did not confirm your place on ${shift}.` },
  waitlisted: { title: 'On the shift’s waiting list', description: (shift: string, club: string, place: number) => `${club} put you on the waiting list for ${shift}: you are number ${place}.` },
  cancelled: { title: 'Shift cancelled', description: (shift: string, club: string, reason: string) => `${club} cancelled ${shift}: ${reason}` },
  withdrawn: { title: 'Shift dropped', description: (volunteer: string, shift: string) => `${volunteer} dropped out of ${shift}.` },
  swapProposed: { title: 'Shift swap proposed', description: (volunteer: string, theirs: string, yours: string) => `${volunteer} offers you ${theirs} in exchange for your ${yours}.` },
  swapAccepted: { title: 'Shift swap agreed', description: (volunteer: string, yours: string) => `${volunteer} agreed: you now have ${yours}.` },
  swapDeclined: { title: 'Shift swap declined', description: (volunteer: string) => `${volunteer} declined your shift swap.` },
  swapped: { title: 'Volunteers swapped shifts', description: (a: string, b: string, shiftA: string, shiftB: string) => `${a} and ${b} swapped shifts: ${a} now has ${shiftB}, ${b} has ${shiftA}.` },
} as const;


export const addShiftsRules = z
  .object({
    startsAt: z.date({ error: 'Please enter a valid start' }),
    endsAt: z.date({ error: 'Please enter a valid end' }),
    places: z.number({ error: SHIFT_MESSAGES.places }).int({ error: SHIFT_MESSAGES.places }).min(1, { error: SHIFT_MESSAGES.places }).max(PLACES_MAX, { error: SHIFT_MESSAGES.places }),
    /** The last day (YYYY-MM-DD, the club's wall clock) a weekly series may fall on; null: one-off. */
    repeatWeeklyUntil: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Please enter a valid date' })
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    if (v.endsAt.getTime() <= v.startsAt.getTime()) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: SHIFT_MESSAGES.endAfterStart });
    else if (v.endsAt.getTime() - v.startsAt.getTime() > SHIFT_HOURS_MAX * 3_600_000) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: SHIFT_MESSAGES.tooLong });
  });
export type AddShiftsInput = z.input<typeof addShiftsRules>;

export const cancelShiftRules = z.object({
  reason: z
    .string({ error: SHIFT_MESSAGES.cancelReason })
    .trim()
    .min(1, { error: SHIFT_MESSAGES.cancelReason })
    .max(SHIFT_CANCEL_REASON_MAX, { error: SHIFT_MESSAGES.cancelReasonMax }),
});

export const shiftPlacesRules = z.object({
  places: z.number({ error: SHIFT_MESSAGES.places }).int({ error: SHIFT_MESSAGES.places }).min(1, { error: SHIFT_MESSAGES.places }).max(PLACES_MAX, { error: SHIFT_MESSAGES.places }),
});

/** Whether two time ranges overlap (touching ends do not). */
export function overlaps(a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }): boolean {
  return a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime();
}

/** Swap proposals per volunteer to one other volunteer, and per volunteer, per hour (the
 *  defaults of SHIFT_SWAP_LIMIT_PER_PAIR and SHIFT_SWAP_LIMIT_PER_VOLUNTEER). */
export const SWAP_LIMITS = { swapsPerPair: 3, swapsPerVolunteer: 10 };
