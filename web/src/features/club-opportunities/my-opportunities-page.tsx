import { Alert, Button, Container, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useCallback, useMemo } from 'react';
import { LuPlus } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { useSearchParams } from '../../lib/navigation';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import { RegisterClubPrompt } from '../../components/register-club-prompt';
import { MyOpportunitiesDocument } from './club-opportunities.generated';
import { useRemainingPages } from '../../lib/use-remaining-pages';
import { statusFilterOf } from './club-opportunities-texts';
import { OpportunityList } from './opportunity-list';
import { StatusFilter } from './status-filter';

const POSITIONS_TAB = '/club/dashboard?tab=positions';

/** /club/opportunities ('My Opportunities'): the owner's opportunities (hidden ones too) with
 *  their applications, status actions and delete. */
export default function MyOpportunitiesPage() {
  const [params, setParams] = useSearchParams();
  const filter = statusFilterOf(params.get('status'));
  const { data, loading, error, refetch, fetchMore } = useQuery(MyOpportunitiesDocument, {
    variables: { after: null },
    fetchPolicy: 'cache-and-network',
    context: { silent: true },
  });
  const club = data?.me?.club;
  const connection = club?.positions;
  const fetchAfter = useCallback((cursor: string) => fetchMore({ variables: { after: cursor } }), [fetchMore]);
  useRemainingPages(connection?.pageInfo, fetchAfter);
  const positions = useMemo(() => connection?.edges.map((edge) => edge.node) ?? [], [connection]);
  const shown = filter.status ? positions.filter((position) => position.status === filter.status) : positions;

  const retry = () => {
    refetch().catch((cause: unknown) => console.error('Reloading the opportunities failed:', cause));
  };
  const setFilter = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'all') next.delete('status');
    else next.set('status', value);
    setParams(next, { replace: true });
  };

  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <HStack justify="space-between" align="flex-end" flexWrap="wrap" gap="4">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              My Opportunities
            </Heading>
            <Text color="fg.muted">Your club&apos;s volunteer positions, their status and the volunteers who applied.</Text>
          </Stack>
          {club?.profileSaved && (
            <Button asChild colorPalette="teal">
              <RouterLink to={POSITIONS_TAB}>
                <LuPlus aria-hidden="true" /> Add Position
              </RouterLink>
            </Button>
          )}
        </HStack>
        {!data && loading && <PageSpinner />}
        {!data && !loading && <LoadError title="Your opportunities could not be loaded." onRetry={retry} />}
        {data?.me && !club && (
          <RegisterClubPrompt description="Register your club to advertise volunteer opportunities and review the volunteers who apply." />
        )}
        {club && !club.profileSaved && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Complete your club profile first</Alert.Title>
              <Alert.Description>
                Save your club profile on the{' '}
                <Link asChild variant="underline">
                  <RouterLink to="/club/dashboard">Club Dashboard</RouterLink>
                </Link>
                ; then add the volunteer positions
                your club needs.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {club?.profileSaved && (
          <>
            {club.applicationStatus !== 'APPROVED' && (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>Your club is pending admin approval</Alert.Title>
                  <Alert.Description>Volunteers can see and apply to your live opportunities once it is approved.</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            <StatusFilter value={filter.value} onChange={setFilter} />
            {error && connection && <LoadError title="Your opportunities could not be refreshed." onRetry={retry} />}
            <OpportunityList positions={shown} total={positions.length} filterLabel={filter.status ? filter.label : null} addTo={POSITIONS_TAB} />
          </>
        )}
      </Stack>
    </Container>
  );
}
