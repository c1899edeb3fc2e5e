// The fields of the search bars (club directory, opportunities, volunteer search): a text field
// with an icon, and a select whose first option means 'any'.
import { Field, Input, InputGroup, NativeSelect } from '@chakra-ui/react';
import type { ComponentProps, ReactElement } from 'react';

type RootProps = Omit<ComponentProps<typeof Field.Root>, 'children' | 'onChange'>;

interface FilterTextFieldProps extends RootProps {
  label: string;
  icon: ReactElement;
  value: string;
  onValueChange: (value: string) => void;
  placeholder: string;
  maxLength?: number;
  /** 'search' (a clear button in some browsers) unless told. */
  type?: 'search' | 'text';
}

export function FilterTextField({ label, icon, value, onValueChange, placeholder, maxLength, type = 'search', ...root }: FilterTextFieldProps) {
  return (
    <Field.Root {...root}>
      <Field.Label>{label}</Field.Label>
      <InputGroup startElement={icon}>
        <Input
          type={type === 'search' ? 'search' : undefined}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          autoComplete="off"
          maxLength={maxLength}
        />
      </InputGroup>
    </Field.Root>
  );
}

interface FilterSelectFieldProps extends RootProps {
  label: string;
  /** The first option, meaning any ('All Sports'). */
  anyLabel: string;
  options: readonly string[];
  value: string;
  onValueChange: (value: string) => void;
}

/** A choice from the URL stays selectable while the options load (or when nothing uses it now). */
export function FilterSelectField({ label, anyLabel, options, value, onValueChange, ...root }: FilterSelectFieldProps) {
  const shown = value && !options.includes(value) ? [...options, value] : options;
  return (
    <Field.Root {...root}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onValueChange(event.target.value)}>
          <option value="">{anyLabel}</option>
          {shown.map((option) => (
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
