import { Badge, Button, Card, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { LuCalendarPlus, LuChevronDown, LuChevronUp, LuMapPin } from 'react-icons/lu';
import type { PublicMeetingCard_MeetingFragment } from '../../gql/graphql';
import { formatCalendarDate } from '../../lib/format';
import { meetingAnchor } from './meeting-format';
import { MeetingRichText } from './meeting-rich-text';

const STATUS_BADGE = {
  COMPLETED: { label: 'Completed', palette: 'green' },
  CANCELLED: { label: 'Cancelled', palette: 'red' },
} as const;

interface MeetingCardProps {
  meeting: PublicMeetingCard_MeetingFragment;
  /** The card named by the location hash: starts expanded and is scrolled into view. */
  highlighted: boolean;
}

/** One meeting: title, date, time, place, status; details expand to agenda and minutes. */
export function MeetingCard({ meeting, highlighted }: MeetingCardProps) {
  const [open, setOpen] = useState(highlighted);
  const ref = useRef<HTMLDivElement>(null);
  const detailsId = useId();
  const badge = meeting.status === 'UPCOMING' ? null : STATUS_BADGE[meeting.status];

  useEffect(() => {
    if (!highlighted) return;
    setOpen(true);
    ref.current?.scrollIntoView({ block: 'start' });
  }, [highlighted]);

  return (
    // The card's anchor is the one the calendar feed links to (the meeting's `url`).
    <Card.Root ref={ref} id={meetingAnchor(meeting.url)} variant="outline" scrollMarginTop="20">
      <Card.Body gap="3">
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Stack gap="1">
            <Heading as="h2" size="md">
              {meeting.title}
            </Heading>
            <Text fontWeight="medium">
              <time dateTime={meeting.meetingTime ? `${meeting.meetingDate}T${meeting.meetingTime}` : meeting.meetingDate}>
                {formatCalendarDate(meeting.meetingDate, meeting.meetingTime)}
              </time>
            </Text>
          </Stack>
          {badge && <Badge colorPalette={badge.palette}>{badge.label}</Badge>}
        </Flex>
        {meeting.location && (
          <HStack gap="1" color="fg.muted" textStyle="sm">
            <LuMapPin aria-hidden="true" />
            <Text>{meeting.location}</Text>
          </HStack>
        )}
        <HStack gap="3" wrap="wrap">
          <Button size="sm" variant="outline" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
            {open ? <LuChevronUp aria-hidden="true" /> : <LuChevronDown aria-hidden="true" />}
            {open ? 'Hide details' : 'Show details'}
          </Button>
          <Link href={meeting.calendarUrl} download colorPalette="teal" color="colorPalette.fg" textStyle="sm">
            <LuCalendarPlus aria-hidden="true" />
            Add to calendar
          </Link>
        </HStack>
        {open && (
          <Stack id={detailsId} gap="4" borderTopWidth="1px" pt="3">
            <MeetingRichText title="Agenda" html={meeting.agenda} emptyText="No agenda published." />
            <MeetingRichText title="Minutes" html={meeting.minutes} emptyText="Minutes will be published after the meeting." />
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
