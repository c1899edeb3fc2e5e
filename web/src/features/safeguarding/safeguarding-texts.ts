// The texts of the safeguarding checks' screens (issue 30 §5); the rules' messages are the
// server's (@clubroom/rules/safeguarding).
import type { CheckEventAction } from '../../gql/graphql';

export const CHECK_KINDS_TEXTS = {
  intro: 'The safeguarding checks positions can require and volunteers record on their profiles. A retired check is no longer offered, but stays on the checks and positions that name it.',
  addTitle: 'Add a check',
  editTitle: 'Edit check',
  add: 'Add check',
  save: 'Save',
  saving: 'Saving...',
  name: 'Name',
  namePlaceholder: 'e.g. Enhanced DBS',
  description: 'Description',
  empty: 'No checks yet. Add the first one.',
  retired: 'Retired',
  retire: 'Retire',
  restore: 'Restore',
  edit: 'Edit',
  saved: 'Check saved',
  saveFailed: 'The check could not be saved',
  retiredToast: (name: string) => `“${name}” retired`,
  restoredToast: (name: string) => `“${name}” offered again`,
  loadFailed: 'We could not load the checks.',
} as const;

export const MY_CHECKS_TEXTS = {
  title: 'Safeguarding checks',
  description:
    'Record the checks some positions require (for example an Enhanced DBS). Only the kind and the dates are kept: never a certificate number or a copy. Clubs you apply to can see them and verify them for their club.',
  add: 'Record a check',
  addTitle: 'Record a check',
  changeTitle: 'Change the dates',
  kind: 'Check',
  chooseKind: 'Choose a check',
  issuedOn: 'Issued on',
  expiresOn: 'Expires or renewal due on',
  changeHelp: 'Changing the dates removes every club’s verification: they will need to verify it again.',
  save: 'Save',
  saving: 'Saving...',
  change: 'Change dates',
  remove: 'Delete',
  removeTitle: 'Delete this check?',
  removeQuestion: 'Clubs that verified it will no longer see it. Its history is kept.',
  removing: 'Deleting...',
  none: 'You have not recorded any checks.',
  noProfile: 'Create your volunteer profile first to record checks.',
  expired: 'Expired',
  expiresSoon: 'Expires soon',
  verifiedBy: 'Verified by',
  notVerified: 'Not verified by any club yet.',
  historyTitle: (n: number) => `History (${n})`,
  saved: 'Check saved',
  deleted: 'Check deleted',
  saveFailed: 'The check could not be saved',
  deleteFailed: 'The check could not be deleted',
  loadFailed: 'We could not load your checks.',
  noKinds: 'There are no checks to record yet.',
} as const;

export const APPLICANT_CHECKS_TEXTS = {
  title: 'Safeguarding checks',
  description: 'The checks this volunteer recorded (kind and dates only). Verify a check for your club once you have seen it; your view is recorded in its history, which the volunteer sees.',
  adminDescription: 'The checks this volunteer recorded (kind and dates only). Your view is recorded in their history.',
  none: 'This volunteer has not recorded any checks.',
  verify: 'Verify for my club',
  verifying: 'Verifying...',
  unverify: 'Withdraw verification',
  unverifying: 'Withdrawing...',
  verified: (when: string) => `Verified by your club on ${when}`,
  verifiedBy: (club: string, when: string) => `Verified by ${club} on ${when}`,
  verifyFailed: 'The check could not be verified',
  unverifyFailed: 'The verification could not be withdrawn',
  verifiedToast: 'Check verified for your club',
  unverifiedToast: 'Verification withdrawn',
  required: (name: string) => `This position needs a verified, unexpired “${name}” check.`,
  loadFailed: 'We could not load the volunteer’s checks.',
} as const;

/** The opportunity page's note of the check a position requires. */
export const POSITION_CHECK_TEXTS = {
  title: 'Safeguarding check',
  needs: (name: string) =>
    `This position needs a verified, unexpired “${name}” check. Record it on your volunteer profile before applying; the club verifies it once you have applied.`,
} as const;

export const REQUIRED_CHECK_TEXTS = {
  label: 'Requires a check',
  none: 'No check required',
  help: 'Volunteers need this check recorded to apply, and verified by your club to be accepted.',
  retired: (name: string) => `${name} (retired)`,
} as const;

export const CHECK_EVENT_LABELS: Record<CheckEventAction, string> = {
  RECORDED: 'Recorded',
  CHANGED: 'Dates changed',
  DELETED: 'Deleted',
  VIEWED: 'Viewed',
  VERIFIED: 'Verified',
  UNVERIFIED: 'Verification withdrawn',
  REMINDED: 'Expiry reminder sent',
};
