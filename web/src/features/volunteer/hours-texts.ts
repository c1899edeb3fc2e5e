// The texts of the volunteer's My Hours tab (issue 30 §3).
export const MY_HOURS_TEXTS = {
  heading: 'My Hours',
  total: 'Approved hours in total',
  byClub: 'Approved hours per club',
  byMonth: 'Approved hours per month',
  club: 'Club',
  month: 'Month',
  hours: 'Hours',
  claims: 'My hours and claims',
  noHours: 'No hours recorded yet. Claim hours for a position you were accepted to, or attend a shift.',
  noApproved: 'No approved hours yet.',
  date: 'Date',
  position: 'Position',
  source: 'From',
  status: 'Status',
  reason: 'Reason',
  fromShift: 'Shift',
  fromClaim: 'Claim',
  claimHeading: 'Claim hours',
  claimIntro: 'Claim hours you gave for a position you were accepted to. The club approves or declines them.',
  noPositions: 'Once a club accepts you for a position, you can claim your hours for it here.',
  positionLabel: 'Position',
  dateLabel: 'Date',
  hoursLabel: 'Hours',
  hoursHelp: 'For example 1.5 for an hour and a half (at most 24 a day).',
  noteLabel: 'Note for the club (optional)',
  submit: 'Claim Hours',
  submitting: 'Claiming...',
  claimed: 'Your hours were submitted to the club.',
  failedTitle: 'Could not claim hours',
  failed: 'Something went wrong. Please try again.',
  loadFailed: 'Your hours could not be loaded.',
  retry: 'Try again',
} as const;

export const HOURS_STATUS_TEXT = { PENDING: 'Pending', APPROVED: 'Approved', DECLINED: 'Declined', REVOKED: 'Revoked' } as const;
export const HOURS_STATUS_PALETTE = { PENDING: 'yellow', APPROVED: 'green', DECLINED: 'red', REVOKED: 'gray' } as const;

/** 'November 2026' for '2026-11'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, 1)).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
