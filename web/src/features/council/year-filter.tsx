import { Field, NativeSelect } from '@chakra-ui/react';
import { useMeetingYears } from './use-public-meetings';

interface YearFilterProps {
  year: number | null;
  onChange: (year: number | null) => void;
}

/** 'Year': All, then the years that have public meetings (newest first). */
export function YearFilter({ year, onChange }: YearFilterProps) {
  const years = useMeetingYears();
  // A year from the URL stays selectable while the list loads.
  const options = year !== null && !years.includes(year) ? [year, ...years] : years;
  return (
    <Field.Root w={{ base: 'full', sm: '12rem' }}>
      <Field.Label>Year</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={year === null ? '' : String(year)}
          onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">All</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
