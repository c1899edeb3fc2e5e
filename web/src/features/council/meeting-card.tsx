import { Button, Card, Flex, Heading, HStack, Link, Stack } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { LuChevronDown, LuChevronUp } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { PublicMeetingCard_MeetingFragment } from '../../gql/graphql';
import { meetingCardAnchor, meetingPagePath } from './meeting-format';
import { AddToCalendarLink, MeetingPlace, MeetingStatusBadge, MeetingWhen } from './meeting-parts';
import { MeetingRichText } from './meeting-rich-text';

interface MeetingCardProps {
  meeting: PublicMeetingCard_MeetingFragment;
  /** The card named by the location hash: starts expanded and is scrolled into view. */
  highlighted: boolean;
}

/** One meeting: title (a link to its page), date, time, place, status; details expand to agenda
 *  and minutes. */
export function MeetingCard({ meeting, highlighted }: MeetingCardProps) {
  const [open, setOpen] = useState(highlighted);
  const ref = useRef<HTMLDivElement>(null);
  const detailsId = useId();

  useEffect(() => {
    if (!highlighted) return;
    setOpen(true);
    ref.current?.scrollIntoView({ block: 'start' });
  }, [highlighted]);

  return (
    // The anchor the meeting's page links back to.
    <Card.Root ref={ref} id={meetingCardAnchor(meeting.id)} variant="outline" scrollMarginTop="20">
      <Card.Body gap="3">
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Stack gap="1">
            <Heading as="h2" size="md">
              <Link asChild colorPalette="teal" color="colorPalette.fg">
                <RouterLink to={meetingPagePath(meeting.id)}>{meeting.title}</RouterLink>
              </Link>
            </Heading>
            <MeetingWhen meeting={meeting} />
          </Stack>
          <MeetingStatusBadge meeting={meeting} />
        </Flex>
        <MeetingPlace meeting={meeting} />
        <HStack gap="3" wrap="wrap">
          <Button size="sm" variant="outline" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
            {open ? <LuChevronUp aria-hidden="true" /> : <LuChevronDown aria-hidden="true" />}
            {open ? 'Hide details' : 'Show details'}
          </Button>
          <AddToCalendarLink meeting={meeting} />
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
