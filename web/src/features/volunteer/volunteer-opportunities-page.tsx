import { Container, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { LuArrowRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { OpportunityFilters } from './opportunity-filters';
import { OpportunityResults } from './opportunity-results';
import { useOpportunityFilters } from './use-opportunity-filters';
import { OPPORTUNITIES_META } from './opportunity-meta';
import { PageMeta } from '../../lib/page-meta';

/** /volunteer-opportunities (and every path under it) and /opportunities: the open volunteer
 *  roles of approved clubs, searchable by text, skill, sport and location, 24 at a time. */
export default function VolunteerOpportunitiesPage() {
  const filters = useOpportunityFilters();
  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <PageMeta {...OPPORTUNITIES_META} />
      <Stack gap="6">
        <Flex direction={{ base: 'column', md: 'row' }} justifyContent="space-between" alignItems={{ md: 'flex-end' }} gap="3">
          <Stack gap="2">
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
              Volunteer Opportunities
            </Heading>
            <Text color="fg.muted">Lend a hand at a local club: find a role that fits your skills, your sport and your time.</Text>
          </Stack>
          <Text textStyle="sm" color="fg.muted" flexShrink="0">
            Looking for a club?{' '}
            <Link asChild colorPalette="teal" color="colorPalette.fg" fontWeight="medium">
              <RouterLink to="/clubs">
                Browse the club directory <LuArrowRight aria-hidden="true" />
              </RouterLink>
            </Link>
          </Text>
        </Flex>
        <OpportunityFilters
          query={filters.query}
          setQuery={filters.setQuery}
          place={filters.place}
          setPlace={filters.setPlace}
          skill={filters.skill}
          setSkill={filters.setSkill}
          sport={filters.sport}
          setSport={filters.setSport}
        />
        {/* One instance per listing (see ClubDirectoryPage: a query whose variables change in a
            render the router has not committed yet can bounce between two listings). */}
        <OpportunityResults
          key={`${filters.search}\n${filters.skill}\n${filters.sport}\n${filters.location}`}
          search={filters.search}
          skill={filters.skill}
          sport={filters.sport}
          location={filters.location}
          filtered={filters.filtered}
          onClearFilters={filters.clearFilters}
        />
      </Stack>
    </Container>
  );
}
