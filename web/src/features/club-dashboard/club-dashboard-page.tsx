import { Alert, Button, Container, Heading, Stack } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { PageSpinner } from '../../components/page-spinner';
import { MyClubDocument } from './club-dashboard.generated';
import { ClubDashboard } from './club-dashboard';

/** /club/dashboard: the signed-in user's club profile, meeting times and volunteer positions. */
export default function ClubDashboardPage() {
  const { data, loading, error, refetch } = useQuery(MyClubDocument, { context: { silent: true } });

  const retry = () => {
    refetch().catch((cause: unknown) => console.error('Reloading the club failed:', cause));
  };

  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Club Dashboard
        </Heading>
        {data?.me && <ClubDashboard club={data.me.club ?? null} />}
        {!data && loading && <PageSpinner />}
        {!data?.me && !loading && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>We could not load your club.</Alert.Title>
              <Alert.Description>{error ? 'Please try again.' : 'Please sign in again.'}</Alert.Description>
            </Alert.Content>
            <Button size="sm" variant="outline" alignSelf="center" onClick={retry}>
              Try again
            </Button>
          </Alert.Root>
        )}
      </Stack>
    </Container>
  );
}
