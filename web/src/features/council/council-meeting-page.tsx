import { Container, Flex, Heading, HStack, Link, Stack } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LoadError } from '../../components/load-error';
import { NotFoundPanel } from '../../components/not-found-panel';
import { PageSpinner } from '../../components/page-spinner';
import { PageMeta } from '../../lib/page-meta';
import { meetingMeta } from './council-meta';
import { isMeetingId, meetingCardAnchor } from './meeting-format';
import { AddToCalendarLink, MeetingPlace, MeetingStatusBadge, MeetingWhen } from './meeting-parts';
import { MeetingRichText } from './meeting-rich-text';
import { useCouncilMeeting } from './use-council-meeting';

const LIST_PATH = '/sports-council';

function MeetingNotFound() {
  return (
    <NotFoundPanel
      title="Meeting not found"
      text="This meeting does not exist or has not been published."
      backTo={LIST_PATH}
      backLabel="Back to meetings"
    />
  );
}

/** /sports-council/meetings/:meetingId: one published council meeting. */
export default function CouncilMeetingPage() {
  const { meetingId } = useParams();
  if (!isMeetingId(meetingId)) return <MeetingNotFound />;
  // One instance per meeting, so moving between meetings never re-points a mounted query.
  return <MeetingLoader key={meetingId} id={meetingId} />;
}

function MeetingLoader({ id }: { id: string }) {
  const { meeting, notFound, error, retry } = useCouncilMeeting(id);
  if (notFound) return <MeetingNotFound />;
  if (!meeting) {
    if (!error) return <PageSpinner />;
    return (
      <Container maxW="3xl" py="16">
        <LoadError title="This meeting could not be loaded." onRetry={retry} />
      </Container>
    );
  }
  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <PageMeta {...meetingMeta(meeting)} />
      <Stack gap="6">
        <Link asChild colorPalette="teal" color="colorPalette.fg" textStyle="sm" fontWeight="medium" alignSelf="flex-start">
          {/* Back to this meeting's card, opened (a past meeting's under its tab). */}
          <RouterLink to={`${LIST_PATH}#${meetingCardAnchor(meeting.id)}`}>
            <LuArrowLeft aria-hidden="true" />
            Back to meetings
          </RouterLink>
        </Link>
        <Stack gap="2">
          <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
            <Heading as="h1" size="2xl">
              {meeting.title}
            </Heading>
            <MeetingStatusBadge meeting={meeting} />
          </Flex>
          <MeetingWhen meeting={meeting} />
          <MeetingPlace meeting={meeting} />
          <HStack>
            <AddToCalendarLink meeting={meeting} />
          </HStack>
        </Stack>
        <Stack gap="6" borderTopWidth="1px" pt="4">
          <MeetingRichText title="Agenda" html={meeting.agenda} emptyText="No agenda published." headingLevel="h2" />
          <MeetingRichText title="Minutes" html={meeting.minutes} emptyText="Minutes will be published after the meeting." headingLevel="h2" />
        </Stack>
      </Stack>
    </Container>
  );
}
