import { Alert, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { Link as RouterLink, Navigate } from 'react-router-dom';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import type { ClubDashboard_ClubFragment } from '../../gql/graphql';
import { MyClubDocument } from './club-dashboard.generated';
import { useAuth } from '../../lib/use-auth';
import { ClubProfileForm } from './club-profile-form';
import { ClubStatusNote } from './club-status-note';

/** /club/register: a signed-in member without a club registers one on this same account (the
 *  first profile save creates the club application, pending admin approval). Signed out, the
 *  club registration page; a member who already has a club goes to the Club Dashboard. */
export default function ClubRegisterPage() {
  const { status } = useAuth();
  if (status === 'checking') return <PageSpinner />;
  if (status === 'signed-out') return <Navigate to="/register" replace />;
  return <ClubRegistration />;
}

function ClubRegistration() {
  const { data, loading, refetch } = useQuery(MyClubDocument, { fetchPolicy: 'network-only', context: { silent: true } });
  // The club the first save created, as the save's own answer gave it. The thank-you shows it
  // rather than the cached me.club: an answer about the account to a request sent before the save
  // committed (a refetch of the page's queries after the live connection came back, say) can land
  // after the save's answer and write `club: null` over it, which left the member on a page with
  // only its heading: no form, no thank-you.
  const [registered, setRegistered] = useState<ClubDashboard_ClubFragment | null>(null);
  // Decided by what the account had when the page opened: the club this page creates must not
  // send the member away from its thank-you.
  const hadClub = useRef<boolean | null>(null);
  if (data?.me && hadClub.current === null) hadClub.current = data.me.club !== null && data.me.club !== undefined;

  if (hadClub.current) return <Navigate to="/club/dashboard" replace />;

  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Register Your Club
        </Heading>
        {!data && loading && <PageSpinner />}
        {!data && !loading && (
          <LoadError title="We could not load your account." onRetry={() => void refetch().catch((cause: unknown) => console.error(cause))} />
        )}
        {data?.me && !registered && (
          <>
            <Text color="fg.muted">
              Tell us about your club. It is registered on the account you are signed in with; once an administrator approves it, it
              appears in the directory and can advertise volunteer roles.
            </Text>
            <ClubProfileForm club={data.me.club ?? null} onFirstSave={setRegistered} />
          </>
        )}
        {registered && (
          <Stack gap="5">
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Thank you for registering!</Alert.Title>
                <Alert.Description>
                  Your club application has been sent. An administrator will review it; you will be notified once it is approved.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
            <ClubStatusNote club={registered} />
            <Text>Meanwhile you can add the volunteer positions your club needs on the Club Dashboard.</Text>
            <HStack gap="3" flexWrap="wrap">
              <Button asChild colorPalette="teal">
                <RouterLink to="/club/dashboard?tab=positions">Go to Club Dashboard</RouterLink>
              </Button>
              <Button asChild variant="outline">
                <RouterLink to="/club/settings">Club Settings</RouterLink>
              </Button>
            </HStack>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
