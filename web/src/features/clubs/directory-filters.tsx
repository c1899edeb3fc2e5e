import { Field, Flex, Input, InputGroup, NativeSelect } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { LuSearch } from 'react-icons/lu';
import { ClubSportsDocument } from '../../gql/graphql';
import { useFreshnessPolicy } from '../../lib/freshness';
import { CLUBS_MAX_AGE_MS } from './clubs-limits';
import type { DirectoryFilters as Filters } from './use-directory-filters';

type DirectoryFiltersProps = Pick<Filters, 'query' | 'setQuery' | 'sport' | 'setSport'>;

/** The free-text search and the sport filter ('All Sports' and the sports of listed clubs). */
export function DirectoryFilters({ query, setQuery, sport, setSport }: DirectoryFiltersProps) {
  const fetchPolicy = useFreshnessPolicy('clubSports', CLUBS_MAX_AGE_MS);
  const { data } = useQuery(ClubSportsDocument, { fetchPolicy, context: { silent: true } });
  const sports = data?.clubSports ?? [];
  // A sport from the URL stays selectable while the list loads (or if no club plays it any more).
  const options = sport && !sports.includes(sport) ? [...sports, sport] : sports;

  return (
    <Flex role="search" aria-label="Club search" direction={{ base: 'column', md: 'row' }} gap="4" alignItems={{ md: 'flex-end' }}>
      <Field.Root flex="1">
        <Field.Label>Search clubs</Field.Label>
        <InputGroup startElement={<LuSearch />}>
          <Input
            type="search"
            placeholder="Search clubs by name, sport or town"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
          />
        </InputGroup>
      </Field.Root>
      <Field.Root w={{ base: 'full', md: '15rem' }}>
        <Field.Label>Sport</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={sport} onChange={(event) => setSport(event.target.value)}>
            <option value="">All Sports</option>
            {options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </Flex>
  );
}
