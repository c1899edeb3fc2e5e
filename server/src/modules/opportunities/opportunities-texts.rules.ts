// Opportunity and application constants, texts and small pure functions, shared by the server and
// the web. No zod: public pages (the opportunities, an opportunity's page) import this file alone
// and do not load zod; the schemas are in opportunities.rules.ts, which re-exports all of this.

export const OPPORTUNITY_STATUSES = ['active', 'filled', 'cancelled'] as const;
export type OpportunityStatusValue = (typeof OPPORTUNITY_STATUSES)[number];

/** Opportunities per page of the browser unless `first`/`last` says. */
export const OPPORTUNITIES_PAGE_SIZE = 24;
/** The skill filter's options: at most this many, most used first. */
export const OPPORTUNITY_SKILLS_MAX = 50;
export const OPPORTUNITY_SEARCH_MAX = 100;
export const OPPORTUNITY_LOCATION_MAX = 100;
export const OPPORTUNITY_SPORT_MAX = 50;
export const OPPORTUNITY_SKILL_MAX = 40;

/** The dashboard (spec section 9): recent applications 5, new opportunities 6, 4 skills a card. */
export const DASHBOARD_RECENT_APPLICATIONS = 5;
export const DASHBOARD_NEW_OPPORTUNITIES = 6;
export const CARD_SKILLS_MAX = 4;

/** A calendar day as YYYY-MM-DD that exists (no 2026-02-30). */
export function isDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Whether an opportunity may move from `from` to `to` (spec section 4): active to filled or
 * cancelled; any non-active status back to active (reactivate); filled to cancelled ('cancel is
 * offered unless already cancelled'). A cancelled one is reactivated before it can be filled.
 */
export function canChangeOpportunityStatus(from: OpportunityStatusValue, to: OpportunityStatusValue, filledByPlaces = false): boolean {
  // Filled by its places (issue 30): marking it filled closes its waiting list to new applicants;
  // it cannot be reactivated while every place is taken (more places reopen it).
  if (from === 'filled' && filledByPlaces) return to !== 'active';
  if (from === to) return false;
  if (to === 'active') return true;
  if (from === 'active') return true;
  return from === 'filled' && to === 'cancelled';
}

/** The statuses an opportunity in `from` may move to, in the order the owner's menu offers them. */
export function nextOpportunityStatuses(from: OpportunityStatusValue, filledByPlaces = false): OpportunityStatusValue[] {
  return (['filled', 'cancelled', 'active'] as const).filter((to) => canChangeOpportunityStatus(from, to, filledByPlaces));
}

export const OPPORTUNITY_MESSAGES = {
  notFound: 'Opportunity not found',
  filled: 'This opportunity has been filled',
  unavailable: 'This opportunity is no longer available',
  notAccepting: 'This opportunity is no longer accepting applications.',
  alreadyStatus: (status: OpportunityStatusValue) => `The opportunity is already ${status}.`,
  cancelledToFilled: 'Reactivate a cancelled opportunity before marking it filled.',
  fullToActive: 'Every place is taken: add places to take more volunteers.',
  statusChanged: (status: OpportunityStatusValue) => `Opportunity marked as ${status}!`,
  statusFailed: 'Failed to update opportunity status',
  statusFailedRetry: 'Failed to update opportunity status. Please try again.',
  deleted: 'Opportunity deleted successfully!',
  deleteFailed: 'Failed to delete opportunity',
  deleteFailedRetry: 'Failed to delete opportunity. Please try again.',
} as const;

// ---- applications -----------------------------------------------------------------------------

export const APPLICATION_STATUS_VALUES = ['pending', 'accepted', 'waitlisted', 'offered', 'rejected', 'withdrawn', 'lapsed'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUS_VALUES)[number];

/** The volunteer's list (and a position's applications, for its club): 20 a page. */
export const APPLICATIONS_PAGE_SIZE = 20;
/** An application's history shows at most this many events (pending, the waiting line's moves, a
 *  decision), the oldest first. */
export const APPLICATION_HISTORY_MAX = 12;
export const REVIEW_NOTE_MAX = 1000;

/** The sorts of the volunteer's applications (the dashboard's select), in the select's order. */
export const APPLICATION_SORTS = ['newest', 'oldest', 'status', 'title'] as const;
export type ApplicationSortValue = (typeof APPLICATION_SORTS)[number];
export const APPLICATION_SORT_LABELS: Record<ApplicationSortValue, string> = {
  newest: 'Newest First',
  oldest: 'Oldest First',
  status: 'Status',
  title: 'Title',
};

/** The dashboard's status filter: all, then each status. */
export const APPLICATION_FILTER_LABELS: Record<'all' | ApplicationStatus, string> = {
  all: 'All',
  pending: 'Pending',
  accepted: 'Accepted',
  waitlisted: 'Waiting list',
  offered: 'Place offered',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  lapsed: 'Offer lapsed',
};

/** The STATUS sort's order: as APPLICATION_STATUS_VALUES (then newest first). */
export const APPLICATION_STATUS_ORDER: readonly ApplicationStatus[] = APPLICATION_STATUS_VALUES;

export const APPLICATION_MESSAGES_TEXT = {
  profileRequired: 'Create your volunteer profile before applying.',
  ownClub: 'You cannot apply to your own club’s opportunity.',
  alreadyApplied: 'You have already applied to this opportunity.',
  notFound: 'Application not found',
  onlyPendingWithdraw: 'Only an application that is pending, accepted, offered a place or on the waiting list can be withdrawn.',
  onlyPendingReview: 'Only pending applications, and ones on the waiting list, can be accepted or rejected.',
  onlyOpenReject: 'This application is already closed.',
  onlyPendingWaitlist: 'Only pending applications can be put on the waiting list.',
  noteMax: `Note must be at most ${REVIEW_NOTE_MAX} characters`,
  withdrawConfirm: 'Are you sure you want to withdraw this application? This action cannot be undone.',
  withdrawn: 'Application withdrawn successfully!',
  withdrawFailed: 'Failed to withdraw application',
  withdrawFailedRetry: 'Failed to withdraw application. Please try again.',
  /** Past the limits on applying and withdrawing; `retry` is 'in 12 minutes'. */
  tooManyApplications: (retry: string) => `You have applied and withdrawn too many times in a short while. Please try again ${retry}.`,
} as const;

// ---- places and the waiting line (issue 30 §1–2) ------------------------------------------------

export const PLACES_MAX = 1000;
export const OFFER_HOURS_MAX = 168;
export const OFFER_HOURS_DEFAULT = 24;
export const WAITLIST_POLICIES = ['automatic', 'offer'] as const;
export type WaitlistPolicyValue = (typeof WAITLIST_POLICIES)[number];
export const WAITLIST_POLICY_LABELS: Record<WaitlistPolicyValue, string> = {
  automatic: 'Automatic: the first in line gets the place',
  offer: 'Timed offer: the first in line is offered the place until a deadline',
};

export const PLACES_MESSAGES = {
  placesWhole: `Places must be a whole number from 1 to ${PLACES_MAX}, or empty for no limit.`,
  offerHours: `An offer must stand for 1 to ${OFFER_HOURS_MAX} hours.`,
  policy: 'Choose automatic or timed offer.',
  belowAccepted: (accepted: number) => `${accepted} volunteer${accepted === 1 ? ' is' : 's are'} already accepted or offered a place: places cannot be fewer than that.`,
  full: (places: number) => `All ${places} place${places === 1 ? ' is' : 's are'} filled. Add a place, or put the volunteer on the waiting list.`,
  notOffered: 'This place is no longer offered to you.',
  offerExpired: 'This offer has run out; the place went to the next in line.',
  linkInvalid: 'This link is not valid. Open the application in Clubroom instead.',
  waitlistedNotice: (position: number) => `All places are taken: you are number ${position} on the waiting list.`,
  /** "3 of 5 places filled" (the club), "2 places left" (volunteers). */
  filled: (filled: number, places: number) => `${filled} of ${places} place${places === 1 ? '' : 's'} filled`,
  left: (left: number) => (left === 0 ? 'Full: join the waiting list' : `${left} place${left === 1 ? '' : 's'} left`),
} as const;

/** The notifications each side gets (type APPLICATION). */
export const APPLICATION_NOTIFICATIONS = {
  applied: { title: 'New volunteer application', description: (volunteer: string, title: string) => `${volunteer} applied for ${title}` },
  withdrawn: { title: 'Application withdrawn', description: (volunteer: string, title: string) => `${volunteer} withdrew their application for ${title}` },
  accepted: { title: 'Application accepted', description: (title: string, club: string) => `Your application for ${title} at ${club} was accepted.` },
  rejected: { title: 'Application not successful', description: (title: string, club: string) => `Your application for ${title} at ${club} was not successful.` },
  removed: { title: 'Opportunity removed', description: (title: string, club: string) => `${club} removed ${title}; your application is closed.` },
  clubClosed: { title: 'Application closed', description: (title: string, club: string) => `${club} has closed its Clubroom account, so your application for ${title} is closed.` },
  volunteerLeft: { title: 'Volunteer left Clubroom', description: (title: string) => `A volunteer for ${title} deleted their Clubroom account; their application is withdrawn.` },
  waitlisted: {
    title: 'On the waiting list',
    description: (title: string, club: string, place: number) => `${club} put your application for ${title} on its waiting list: you are number ${place}. You will be told when a place frees.`,
  },
  placeGiven: { title: 'You got a place', description: (title: string, club: string) => `A place freed up: you are now accepted for ${title} at ${club}.` },
  placeOffered: {
    title: 'A place is offered to you',
    description: (title: string, club: string, until: string) => `A place freed up for ${title} at ${club}. It is yours if you accept it by ${until}.`,
  },
  offerLapsed: { title: 'Offer ran out', description: (title: string, club: string) => `The place offered to you for ${title} at ${club} ran out and went to the next in line. You are no longer on its waiting list.` },
  linePromoted: { title: 'Waiting list moved', description: (volunteer: string, title: string) => `${volunteer} got a place for ${title} from the waiting list.` },
  lineOffered: { title: 'Place offered', description: (volunteer: string, title: string) => `${volunteer} was offered the free place for ${title}.` },
  offerTaken: { title: 'Offer accepted', description: (volunteer: string, title: string) => `${volunteer} accepted the offered place for ${title}.` },
  offerRefused: { title: 'Offer declined', description: (volunteer: string, title: string) => `${volunteer} declined the offered place for ${title}.` },
  offerRanOut: { title: 'Offer ran out', description: (volunteer: string, title: string) => `The place offered to ${volunteer} for ${title} ran out.` },
} as const;

/** The web path of one application (notifications link there). */
export const applicationPath = (applicationGlobalId: string) => `/applications/${applicationGlobalId}`;
