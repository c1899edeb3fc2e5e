// Texts shared by the directory cards and the club page.
import { weekdayName } from '@clubroom/rules/clubs-texts';
import { OPPORTUNITY_MESSAGES } from '@clubroom/rules/opportunities-texts';
import type { MeetingTimeSummary_MeetingTimeFragment, OpportunityStatus } from '../../gql/graphql';

/** '1 club found', '24 clubs found'. */
export function clubCountText(count: number): string {
  return `${count} ${count === 1 ? 'club' : 'clubs'} found`;
}

/** '3 volunteer roles', '1 volunteer role', 'No volunteer roles right now'. */
export function volunteerRoleText(count: number): string {
  if (count === 0) return 'No volunteer roles right now';
  return `${count} volunteer ${count === 1 ? 'role' : 'roles'}`;
}

/** '18:00–19:30'. */
export function timeRange({ startTime, endTime }: MeetingTimeSummary_MeetingTimeFragment): string {
  return `${startTime}–${endTime}`;
}

/** 'Mon 18:00–19:30'. */
export function shortMeetingTime(time: MeetingTimeSummary_MeetingTimeFragment): string {
  return `${weekdayName(time.dayOfWeek).slice(0, 3)} ${timeRange(time)}`;
}

/** A what3words address ('///word.word.word') as a link to its map. */
export function what3wordsUrl(address: string): string {
  return `https://what3words.com/${encodeURIComponent(address.replace(/^\/+/, ''))}`;
}

/** Club ids are opaque global ids (base64url); anything else cannot be a club, so it is not asked
 *  for (the server would answer null for it too). */
export function isClubId(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9_-]{1,200}$/.test(value);
}

/** 'www.example.org' for 'https://www.example.org/home'. */
export function displayHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export const opportunityPath = (id: string) => `/opportunities/${encodeURIComponent(id)}`;
export const applyPath = (id: string) => `/opportunities/${encodeURIComponent(id)}/apply`;

/** What an opportunity that takes no applications says instead of 'Apply Now'. */
export function unavailableText(status: OpportunityStatus): string {
  return status === 'FILLED' ? OPPORTUNITY_MESSAGES.filled : OPPORTUNITY_MESSAGES.unavailable;
}
