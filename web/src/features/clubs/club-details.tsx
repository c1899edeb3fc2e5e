import { Container, Grid, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '../../components/page-spinner';
import { ReportButton } from '../../components/report-button';
import { ClubAnnouncements } from './club-announcements';
import { ClubContact } from './club-contact';
import { ClubMuteButton } from './club-mute-button';
import { ClubLocation } from './club-location';
import { ClubMeetingTimes } from './club-meeting-times';
import { ClubNotFound } from './club-not-found';
import { ClubPageHeader } from './club-page-header';
import { ClubPositions } from './club-positions';
import { ClubSection } from './club-section';
import { ClubSessions } from '../sessions/club-sessions';
import { LoadError } from '../../components/load-error';
import { useClub } from './use-club';
import { clubMeta } from './club-meta';
import { PageMeta } from '../../lib/page-meta';

/** The public page of the club `clubId` (its global id): loading, not found, failed, or the club. */
export function ClubDetails({ clubId, backTo }: { clubId: string; backTo: string }) {
  const { club, positions, upcomingSessions, error, notFound, removed, retry } = useClub(clubId);

  if (notFound) return <ClubNotFound backTo={backTo} removed={removed} />;
  if (!club) {
    if (!error) return <PageSpinner />;
    return (
      <Container maxW="3xl" py="16">
        <LoadError title="This club could not be loaded." onRetry={retry} />
      </Container>
    );
  }

  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <PageMeta {...clubMeta(club)} />
      <Stack gap="6">
        <HStack justify="space-between" gap="3" flexWrap="wrap">
          <Link asChild colorPalette="teal" color="colorPalette.fg" textStyle="sm" fontWeight="medium">
            <RouterLink to={backTo}>
              <LuArrowLeft aria-hidden="true" />
              Back to directory
            </RouterLink>
          </Link>
          <HStack gap="2" flexWrap="wrap">
            <ClubMuteButton club={club} />
            <ReportButton target={{ type: 'CLUB', id: club.id, label: `the club ${club.name}` }} ownerClubId={club.id} ownerId={club.owner?.id} />
          </HStack>
        </HStack>
        <ClubPageHeader club={club} />
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="6" alignItems="start">
          <Stack gap="6" minW="0">
            <ClubSection title="About">
              <Text whiteSpace="pre-line" wordBreak="break-word" color={club.description ? undefined : 'fg.muted'}>
                {club.description || 'This club has not added a description yet.'}
              </Text>
            </ClubSection>
            <ClubSessions clubId={club.id} sessions={upcomingSessions} />
            <ClubMeetingTimes times={club.meetingTimes} />
            <ClubPositions positions={positions} />
            <ClubAnnouncements clubId={club.id} />
          </Stack>
          <Stack as="aside" gap="6" minW="0" aria-label="Club details">
            <ClubContact club={club} />
            <ClubLocation club={club} />
          </Stack>
        </Grid>
      </Stack>
    </Container>
  );
}
