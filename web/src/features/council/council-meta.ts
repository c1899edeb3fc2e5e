// What search engines read about the council's page: each upcoming public meeting as a
// schema.org Event (cancelled ones marked so), at the council's wall-clock date and time.
import type { PublicMeetingCard_MeetingFragment } from '../../gql/graphql';
import { summary, type PageMetaData } from '../../lib/page-meta-tags';

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
    url: meeting.url,
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
