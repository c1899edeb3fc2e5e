import { NativeSelect } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import type { UseFormRegisterReturn, FieldError } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import { CheckKindsDocument } from './safeguarding.generated';
import { REQUIRED_CHECK_TEXTS as T } from './safeguarding-texts';

interface RequiredCheckFieldProps {
  /** The form's registration of its requiredCheckId ('' for none). */
  registration: UseFormRegisterReturn;
  error?: FieldError;
  /** The check the position requires now: kept as a choice when it has been retired since. */
  current?: { id: string; name: string } | null;
}

/** The position form's 'Requires a check' select: none, or one of the kinds offered. */
export function RequiredCheckField({ registration, error, current }: RequiredCheckFieldProps) {
  const { data } = useQuery(CheckKindsDocument, { context: { silent: true } });
  const kinds = data?.checkKinds ?? [];
  const retired = current && !kinds.some((k) => k.id === current.id) ? current : null;
  return (
    <FormField label={T.label} error={error} helperText={T.help}>
      <NativeSelect.Root>
        <NativeSelect.Field {...registration}>
          <option value="">{T.none}</option>
          {kinds.map((kind) => (
            <option key={kind.id} value={kind.id}>
              {kind.name}
            </option>
          ))}
          {retired && <option value={retired.id}>{data ? T.retired(retired.name) : retired.name}</option>}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}
