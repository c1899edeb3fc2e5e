import { Dialog, Input, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { useForm, type Path } from 'react-hook-form';
import { checkKindRules, CHECK_KIND_DESCRIPTION_MAX } from '@clubroom/rules/safeguarding';
import type { z } from 'zod';
import { FormDialogFooter } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import type { Safeguarding_KindFragment } from '../../gql/graphql';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf, requirePayload } from '../../lib/user-errors';
import { CreateCheckKindDocument, UpdateCheckKindDocument } from './safeguarding.generated';
import { CHECK_KINDS_TEXTS as T } from './safeguarding-texts';

type Values = z.input<typeof checkKindRules>;
const NAMES: Record<string, Path<Values>> = { name: 'name', description: 'description' };
const REFETCH = { refetchQueries: ['AdminCheckKinds', 'CheckKinds'], awaitRefetchQueries: true, context: { silent: true } };

/** The add / edit dialog's body: a kind's name and description. */
export function CheckKindForm({ kind, onSaved }: { kind?: Safeguarding_KindFragment; onSaved: () => void }) {
  const [create] = useMutation(CreateCheckKindDocument, REFETCH);
  const [update] = useMutation(UpdateCheckKindDocument, REFETCH);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(checkKindRules) as never, defaultValues: { name: kind?.name ?? '', description: kind?.description ?? '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const input = { name: values.name, description: values.description ?? null };
      if (kind) requirePayload((await update({ variables: { input: { checkKindId: kind.id, ...input } } })).data?.updateCheckKind);
      else requirePayload((await create({ variables: { input } })).data?.createCheckKind);
      notifySuccess(T.saved);
      onSaved();
    } catch (error) {
      applyServerFieldErrors(fieldErrorsOf(error), setError, NAMES);
      notifyError(T.saveFailed, errorMessageOf(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="4">
          <FormField label={T.name} error={errors.name}>
            <Input autoComplete="off" placeholder={T.namePlaceholder} {...register('name')} />
          </FormField>
          <FormField label={T.description} error={errors.description} helperText={`At most ${CHECK_KIND_DESCRIPTION_MAX} characters.`}>
            <Textarea rows={3} {...register('description')} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel={T.save} busyLabel={T.saving} busy={isSubmitting} colorPalette="teal" />
    </form>
  );
}
