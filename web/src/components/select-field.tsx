import { Field, NativeSelect } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

interface SelectFieldProps<T extends string | number> {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  /** The control's id, where two copies of one form are on the page (the list's card and sheet). */
  id?: string;
  maxW?: string;
  w?: ComponentProps<typeof Field.Root>['w'];
  /** 'sm' (the admin area's) unless told. */
  size?: 'sm' | 'md';
}

/** A labelled drop-down of filters and choices (the admin area's, the volunteer's applications);
 *  only its own options are taken. */
export function SelectField<T extends string | number>({ label, value, options, onChange, id, maxW, w, size = 'sm' }: SelectFieldProps<T>) {
  return (
    <Field.Root ids={id ? { control: id } : undefined} maxW={maxW} w={w}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size={size}>
        <NativeSelect.Field
          value={String(value)}
          onChange={(event) => {
            const chosen = options.find((option) => String(option.value) === event.target.value);
            if (chosen) onChange(chosen.value);
          }}
        >
          {options.map((option) => (
            <option key={String(option.value)} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
