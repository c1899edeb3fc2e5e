// Texts, paths and small rules of the volunteer screens (pure: unit-tested in
// tests/unit/volunteer-screens.test.ts, which type-checks them under Node's resolution: hence the
// imports name their .js files).
import {
  fileNameProblem,
  fileSizeProblem,
  PROFILE_IMAGE_TYPES,
  UPLOAD_MESSAGES,
} from '@clubroom/rules/volunteers-texts';
import { PLACES_MESSAGES } from '@clubroom/rules/opportunities-texts';
import { WITHDRAW_QUESTIONS } from './volunteer-texts.js';
import type { OpportunityStatus, VolunteerApplicationSort, VolunteerApplicationStatus } from '../../gql/graphql.js';

/** '1 opportunity found', '24 opportunities found'. */
export function opportunityCountText(count: number): string {
  return `${count} ${count === 1 ? 'opportunity' : 'opportunities'} found`;
}

/** What an opportunity that cannot be applied to says instead of 'Apply Now' (spec: Volunteer
 *  dashboard). */
export function unavailableText(status: OpportunityStatus): string {
  return status === 'FILLED' ? 'This opportunity has been filled' : 'This opportunity is no longer available';
}

export const APPLICATION_STATUS_LABELS: Record<VolunteerApplicationStatus, string> = {
  PENDING: 'Pending',
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected',
  WITHDRAWN: 'Withdrawn',
  WAITLISTED: 'Waiting list',
  OFFERED: 'Place offered',
  LAPSED: 'Offer lapsed',
};

/** What an opportunity's card says once the caller has applied: 'Applied · Pending' (issue 25,
 *  item 20); on the waiting list with its number: 'Applied · Waiting list, number 2'. */
export function appliedText(status: VolunteerApplicationStatus, linePosition?: number | null): string {
  const label = APPLICATION_STATUS_LABELS[status];
  return `Applied · ${status === 'WAITLISTED' && linePosition ? `${label}, number ${linePosition}` : label}`;
}

/** "3 places left" / "Full: join the waiting list" under a position with places; null without a
 *  limit (issue 30 §1). */
export function placesLeftText(opportunity: { places?: number | null; placesLeft?: number | null }): string | null {
  if (opportunity.places == null || opportunity.placesLeft == null) return null;
  return PLACES_MESSAGES.left(opportunity.placesLeft);
}

export const APPLICATION_STATUS_COLORS: Record<VolunteerApplicationStatus, string> = {
  PENDING: 'orange',
  ACCEPTED: 'green',
  REJECTED: 'red',
  WITHDRAWN: 'gray',
  WAITLISTED: 'purple',
  OFFERED: 'blue',
  LAPSED: 'gray',
};

/** The Applications tab's sorts, named in the address as the spec names them. */
export const APPLICATION_SORTS: { value: string; label: string; sort: VolunteerApplicationSort }[] = [
  { value: 'date-desc', label: 'Newest First', sort: 'NEWEST' },
  { value: 'date-asc', label: 'Oldest First', sort: 'OLDEST' },
  { value: 'status', label: 'Status', sort: 'STATUS' },
  { value: 'title', label: 'Title', sort: 'TITLE' },
];
export const DEFAULT_APPLICATION_SORT = 'date-desc';

/** The Applications tab's filters: all, or one status. */
export const APPLICATION_FILTERS: { value: string; label: string; status: VolunteerApplicationStatus | null }[] = [
  { value: 'all', label: 'All', status: null },
  { value: 'pending', label: 'Pending', status: 'PENDING' },
  { value: 'accepted', label: 'Accepted', status: 'ACCEPTED' },
  { value: 'waitlisted', label: 'Waiting list', status: 'WAITLISTED' },
  { value: 'offered', label: 'Place offered', status: 'OFFERED' },
  { value: 'rejected', label: 'Rejected', status: 'REJECTED' },
  { value: 'withdrawn', label: 'Withdrawn', status: 'WITHDRAWN' },
  { value: 'lapsed', label: 'Offer lapsed', status: 'LAPSED' },
];
export const DEFAULT_APPLICATION_FILTER = 'all';

/** The sort named in the address, or the default one for anything else. */
export function applicationSortOf(value: string | null): (typeof APPLICATION_SORTS)[number] {
  return APPLICATION_SORTS.find((item) => item.value === value) ?? APPLICATION_SORTS[0]!;
}

/** The filter named in the address, or 'all' for anything else. */
export function applicationFilterOf(value: string | null): (typeof APPLICATION_FILTERS)[number] {
  return APPLICATION_FILTERS.find((item) => item.value === value) ?? APPLICATION_FILTERS[0]!;
}

/** The withdraw confirmation's question: what withdrawing gives up (a held place goes to the next
 *  in line; a place in line is left). */
export function withdrawQuestion(status: VolunteerApplicationStatus | undefined): string {
  if (status === 'ACCEPTED' || status === 'OFFERED') return WITHDRAW_QUESTIONS.place;
  if (status === 'WAITLISTED') return WITHDRAW_QUESTIONS.waiting;
  return WITHDRAW_QUESTIONS.pending;
}

/** Global ids are base64url; anything else names nothing, so it is not asked for. */
export function isGlobalId(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9_-]{1,200}$/.test(value);
}

export const opportunityPath = (id: string) => `/opportunities/${encodeURIComponent(id)}`;
export const applyPath = (id: string) => `/opportunities/${encodeURIComponent(id)}/apply`;
export const applicationPath = (id: string) => `/applications/${encodeURIComponent(id)}`;
export const clubPath = (id: string) => `/clubs/${encodeURIComponent(id)}`;
/** The compose screen about an application, with the other side as recipient and the subject
 *  filled: the volunteer's 'Contact Club', the club's 'Message volunteer'. */
export const applicationComposePath = (applicationId: string) => `/messages/compose?application=${encodeURIComponent(applicationId)}`;

/** What the form can tell about a chosen image before sending it (name, size and the browser's
 *  idea of its type); null when nothing. The server reads the bytes and decides. */
export function profileImageProblem(file: { name: string; size: number; type: string }): string | null {
  const named = fileNameProblem(file.name);
  if (named) return named;
  if (file.type && !(file.type in PROFILE_IMAGE_TYPES)) return UPLOAD_MESSAGES.notImage;
  return fileSizeProblem(file.size);
}

/** '3/1000': the characters used of a text's limit. */
export function counterText(length: number, max: number): string {
  return `${length}/${max}`;
}
