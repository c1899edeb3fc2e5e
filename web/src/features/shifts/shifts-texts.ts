// The texts of the shifts' screens (issue 30 §1); the rules' messages are the server's
// (@clubroom/rules/shifts).
import type { ShiftSignupStatus, ShiftSwapStatus } from '../../gql/graphql';

const places = (n: number) => `${n} ${n === 1 ? 'place' : 'places'}`;

export const CLUB_SHIFTS_TEXTS = {
  show: 'Show shifts',
  hide: 'Hide shifts',
  title: 'Shifts',
  description: (zone: string) => `Dated slots volunteers pick when they apply; you accept each volunteer per shift. Times are on your club's clock (${zone}).`,
  none: 'No upcoming shifts. Add one to let volunteers pick when they help.',
  add: 'Add shift',
  addTitle: 'Add a shift',
  date: 'Date',
  startTime: 'Starts at',
  endTime: 'Ends at',
  endsNextDay: 'Ends the next day.',
  places: 'Places',
  placesHelp: 'How many volunteers the shift takes.',
  repeat: 'Repeat weekly until',
  repeatHelp: 'Optional: the same day and time every week until this date (at most 52 shifts).',
  save: 'Add shift',
  saving: 'Adding...',
  added: (n: number) => (n === 1 ? 'Shift added' : `${n} shifts added`),
  addFailed: 'The shift could not be added',
  filled: (filled: number, total: number) => `${filled} of ${total} filled`,
  waiting: (n: number) => `${n} waiting`,
  cancelled: 'Cancelled',
  weekly: 'Weekly',
  changePlaces: 'Change places',
  placesTitle: 'Change places',
  placesSave: 'Save',
  placesSaving: 'Saving...',
  placesHelpChange: 'Never fewer than the volunteers accepted or offered a place; more go to the waiting list at once.',
  placesSaved: 'Places changed',
  placesFailed: 'The places could not be changed',
  cancel: 'Cancel shift',
  cancelTitle: 'Cancel this shift?',
  reason: 'Why is it cancelled?',
  reasonHelp: 'Told to every volunteer with a place on it or in its line.',
  cancelConfirm: 'Cancel shift',
  cancelling: 'Cancelling...',
  cancelledToast: 'Shift cancelled',
  cancelFailed: 'The shift could not be cancelled',
  signups: (n: number) => `Sign-ups (${n})`,
  noSignups: 'No sign-ups yet.',
  accept: 'Accept',
  waitlist: 'Waiting list',
  reject: 'Reject',
  decided: { ACCEPT: 'Accepted for the shift', WAITLIST: 'Put on the waiting list', REJECT: 'Not confirmed for the shift' },
  decideFailed: 'The decision could not be saved',
  formerMember: 'A former member',
  loadFailed: 'The shifts could not be loaded.',
  signupsFailed: 'The sign-ups could not be loaded.',
  loading: 'Loading shifts',
  more: (n: number) => `${n} more not shown.`,
} as const;

export const PICK_SHIFTS_TEXTS = {
  legend: 'Pick your shifts',
  help: (zone: string) => `Pick at least one. Times are on the club's clock (${zone}).`,
  placesLeft: (n: number) => `${places(n)} left`,
  full: 'Full — you’d join its waiting list',
  loadFailed: 'The shifts could not be loaded.',
} as const;

export const OPPORTUNITY_SHIFTS_TEXTS = {
  title: 'Shifts',
  help: (zone: string) => `Pick the shifts you can do when you apply. Times are on the club's clock (${zone}).`,
  full: 'Full: waiting list',
} as const;

export const MY_SHIFTS_TEXTS = {
  title: 'Shifts',
  description: 'Where each shift you picked stands. Times are on the club’s clock.',
  clubDescription: 'The shifts this volunteer picked; decide on each one.',
  none: 'No shifts on this application.',
  line: (n: number) => `Number ${n} in line`,
  offerUntil: (when: string) => `A place is offered to you until ${when}.`,
  take: 'Accept place',
  decline: 'Decline',
  taken: 'Place accepted',
  declined: 'Place declined',
  answerFailed: 'The offer could not be answered',
  drop: 'Drop shift',
  dropTitle: 'Drop this shift?',
  dropQuestion: 'Your place goes to the next volunteer in line. You cannot undo this.',
  dropping: 'Dropping...',
  dropped: 'Shift dropped',
  dropFailed: 'The shift could not be dropped',
  swap: 'Swap',
  swapTitle: 'Propose a swap',
  swapIntro: 'Offer this shift to a volunteer accepted for another shift of this position, in exchange for theirs. They need to agree; the club is told.',
  swapWith: 'Swap with',
  chooseTeammate: 'Choose a shift and a volunteer',
  noTeammates: 'No volunteer is accepted for another shift of this position yet.',
  swapSend: 'Propose swap',
  swapSending: 'Proposing...',
  swapSent: 'Swap proposed',
  swapFailed: 'The swap could not be proposed',
  loadFailed: 'Your shifts could not be loaded.',
} as const;

export const SWAPS_TEXTS = {
  title: 'Shift swaps',
  description: 'Proposals to exchange accepted shifts with another volunteer of the same position.',
  proposedByYou: (shift: string, theirs: string) => `You offered ${shift} for ${theirs}.`,
  proposedToYou: (name: string, theirs: string, yours: string) => `${name} offers you ${theirs} in exchange for your ${yours}.`,
  agree: 'Agree',
  decline: 'Decline',
  withdraw: 'Withdraw',
  agreed: 'Swap agreed: you have the new shift',
  declinedToast: 'Swap declined',
  withdrawn: 'Swap withdrawn',
  failed: 'The swap could not be answered',
  loadFailed: 'Your shift swaps could not be loaded.',
} as const;

export const SIGNUP_STATUS_LABELS: Record<ShiftSignupStatus, string> = {
  REQUESTED: 'Requested',
  ACCEPTED: 'Accepted',
  WAITLISTED: 'Waiting list',
  OFFERED: 'Place offered',
  REJECTED: 'Not confirmed',
  WITHDRAWN: 'Dropped',
  LAPSED: 'Offer lapsed',
};

export const SIGNUP_STATUS_PALETTES: Record<ShiftSignupStatus, string> = {
  REQUESTED: 'orange',
  ACCEPTED: 'green',
  WAITLISTED: 'purple',
  OFFERED: 'blue',
  REJECTED: 'red',
  WITHDRAWN: 'gray',
  LAPSED: 'gray',
};

export const SWAP_STATUS_LABELS: Record<ShiftSwapStatus, string> = {
  PROPOSED: 'Waiting for an answer',
  ACCEPTED: 'Agreed',
  DECLINED: 'Declined',
  CANCELLED: 'Withdrawn',
};
