import { Field, Input, InputGroup, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { LuMapPin, LuSearch } from 'react-icons/lu';
import { OpportunityFilterOptionsDocument } from '../../gql/graphql';
import { useFreshnessPolicy } from '../../lib/freshness';
import type { OpportunityFilters as Filters } from './use-opportunity-filters';
import { OPPORTUNITIES_MAX_AGE_MS } from './volunteer-limits';

type OpportunityFiltersProps = Pick<
  Filters,
  'query' | 'setQuery' | 'place' | 'setPlace' | 'skill' | 'setSkill' | 'sport' | 'setSport'
>;

/** A choice from the URL stays selectable while the options load (or when nothing uses it now). */
function withCurrent(options: readonly string[], current: string): string[] {
  return current && !options.includes(current) ? [...options, current] : [...options];
}

/** Search, skill, sport and location. */
export function OpportunityFilters({ query, setQuery, place, setPlace, skill, setSkill, sport, setSport }: OpportunityFiltersProps) {
  const fetchPolicy = useFreshnessPolicy('opportunityFilterOptions', OPPORTUNITIES_MAX_AGE_MS);
  const { data } = useQuery(OpportunityFilterOptionsDocument, { fetchPolicy, context: { silent: true } });
  const skills = withCurrent(data?.opportunitySkills ?? [], skill);
  const sports = withCurrent(data?.clubSports ?? [], sport);

  return (
    <SimpleGrid role="search" aria-label="Opportunity search" columns={{ base: 1, md: 2, lg: 4 }} gap="4" alignItems="flex-end">
      <Field.Root>
        <Field.Label>Search opportunities</Field.Label>
        <InputGroup startElement={<LuSearch />}>
          <Input
            type="search"
            placeholder="Role, club or skill"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
            maxLength={100}
          />
        </InputGroup>
      </Field.Root>
      <Field.Root>
        <Field.Label>Skill</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={skill} onChange={(event) => setSkill(event.target.value)}>
            <option value="">All Skills</option>
            {skills.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root>
        <Field.Label>Sport</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={sport} onChange={(event) => setSport(event.target.value)}>
            <option value="">All Sports</option>
            {sports.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root>
        <Field.Label>Location</Field.Label>
        <InputGroup startElement={<LuMapPin />}>
          <Input
            type="search"
            placeholder="Town or area"
            value={place}
            onChange={(event) => setPlace(event.target.value)}
            autoComplete="off"
            maxLength={100}
          />
        </InputGroup>
      </Field.Root>
    </SimpleGrid>
  );
}
