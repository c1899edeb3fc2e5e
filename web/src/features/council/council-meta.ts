// What search engines read about the council's pages: each upcoming public meeting as a
// schema.org Event (cancelled ones marked so), at the council's wall-clock date and time, on the
// list and on the meeting's own page.
import type { PublicMeetingCard_MeetingFragment } from '../../gql/graphql';
import { formatCalendarDate } from '../../lib/format';
import { summary, type PageMetaData } from '../../lib/page-meta-tags';
import { meetingPagePath } from './meeting-format';

const EVENT_STATUS = {
  UPCOMING: 'https://schema.org/EventScheduled',
  COMPLETED: 'https://schema.org/EventScheduled',
  CANCELLED: 'https://schema.org/EventCancelled',
} as const;

function meetingEvent(meeting: PublicMeetingCard_MeetingFragment): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: meeting.title,
    startDate: meeting.meetingTime ? `${meeting.meetingDate}T${meeting.meetingTime.slice(0, 5)}` : meeting.meetingDate,
    eventStatus: EVENT_STATUS[meeting.status as keyof typeof EVENT_STATUS] ?? EVENT_STATUS.UPCOMING,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    ...(meeting.location ? { location: { '@type': 'Place', name: meeting.location, address: meeting.location } } : {}),
    ...(meeting.agenda ? { description: summary(meeting.agenda, 500) } : {}),
    organizer: { '@type': 'Organization', name: 'Sports Council' },
    url: meetingPagePath(meeting.id),
  };
}

export function councilMeta(upcoming: PublicMeetingCard_MeetingFragment[] | undefined): PageMetaData {
  return {
    title: 'Sports Council Meetings',
    description: "Dates, agendas and minutes of the sports council's public meetings, with a calendar feed to follow them.",
    path: '/sports-council',
    ...(upcoming?.length ? { jsonLd: upcoming.map(meetingEvent) } : {}),
  };
}

/** One meeting's page: its title, when and where (the agenda's first words when it has one). */
export function meetingMeta(meeting: PublicMeetingCard_MeetingFragment): PageMetaData {
  const when = formatCalendarDate(meeting.meetingDate, meeting.meetingTime);
  const fallback = `Sports council meeting on ${when}${meeting.location ? ` at ${meeting.location}` : ''}${meeting.status === 'CANCELLED' ? ' (cancelled)' : ''}: agenda and minutes.`;
  return {
    title: `${meeting.status === 'CANCELLED' ? 'Cancelled: ' : ''}${meeting.title} – ${when}`,
    description: summary(meeting.agenda || fallback),
    path: meetingPagePath(meeting.id),
    type: 'article',
    jsonLd: meetingEvent(meeting),
  };
}
