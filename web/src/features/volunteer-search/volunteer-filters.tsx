import { SimpleGrid } from '@chakra-ui/react';
import { LuMapPin, LuSearch, LuWrench } from 'react-icons/lu';
import { SKILL_MAX, VOLUNTEER_LOCATION_MAX, VOLUNTEER_SEARCH_MAX } from '@clubroom/rules/volunteers-texts';
import { FilterTextField } from '../../components/filter-fields';
import type { VolunteerFilterValues } from './use-volunteer-filters';

interface VolunteerFiltersProps {
  values: VolunteerFilterValues;
  onChange: (key: keyof VolunteerFilterValues, value: string) => void;
}

/** Search words, a location and a skill. */
export function VolunteerFilters({ values, onChange }: VolunteerFiltersProps) {
  return (
    <SimpleGrid role="search" aria-label="Volunteer search" columns={{ base: 1, md: 3 }} gap="4">
      <FilterTextField
        label="Search"
        icon={<LuSearch />}
        placeholder="Name, place or words from a bio"
        maxLength={VOLUNTEER_SEARCH_MAX}
        value={values.q}
        onValueChange={(value) => onChange('q', value)}
      />
      <FilterTextField
        type="text"
        label="Location"
        icon={<LuMapPin />}
        placeholder="e.g. Leeds"
        maxLength={VOLUNTEER_LOCATION_MAX}
        value={values.location}
        onValueChange={(value) => onChange('location', value)}
      />
      <FilterTextField
        type="text"
        label="Skill"
        icon={<LuWrench />}
        placeholder="e.g. First aid"
        maxLength={SKILL_MAX}
        value={values.skill}
        onValueChange={(value) => onChange('skill', value)}
      />
    </SimpleGrid>
  );
}
