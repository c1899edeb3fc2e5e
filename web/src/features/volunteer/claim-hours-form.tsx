import { Button, HStack, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { HOURS_NOTE_MAX, claimHoursRules } from '@clubroom/rules/hours';
import { FormField } from '../../components/form-field';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf, requirePayload } from '../../lib/user-errors';
import { MY_HOURS_TEXTS as T } from './hours-texts';
import { ClaimVolunteerHoursDocument, MyVolunteerHoursDocument } from './hours.generated';
import type { MyVolunteerHoursQuery } from '../../gql/graphql';

/** The positions the volunteer may claim for, each with its global id. */
export type ClaimablePositions = Array<MyVolunteerHoursQuery['myHoursPositions']['nodes'][number] & { positionId: string }>;

const CHOOSE_POSITION = 'Choose a position';
const formRules = claimHoursRules.extend({ positionId: z.string().min(1, { error: CHOOSE_POSITION }) });

/** Today on the browser's calendar, as the date input's upper bound (the server decides on the
 *  club's calendar). */
const today = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/** The claim: a position the volunteer was accepted to, a day, hours and an optional note. */
export function ClaimHoursForm({ positions }: { positions: ClaimablePositions }) {
  const [claim] = useMutation(ClaimVolunteerHoursDocument, { context: { silent: true }, refetchQueries: [MyVolunteerHoursDocument] });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(formRules),
    mode: 'onTouched',
    defaultValues: { positionId: positions.length === 1 ? positions[0]!.positionId : '', workDate: today(), hours: undefined as unknown as number, note: '' },
  });

  const onSubmit = handleSubmit(async ({ positionId, workDate, hours, note }) => {
    try {
      const { data } = await claim({ variables: { input: { positionId, workDate, hours, note: note || null } } });
      requirePayload(data?.claimVolunteerHours);
      notifySuccess(T.claimed);
      reset({ positionId, workDate, hours: undefined as unknown as number, note: '' });
    } catch (error) {
      console.error('Claiming hours failed:', error);
      applyServerFieldErrors(fieldErrorsOf(error), setError, { positionId: 'positionId', workDate: 'workDate', hours: 'hours', note: 'note' });
      notifyError(T.failedTitle, errorMessageOf(error) ?? T.failed);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={T.claimHeading}>
      <Stack gap="4">
        <FormField label={T.positionLabel} error={errors.positionId}>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('positionId')}>
              <option value="">{CHOOSE_POSITION}</option>
              {positions.map((p) => (
                <option key={p.positionId} value={p.positionId}>
                  {p.positionTitle} · {p.clubName}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <HStack gap="4" alignItems="flex-start" flexWrap="wrap">
          <FormField label={T.dateLabel} error={errors.workDate}>
            <Input type="date" max={today()} {...register('workDate')} />
          </FormField>
          <FormField label={T.hoursLabel} error={errors.hours} helperText={T.hoursHelp}>
            <Input type="number" inputMode="decimal" step="0.25" min="0" max="24" {...register('hours', { valueAsNumber: true })} />
          </FormField>
        </HStack>
        <FormField label={T.noteLabel} error={errors.note} helperText={`At most ${HOURS_NOTE_MAX} characters.`}>
          <Textarea rows={3} {...register('note')} />
        </FormField>
        <HStack justifyContent="flex-end">
          <Button type="submit" colorPalette="teal" loading={isSubmitting} loadingText={T.submitting}>
            {T.submit}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
