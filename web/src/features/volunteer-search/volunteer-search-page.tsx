import { Button, Center, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { LuSearchX } from 'react-icons/lu';
import { EmptyPanel } from '../../components/empty-panel';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import { SearchVolunteersDocument } from './volunteer-search.generated';
import { useFreshnessPolicy } from '../../lib/freshness';
import { SearchRefused } from './search-refused';
import { useVolunteerFilters } from './use-volunteer-filters';
import { VolunteerCard } from './volunteer-card';
import { VolunteerFilters } from './volunteer-filters';
import { VOLUNTEERS_PAGE_SIZE, volunteerCountText } from './volunteer-search-texts';

/** Volunteer search results stay fresh for 2 minutes (spec section 9). */
const VOLUNTEER_SEARCH_MAX_AGE_MS = 2 * 60_000;

/** The server's refusal (FORBIDDEN: not the owner of an approved club), or undefined. */
function refusalOf(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const refused = error.errors.find((item) => item.extensions?.code === 'FORBIDDEN');
  return refused?.message;
}

/** /volunteers/search ('Find Volunteers'): approved clubs search volunteer profiles by words,
 *  location and skill, and message them. */
export default function VolunteerSearchPage() {
  const { boxes, setBox, clear, applied, filtered } = useVolunteerFilters();
  const fetchPolicy = useFreshnessPolicy(`volunteers:${JSON.stringify(applied)}`, VOLUNTEER_SEARCH_MAX_AGE_MS);
  const { data, previousData, loading, error, refetch, fetchMore } = useQuery(SearchVolunteersDocument, {
    variables: { ...applied, first: VOLUNTEERS_PAGE_SIZE, after: null },
    fetchPolicy,
    notifyOnNetworkStatusChange: true,
    context: { silent: true },
  });
  const refusal = refusalOf(error);
  const connection = (data ?? previousData)?.volunteers;
  const profiles = connection?.edges.map((edge) => edge.node) ?? [];

  const retry = () => {
    refetch().catch((cause: unknown) => console.error('Searching volunteers failed:', cause));
  };
  const loadMore = () => {
    if (!connection?.pageInfo.endCursor) return;
    fetchMore({ variables: { after: connection.pageInfo.endCursor } }).catch((cause: unknown) =>
      console.error('Loading more volunteers failed:', cause),
    );
  };

  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Find Volunteers
          </Heading>
          <Text color="fg.muted">Search volunteer profiles by place and skill, then message the people who could help your club.</Text>
        </Stack>
        {refusal ? (
          <SearchRefused message={refusal} />
        ) : (
          <>
            <VolunteerFilters values={boxes} onChange={setBox} />
            {!connection && loading && <PageSpinner />}
            {!connection && !loading && error && <LoadError title="Volunteers could not be loaded." onRetry={retry} />}
            {connection && (
              <Text role="status" fontWeight="medium" aria-live="polite">
                {volunteerCountText(connection.totalCount)}
              </Text>
            )}
            {connection && profiles.length === 0 && (
              <EmptyPanel
                icon={<LuSearchX />}
                title="No volunteers found"
                description={filtered ? 'Try other words, another place or another skill.' : 'No volunteers have made a profile yet. Check back soon.'}
              >
                {filtered && (
                  <Button variant="outline" colorPalette="teal" onClick={clear}>
                    Clear filters
                  </Button>
                )}
              </EmptyPanel>
            )}
            {profiles.length > 0 && (
              <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: 3 }} gap="4" aria-label="Volunteers">
                {profiles.map((profile) => (
                  <li key={profile.id}>
                    <VolunteerCard profile={profile} />
                  </li>
                ))}
              </SimpleGrid>
            )}
            {connection?.pageInfo.hasNextPage && (
              <Center>
                <Button variant="outline" colorPalette="teal" loading={loading} loadingText="Loading more volunteers..." onClick={loadMore}>
                  Load more volunteers
                </Button>
              </Center>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
