import { Field, NativeSelect } from '@chakra-ui/react';
import { STATUS_FILTERS } from './club-opportunities-texts';

/** 'Status': every opportunity, or the active, filled or cancelled ones. */
export function StatusFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field.Root maxW="15rem">
      <Field.Label>Status</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {STATUS_FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
