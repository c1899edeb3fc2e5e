// The pieces of a meeting that its card in the list and its own page show alike: when, where,
// its status and its 'Add to calendar' file.
import { Badge, HStack, Link, Text } from '@chakra-ui/react';
import { LuCalendarPlus, LuMapPin } from 'react-icons/lu';
import type { PublicMeetingCard_MeetingFragment } from '../../gql/graphql';
import { formatCalendarDate } from '../../lib/format';

type Meeting = Pick<PublicMeetingCard_MeetingFragment, 'meetingDate' | 'meetingTime' | 'location' | 'status' | 'calendarUrl'>;

const STATUS_BADGE = {
  COMPLETED: { label: 'Completed', palette: 'green' },
  CANCELLED: { label: 'Cancelled', palette: 'red' },
} as const;

/** The date and time on the council's wall clock (as stored: the council's time zone). */
export function MeetingWhen({ meeting }: { meeting: Meeting }) {
  return (
    <Text fontWeight="medium">
      <time dateTime={meeting.meetingTime ? `${meeting.meetingDate}T${meeting.meetingTime}` : meeting.meetingDate}>
        {formatCalendarDate(meeting.meetingDate, meeting.meetingTime)}
      </time>
    </Text>
  );
}

/** 'Completed' or 'Cancelled'; nothing for an upcoming meeting. */
export function MeetingStatusBadge({ meeting }: { meeting: Meeting }) {
  const badge = meeting.status === 'UPCOMING' ? null : STATUS_BADGE[meeting.status];
  return badge ? <Badge colorPalette={badge.palette}>{badge.label}</Badge> : null;
}

export function MeetingPlace({ meeting }: { meeting: Meeting }) {
  if (!meeting.location) return null;
  return (
    <HStack gap="1" color="fg.muted" textStyle="sm">
      <LuMapPin aria-hidden="true" />
      <Text>{meeting.location}</Text>
    </HStack>
  );
}

/** The meeting's .ics file. */
export function AddToCalendarLink({ meeting }: { meeting: Meeting }) {
  return (
    <Link href={meeting.calendarUrl} download colorPalette="teal" color="colorPalette.fg" textStyle="sm">
      <LuCalendarPlus aria-hidden="true" />
      Add to calendar
    </Link>
  );
}
