import { Button, Card, Container, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuExternalLink, LuMessageSquare } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { VolunteerApplicationDetailQuery } from '../../gql/graphql';
import { formatDateTime } from '../../lib/format';
import { useAuth } from '../../lib/use-auth';
import { ApplicationHistory } from './application-history';
import { ApplicationStatusBadge } from './application-status-badge';
import { ClubReviewActions } from './club-review-actions';
import { VolunteerSummary } from './volunteer-summary';
import { clubPath, contactClubPath, opportunityPath } from './volunteer-format';
import { WithdrawButton } from './withdraw-button';

export type ApplicationDetail = NonNullable<VolunteerApplicationDetailQuery['volunteerApplication']>;

/** One application: what was sent, where it stands, its history, and what the viewer can do
 *  (the volunteer: withdraw, contact the club; the club: accept or reject, message). */
export function ApplicationView({ application }: { application: ApplicationDetail }) {
  const viewerId = useAuth().session?.user.node_id;
  const isVolunteer = viewerId === application.volunteer.id;
  const { position } = application;

  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Link asChild alignSelf="flex-start" colorPalette="teal" color="colorPalette.fg" textStyle="sm">
          <RouterLink to={isVolunteer ? '/volunteer/dashboard?tab=applications' : '/club/opportunities'}>
            <LuArrowLeft aria-hidden="true" /> {isVolunteer ? 'Back to my applications' : 'Back to my opportunities'}
          </RouterLink>
        </Link>
        <Stack gap="2">
          <HStack gap="3" flexWrap="wrap">
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} wordBreak="break-word">
              {position.title}
            </Heading>
            <ApplicationStatusBadge status={application.status} size="lg" />
          </HStack>
          <Text>
            {isVolunteer ? 'Your application to ' : `${application.volunteer.name}'s application to `}
            <Link asChild colorPalette="teal" color="colorPalette.fg" fontWeight="semibold">
              <RouterLink to={clubPath(application.club.id)}>{application.club.name}</RouterLink>
            </Link>
          </Text>
          <Text textStyle="sm" color="fg.muted">
            Applied on {formatDateTime(application.appliedAt)}
          </Text>
        </Stack>

        <HStack gap="2" flexWrap="wrap">
          <Button asChild size="sm" variant="outline" colorPalette="teal">
            <RouterLink to={opportunityPath(position.id)}>
              <LuExternalLink aria-hidden="true" />
              View opportunity
            </RouterLink>
          </Button>
          {isVolunteer && application.status === 'ACCEPTED' && (
            <Button asChild size="sm" colorPalette="teal">
              <RouterLink to={contactClubPath(application.id)}>
                <LuMessageSquare aria-hidden="true" />
                Contact Club
              </RouterLink>
            </Button>
          )}
          {isVolunteer && application.canWithdraw && <WithdrawButton applicationId={application.id} title={position.title} />}
          {!isVolunteer && <ClubReviewActions application={application} />}
        </HStack>

        {!isVolunteer && <VolunteerSummary application={application} />}

        <Card.Root variant="outline">
          <Card.Body>
            <Stack gap="2">
              <Heading as="h2" size="md">
                {isVolunteer ? 'Your message' : 'Message from the volunteer'}
              </Heading>
              <Text whiteSpace="pre-line" wordBreak="break-word">
                {application.message}
              </Text>
            </Stack>
          </Card.Body>
        </Card.Root>

        <Card.Root variant="outline">
          <Card.Body>
            <ApplicationHistory events={application.history} />
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}
