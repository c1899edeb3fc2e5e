import { Dialog, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { CHECK_MESSAGES, checkDatesRules } from '@clubroom/rules/safeguarding';
import { FormDialogFooter } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import type { Safeguarding_CheckFragment } from '../../gql/graphql';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf, requirePayload } from '../../lib/user-errors';
import { ChangeVolunteerCheckDocument, CheckKindsDocument, RecordVolunteerCheckDocument } from './safeguarding.generated';
import { MY_CHECKS_TEXTS as T } from './safeguarding-texts';

/** Today on the member's own calendar (YYYY-MM-DD). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

interface Values {
  kindId: string;
  issuedOn: string;
  expiresOn: string;
}
const NAMES: Record<string, Path<Values>> = { kindId: 'kindId', issuedOn: 'issuedOn', expiresOn: 'expiresOn' };
const REFETCH = { refetchQueries: ['MyVolunteerChecks'], awaitRefetchQueries: true, context: { silent: true } };

/** The record / change dialog's body: the kind (recording only) and the two dates. */
export function CheckForm({ check, onSaved }: { check?: Safeguarding_CheckFragment; onSaved: () => void }) {
  const { data } = useQuery(CheckKindsDocument, { skip: Boolean(check), context: { silent: true } });
  const [record] = useMutation(RecordVolunteerCheckDocument, REFETCH);
  const [change] = useMutation(ChangeVolunteerCheckDocument, REFETCH);
  const rules = useMemo(
    () =>
      z
        .object({ kindId: check ? z.string() : z.string().min(1, { error: CHECK_MESSAGES.kindRequired }) })
        .and(checkDatesRules(localToday())),
    [check],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(rules) as never,
    defaultValues: { kindId: check?.kind.id ?? '', issuedOn: check?.issuedOn ?? '', expiresOn: check?.expiresOn ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (check) requirePayload((await change({ variables: { input: { checkId: check.id, issuedOn: values.issuedOn, expiresOn: values.expiresOn } } })).data?.changeVolunteerCheck);
      else requirePayload((await record({ variables: { input: values } })).data?.recordVolunteerCheck);
      notifySuccess(T.saved);
      onSaved();
    } catch (error) {
      applyServerFieldErrors(fieldErrorsOf(error), setError, NAMES);
      notifyError(T.saveFailed, errorMessageOf(error));
    }
  });

  const kinds = data?.checkKinds ?? [];
  return (
    <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="4">
          {check ? (
            <Text fontWeight="semibold">{check.kind.name}</Text>
          ) : (
            <FormField label={T.kind} error={errors.kindId}>
              <NativeSelect.Root>
                <NativeSelect.Field {...register('kindId')}>
                  <option value="">{kinds.length ? T.chooseKind : T.noKinds}</option>
                  {kinds.map((kind) => (
                    <option key={kind.id} value={kind.id}>
                      {kind.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          )}
          <FormField label={T.issuedOn} error={errors.issuedOn}>
            <Input type="date" max={localToday()} {...register('issuedOn')} />
          </FormField>
          <FormField label={T.expiresOn} error={errors.expiresOn} helperText={check ? T.changeHelp : undefined}>
            <Input type="date" {...register('expiresOn')} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel={T.save} busyLabel={T.saving} busy={isSubmitting} colorPalette="teal" />
    </form>
  );
}
