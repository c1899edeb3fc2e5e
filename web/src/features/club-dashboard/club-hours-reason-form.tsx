import { Dialog, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { HOURS_REASON_MAX, hoursReasonRule } from '@clubroom/rules/hours';
import { FormDialogFooter } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf } from '../../lib/user-errors';
import { CLUB_HOURS_TEXTS as T } from './club-hours-texts';

const reasonRules = z.object({ reason: hoursReasonRule });

interface ReasonFormProps {
  intro: string;
  submitLabel: string;
  busyLabel: string;
  /** The toast once saved. */
  done: string;
  /** Saves with the reason; rejects on a refusal (UserErrors) or a failure. */
  save: (reason: string) => Promise<unknown>;
  onDone: () => void;
}

/** A dialog's body and footer asking the reason of a decline or a revocation (the volunteer is told it). */
export function ReasonForm({ intro, submitLabel, busyLabel, done, save, onDone }: ReasonFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(reasonRules), mode: 'onSubmit', defaultValues: { reason: '' } });
  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      await save(reason);
      notifySuccess(done);
      onDone();
    } catch (error) {
      console.error('Saving the decision failed:', error);
      applyServerFieldErrors(fieldErrorsOf(error), setError, { reason: 'reason' });
      notifyError(T.failedTitle, errorMessageOf(error) ?? T.failed);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="4">
          <Text>{intro}</Text>
          <FormField label={T.reasonLabel} error={errors.reason} helperText={`At most ${HOURS_REASON_MAX} characters.`}>
            <Textarea rows={3} {...register('reason')} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel={submitLabel} busyLabel={busyLabel} busy={isSubmitting} colorPalette="red" />
    </form>
  );
}
