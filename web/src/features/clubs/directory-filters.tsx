import { Flex } from '@chakra-ui/react';
import { LuSearch } from 'react-icons/lu';
import { FilterSelectField, FilterTextField } from '../../components/filter-fields';
import { ClubSportsDocument } from './clubs.generated';
import { useFreshnessPolicy } from '../../lib/freshness';
import { usePageQuery } from '../../lib/page-query';
import { CLUBS_MAX_AGE_MS } from './clubs-limits';
import type { DirectoryFilters as Filters } from './use-directory-filters';

type DirectoryFiltersProps = Pick<Filters, 'query' | 'setQuery' | 'sport' | 'setSport'>;

/** The free-text search and the sport filter ('All Sports' and the sports of listed clubs). */
export function DirectoryFilters({ query, setQuery, sport, setSport }: DirectoryFiltersProps) {
  const fetchPolicy = useFreshnessPolicy('clubSports', CLUBS_MAX_AGE_MS);
  const { data } = usePageQuery(ClubSportsDocument, { fetchPolicy, context: { silent: true } });

  return (
    <Flex role="search" aria-label="Club search" direction={{ base: 'column', md: 'row' }} gap="4" alignItems={{ md: 'flex-end' }}>
      <FilterTextField
        flex="1"
        label="Search clubs"
        icon={<LuSearch />}
        placeholder="Search clubs by name, sport or town"
        value={query}
        onValueChange={setQuery}
      />
      <FilterSelectField
        w={{ base: 'full', md: '15rem' }}
        label="Sport"
        anyLabel="All Sports"
        options={data?.clubSports ?? []}
        value={sport}
        onValueChange={setSport}
      />
    </Flex>
  );
}
