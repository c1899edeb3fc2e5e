import { Button, Card, Container, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuExternalLink } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { VolunteerApplicationDetailQuery } from '../../gql/graphql';
import { formatDateTime } from '../../lib/format';
import type { SessionUser } from '../../lib/session-types';
import { useAuth } from '../../lib/use-auth';
import { ApplicationHistory } from './application-history';
import { ApplicationMessageButton } from './application-message-button';
import { ApplicationPlaceNotice } from './application-place-notice';
import { ApplicationStatusBadge } from './application-status-badge';
import { ClubReviewActions } from './club-review-actions';
import { VolunteerSummary } from './volunteer-summary';
import { ApplicantChecks } from '../safeguarding/applicant-checks';
import { ApplicationShifts } from '../shifts/application-shifts';
import { clubPath, opportunityPath } from './volunteer-format';
import { WithdrawButton } from './withdraw-button';

export type ApplicationDetail = NonNullable<VolunteerApplicationDetailQuery['volunteerApplication']>;

type Viewer = 'volunteer' | 'club' | 'admin';

/** Who looks: its volunteer, its club's owner, or a platform administrator (who only reads). */
function viewerOf(application: ApplicationDetail, user: SessionUser | undefined): Viewer {
  if (user?.node_id === application.volunteer.id) return 'volunteer';
  if (user?.role === 'platform_admin' && user.club?.node_id !== application.club.id) return 'admin';
  return 'club';
}

const BACK_LINKS: Record<Viewer, { to: string; text: string }> = {
  volunteer: { to: '/volunteer/dashboard?tab=applications', text: 'Back to my applications' },
  club: { to: '/club/opportunities', text: 'Back to my opportunities' },
  admin: { to: '/admin', text: 'Back to Dashboard' },
};

/** One application: what was sent, where it stands (its number on the waiting list, a place offered
 *  until a deadline, an offer that ran out), its history, and what the viewer can do (the
 *  volunteer: answer an offer, withdraw, contact the club; the club: accept, put on the waiting
 *  list, reject or release the place, message; a platform administrator: nothing, it only reads). */
export function ApplicationView({ application }: { application: ApplicationDetail }) {
  const viewer = viewerOf(application, useAuth().session?.user);
  const isVolunteer = viewer === 'volunteer';
  const back = BACK_LINKS[viewer];
  const { position } = application;

  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Link asChild alignSelf="flex-start" colorPalette="teal" color="colorPalette.fg" textStyle="sm">
          <RouterLink to={back.to}>
            <LuArrowLeft aria-hidden="true" /> {back.text}
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

        <ApplicationPlaceNotice application={application} title={position.title} answerable={isVolunteer} />

        <HStack gap="2" flexWrap="wrap">
          <Button asChild size="sm" variant="outline" colorPalette="teal">
            <RouterLink to={opportunityPath(position.id)}>
              <LuExternalLink aria-hidden="true" />
              View opportunity
            </RouterLink>
          </Button>
          {isVolunteer && application.status === 'ACCEPTED' && (
            <ApplicationMessageButton applicationId={application.id} label="Contact Club" />
          )}
          {isVolunteer && application.canWithdraw && <WithdrawButton applicationId={application.id} title={position.title} status={application.status} />}
          {viewer === 'club' && <ClubReviewActions application={application} />}
        </HStack>

        {!isVolunteer && <VolunteerSummary application={application} />}
        {!isVolunteer && <ApplicantChecks applicationId={application.id} asClub={viewer === 'club'} requiredCheck={position.requiredCheck ?? null} />}
        <ApplicationShifts applicationId={application.id} viewer={viewer} />

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
