import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { LuPlus } from 'react-icons/lu';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { CLUB_MESSAGES, MEETING_TIMES_MAX } from '@clubroom/rules/clubs-texts';
import type { ClubDashboard_ClubFragment } from '../../gql/graphql';
import { fieldErrorsOf } from '../../lib/user-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { MEETING_TIMES_TOASTS } from './club-dashboard-texts';
import { EMPTY_MEETING_TIME, meetingTimesFormRules, toFormFieldErrors, toMeetingTimeRows } from './meeting-times-form';
import { MeetingTimeRow } from './meeting-time-row';
import { useSaveMeetingTimes } from './use-save-meeting-times';

/** Rows of day, start and end; incomplete rows are dropped on save and errors block it. */
export function MeetingTimesEditor({ club }: { club: ClubDashboard_ClubFragment }) {
  const save = useSaveMeetingTimes();
  const form = useForm({
    resolver: zodResolver(meetingTimesFormRules),
    mode: 'onChange',
    defaultValues: toMeetingTimeRows(club.meetingTimes),
  });
  const { control, handleSubmit, getValues, setError, reset, formState, watch, trigger } = form;

  // The rules compare rows (end after start, overlaps), so any change re-checks them all and
  // 'End time must be after start time.' shows under its row at once, whichever select moved.
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (name?.startsWith('times')) void trigger('times');
    });
    return () => subscription.unsubscribe();
  }, [watch, trigger]);
  const { fields, append, remove } = useFieldArray({ control, name: 'times' });
  const listError = formState.errors.times?.root?.message ?? formState.errors.times?.message;

  const onSubmit = handleSubmit(
    async (values) => {
      const rows = getValues('times');
      try {
        const saved = await save(values.times);
        reset(toMeetingTimeRows(saved));
        notifySuccess(MEETING_TIMES_TOASTS.saved);
      } catch (error) {
        console.error('Saving the meeting times failed:', error);
        for (const { name, message } of toFormFieldErrors(rows, fieldErrorsOf(error))) {
          setError(name, { type: 'server', message });
        }
        notifyError(MEETING_TIMES_TOASTS.failedTitle, MEETING_TIMES_TOASTS.failed);
      }
    },
    () => notifyError(CLUB_MESSAGES.invalidTimesTitle, CLUB_MESSAGES.invalidTimes),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label="Meeting times">
        <Stack gap="4">
          <Text color="fg.muted">
            Add the weekly sessions when your club meets. Rows without a day, start and end time are not saved.
          </Text>
          {fields.map((field, index) => (
            <MeetingTimeRow key={field.id} index={index} onRemove={fields.length > 1 ? () => remove(index) : undefined} />
          ))}
          {listError && (
            <Text color="fg.error" fontSize="sm" role="alert">
              {listError}
            </Text>
          )}
          <HStack justify="space-between" flexWrap="wrap" gap="3">
            <Button
              variant="outline"
              disabled={fields.length >= MEETING_TIMES_MAX}
              onClick={() => append({ ...EMPTY_MEETING_TIME })}
            >
              <LuPlus /> Add meeting time
            </Button>
            <Button type="submit" colorPalette="teal" loading={formState.isSubmitting} loadingText="Saving...">
              Save Meeting Times
            </Button>
          </HStack>
        </Stack>
      </form>
    </FormProvider>
  );
}
