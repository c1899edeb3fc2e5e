import { Container, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { LuArrowRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { ClubDirectoryResults } from './club-directory-results';
import { DirectoryFilters } from './directory-filters';
import { useDirectoryFilters } from './use-directory-filters';
import { DIRECTORY_META } from './club-meta';
import { PageMeta } from '../../lib/page-meta';

/** /clubs: every approved club, searchable and filtered by sport, 24 at a time. */
export default function ClubDirectoryPage() {
  const filters = useDirectoryFilters();
  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <PageMeta {...DIRECTORY_META} />
      <Stack gap="6">
        <Flex direction={{ base: 'column', md: 'row' }} justifyContent="space-between" alignItems={{ md: 'flex-end' }} gap="3">
          <Stack gap="2">
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
              Sports Clubs Directory
            </Heading>
            <Text color="fg.muted">Find local clubs by name, sport or town, see when they meet and how you can help.</Text>
          </Stack>
          <Text textStyle="sm" color="fg.muted" flexShrink="0">
            Looking to volunteer?{' '}
            <Link asChild colorPalette="teal" color="colorPalette.fg" fontWeight="medium">
              <RouterLink to="/volunteer-opportunities">
                Browse volunteer opportunities <LuArrowRight aria-hidden="true" />
              </RouterLink>
            </Link>
          </Text>
        </Flex>
        <DirectoryFilters query={filters.query} setQuery={filters.setQuery} sport={filters.sport} setSport={filters.setSport} />
        {/* One instance per listing: the router changes the URL inside a transition, and a query
            whose variables change in a render that is not committed yet can bounce between the
            old and new listing for ever (Apollo's useQuery re-observes during render). */}
        <ClubDirectoryResults
          key={`${filters.search}\n${filters.sport}`}
          search={filters.search}
          sport={filters.sport}
          onClearFilters={filters.clearFilters}
        />
      </Stack>
    </Container>
  );
}
