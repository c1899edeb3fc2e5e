// The My Opportunities page's words: the spec's toasts (section 8, from the shared rules) and the
// screen's own copy.
import {
  APPLICATIONS_PAGE_SIZE as SERVER_APPLICATIONS_PAGE_SIZE,
  OPPORTUNITY_MESSAGES,
  applicationPath as serverApplicationPath,
  nextOpportunityStatuses,
  type OpportunityStatusValue,
} from '@clubroom/rules/opportunities-texts';
import type { OpportunityStatus, VolunteerApplicationStatus } from '../../gql/graphql';

const toValue = (status: OpportunityStatus) => status.toLowerCase() as OpportunityStatusValue;
const toStatus = (value: OpportunityStatusValue) => value.toUpperCase() as OpportunityStatus;

export const OPPORTUNITY_TOASTS = {
  /** 'Opportunity marked as filled!' */
  marked: (status: OpportunityStatus) => OPPORTUNITY_MESSAGES.statusChanged(toValue(status)),
  statusFailed: OPPORTUNITY_MESSAGES.statusFailed,
  statusFailedRetry: OPPORTUNITY_MESSAGES.statusFailedRetry,
  deleted: OPPORTUNITY_MESSAGES.deleted,
  deleteFailed: OPPORTUNITY_MESSAGES.deleteFailed,
  deleteFailedRetry: OPPORTUNITY_MESSAGES.deleteFailedRetry,
} as const;

export const DELETE_OPPORTUNITY_QUESTION = 'Are you sure you want to delete this opportunity? Its applications are deleted with it, and pending applicants are told.';

export const REVIEW_TOASTS = {
  accepted: 'Application accepted',
  rejected: 'Application rejected',
  waitlisted: 'Put on the waiting list',
  released: 'Place released',
  failed: 'Failed to update application',
  failedRetry: 'Failed to update application. Please try again.',
} as const;

export const APPLICATION_STATUS_TEXT: Record<VolunteerApplicationStatus, { label: string; palette: string }> = {
  PENDING: { label: 'Pending', palette: 'orange' },
  ACCEPTED: { label: 'Accepted', palette: 'green' },
  REJECTED: { label: 'Rejected', palette: 'red' },
  WITHDRAWN: { label: 'Withdrawn', palette: 'gray' },
  WAITLISTED: { label: 'Waiting list', palette: 'purple' },
  OFFERED: { label: 'Place offered', palette: 'blue' },
  LAPSED: { label: 'Offer lapsed', palette: 'gray' },
};

/** The status filter: every opportunity, or those of one status (?status=filled). */
export const STATUS_FILTERS: { value: string; label: string; status: OpportunityStatus | null }[] = [
  { value: 'all', label: 'All statuses', status: null },
  { value: 'active', label: 'Active', status: 'ACTIVE' },
  { value: 'filled', label: 'Filled', status: 'FILLED' },
  { value: 'cancelled', label: 'Cancelled', status: 'CANCELLED' },
];

export function statusFilterOf(value: string | null): (typeof STATUS_FILTERS)[number] {
  return STATUS_FILTERS.find((filter) => filter.value === value) ?? STATUS_FILTERS[0]!;
}

/** '1 application', '3 applications'. */
export function applicationCountText(count: number): string {
  return `${count} ${count === 1 ? 'application' : 'applications'}`;
}

const ACTION_LABELS: Record<OpportunityStatus, string> = {
  FILLED: 'Mark as Filled',
  CANCELLED: 'Cancel',
  ACTIVE: 'Reactivate',
};

/** The owner's actions on an opportunity of this status (spec section 4: active to filled or
 *  cancelled; any non-active status can be reactivated; cancel is offered unless already
 *  cancelled). The transitions are the server's rule. Filled by its places (issue 30): no
 *  Reactivate (more places reopen it), and 'Mark as Filled' closes its waiting list. */
export function statusActions(status: OpportunityStatus, filledByPlaces = false): { label: string; status: OpportunityStatus }[] {
  return nextOpportunityStatuses(toValue(status), filledByPlaces).map((value) => ({
    label: filledByPlaces && value === 'filled' ? CLOSE_WAITING_LIST : ACTION_LABELS[toStatus(value)],
    status: toStatus(value),
  }));
}

export const CLOSE_WAITING_LIST = 'Close the waiting list';

export const APPLICATIONS_PAGE_SIZE = SERVER_APPLICATIONS_PAGE_SIZE;
export const applicationPath = (id: string) => serverApplicationPath(encodeURIComponent(id));

/** The review dialog's words for each decision (issue 30: the waiting list; rejecting an accepted
 *  volunteer releases their place, which goes to the first in line). */
export const REVIEW_DECISION_TEXTS: Record<'ACCEPT' | 'REJECT' | 'WAITLIST' | 'RELEASE', { title: string; lead: string; tail: string; submit: string; busy: string; palette: string; after: string }> = {
  ACCEPT: { title: 'Accept Application', lead: 'Accept the application of', tail: '?', submit: 'Accept Application', busy: 'Accepting...', palette: 'teal', after: 'The volunteer is told at once.' },
  REJECT: { title: 'Reject Application', lead: 'Reject the application of', tail: '?', submit: 'Reject Application', busy: 'Rejecting...', palette: 'red', after: 'The volunteer is told at once.' },
  WAITLIST: {
    title: 'Put on the Waiting List',
    lead: 'Put the application of',
    tail: ' on the waiting list?',
    submit: 'Put on Waiting List',
    busy: 'Saving...',
    palette: 'purple',
    after: 'They join the end of the line and are told their number; when a place frees, the line moves by your policy.',
  },
  RELEASE: {
    title: 'Release the Place',
    lead: 'Release the place of',
    tail: '?',
    submit: 'Release Place',
    busy: 'Releasing...',
    palette: 'red',
    after: 'The volunteer is told at once, and the place goes to the first on the waiting list.',
  },
};

/** Offered in the accept dialog when a full position refused the acceptance. */
export const WAITLIST_INSTEAD = 'Put on the waiting list instead';

/** What an application row says about its place in line: 'Number 2 on the waiting list',
 *  'Place offered until Tue 1 Dec, 18:00'. */
export const LINE_TEXTS = {
  waiting: (position: number) => `Number ${position} on the waiting list`,
  offered: (until: string) => `Place offered until ${until}`,
  waitlistCount: (count: number) => `${count} on the waiting list`,
  noLimit: 'No limit on places',
  full: 'Full',
} as const;
