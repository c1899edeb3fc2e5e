import { Field, Input, InputGroup, SimpleGrid } from '@chakra-ui/react';
import { LuMapPin, LuSearch, LuWrench } from 'react-icons/lu';
import { SKILL_MAX, VOLUNTEER_LOCATION_MAX, VOLUNTEER_SEARCH_MAX } from '../../../../server/src/modules/volunteers/volunteers.rules';
import type { VolunteerFilterValues } from './use-volunteer-filters';

interface VolunteerFiltersProps {
  values: VolunteerFilterValues;
  onChange: (key: keyof VolunteerFilterValues, value: string) => void;
}

/** Search words, a location and a skill. */
export function VolunteerFilters({ values, onChange }: VolunteerFiltersProps) {
  return (
    <SimpleGrid role="search" aria-label="Volunteer search" columns={{ base: 1, md: 3 }} gap="4">
      <Field.Root>
        <Field.Label>Search</Field.Label>
        <InputGroup startElement={<LuSearch />}>
          <Input
            type="search"
            placeholder="Name, place or words from a bio"
            maxLength={VOLUNTEER_SEARCH_MAX}
            autoComplete="off"
            value={values.q}
            onChange={(event) => onChange('q', event.target.value)}
          />
        </InputGroup>
      </Field.Root>
      <Field.Root>
        <Field.Label>Location</Field.Label>
        <InputGroup startElement={<LuMapPin />}>
          <Input
            placeholder="e.g. Leeds"
            maxLength={VOLUNTEER_LOCATION_MAX}
            autoComplete="off"
            value={values.location}
            onChange={(event) => onChange('location', event.target.value)}
          />
        </InputGroup>
      </Field.Root>
      <Field.Root>
        <Field.Label>Skill</Field.Label>
        <InputGroup startElement={<LuWrench />}>
          <Input
            placeholder="e.g. First aid"
            maxLength={SKILL_MAX}
            autoComplete="off"
            value={values.skill}
            onChange={(event) => onChange('skill', event.target.value)}
          />
        </InputGroup>
      </Field.Root>
    </SimpleGrid>
  );
}
