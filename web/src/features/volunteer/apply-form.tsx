import { Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '../../lib/navigation';
import { APPLICATION_MESSAGE_MAX, applyFormRules } from '@clubroom/rules/volunteers';
import { FormField } from '../../components/form-field';
import { isQueuedOffline } from '../../lib/offline-queue';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf, UserErrors } from '../../lib/user-errors';
import { useShiftPick } from '../shifts/shift-picker';
import { useApply } from './use-apply';
import { applicationPath, counterText } from './volunteer-format';
import { APPLY_TEXTS, WAITLIST_TEXTS } from './volunteer-texts';

interface ApplyFormProps {
  positionId: string;
  clubName: string;
  /** Every place is taken: applying joins the waiting list (the button says so). */
  joinsWaitlist?: boolean;
}

/** The message to the club and 'Submit Application' ('Join the waiting list' when every place is
 *  taken); on success the application's page (a waiting one is told its number at once). */
export function ApplyForm({ positionId, clubName, joinsWaitlist = false }: ApplyFormProps) {
  const navigate = useNavigate();
  const { apply } = useApply(positionId);
  const shifts = useShiftPick(positionId);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(applyFormRules), mode: 'onTouched', defaultValues: { message: '' } });
  const length = watch('message').trim().length;

  const submit = handleSubmit(async ({ message }) => {
    if (!shifts.check()) return;
    try {
      const application = await apply(message, shifts.ids);
      if (application.status === 'WAITLISTED') notifySuccess(WAITLIST_TEXTS.joinedTitle, application.linePosition ? WAITLIST_TEXTS.inLine(application.linePosition) : undefined);
      else notifySuccess(APPLY_TEXTS.submitted);
      navigate(applicationPath(application.id), { replace: true });
    } catch (error) {
      // Queued offline: it is submitted on reconnect (the 'Offline' toast said so).
      if (isQueuedOffline(error)) {
        reset();
        return;
      }
      console.error('Applying failed:', error);
      const fields = fieldErrorsOf(error);
      if (shifts.showServerError(fields, errorMessageOf(error))) {
        notifyError(APPLY_TEXTS.failedTitle, errorMessageOf(error) ?? APPLY_TEXTS.failed);
        return;
      }
      if (fields?.message) {
        setError('message', { type: 'server', message: fields.message });
        return;
      }
      // A refusal of the whole input (already applied, no longer open...) is shown on the form's
      // one field too, in the server's words.
      if (UserErrors.is(error)) setError('message', { type: 'server', message: error.message });
      notifyError(APPLY_TEXTS.failedTitle, errorMessageOf(error) ?? APPLY_TEXTS.failed);
    }
  });

  // The shifts are checked with the message, not after it.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    shifts.check();
    return submit(event);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Application">
      <Stack gap="4">
        {shifts.element}
        <FormField
          label={`Your message to ${clubName}`}
          error={errors.message}
          helperText="Say why you would like to help and what you can bring (at least 10 characters)."
        >
          <Textarea rows={8} maxLength={APPLICATION_MESSAGE_MAX + 200} {...register('message')} />
        </FormField>
        <HStack justifyContent="space-between" alignItems="center" flexWrap="wrap" gap="3">
          <Text textStyle="sm" color={length > APPLICATION_MESSAGE_MAX ? 'fg.error' : 'fg.muted'}>
            {counterText(length, APPLICATION_MESSAGE_MAX)} characters
          </Text>
          <Button type="submit" colorPalette="teal" loading={isSubmitting} loadingText="Submitting...">
            {joinsWaitlist ? WAITLIST_TEXTS.join : 'Submit Application'}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
