import { SimpleGrid } from '@chakra-ui/react';
import { usePageQuery } from '../../lib/page-query';
import { LuMapPin, LuSearch } from 'react-icons/lu';
import { FilterSelectField, FilterTextField } from '../../components/filter-fields';
import { OpportunityFilterOptionsDocument } from './volunteer.generated';
import { useFreshnessPolicy } from '../../lib/freshness';
import type { OpportunityFilters as Filters } from './use-opportunity-filters';
import { OPPORTUNITIES_MAX_AGE_MS } from './volunteer-limits';

type OpportunityFiltersProps = Pick<
  Filters,
  'query' | 'setQuery' | 'place' | 'setPlace' | 'skill' | 'setSkill' | 'sport' | 'setSport'
>;

/** Search, skill, sport and location. */
export function OpportunityFilters({ query, setQuery, place, setPlace, skill, setSkill, sport, setSport }: OpportunityFiltersProps) {
  const fetchPolicy = useFreshnessPolicy('opportunityFilterOptions', OPPORTUNITIES_MAX_AGE_MS);
  const { data } = usePageQuery(OpportunityFilterOptionsDocument, { fetchPolicy, context: { silent: true } });

  return (
    <SimpleGrid role="search" aria-label="Opportunity search" columns={{ base: 1, md: 2, lg: 4 }} gap="4" alignItems="flex-end">
      <FilterTextField
        label="Search opportunities"
        icon={<LuSearch />}
        placeholder="Role, club or skill"
        value={query}
        onValueChange={setQuery}
        maxLength={100}
      />
      <FilterSelectField label="Skill" anyLabel="All Skills" options={data?.opportunitySkills ?? []} value={skill} onValueChange={setSkill} />
      <FilterSelectField label="Sport" anyLabel="All Sports" options={data?.clubSports ?? []} value={sport} onValueChange={setSport} />
      <FilterTextField label="Location" icon={<LuMapPin />} placeholder="Town or area" value={place} onValueChange={setPlace} maxLength={100} />
    </SimpleGrid>
  );
}
