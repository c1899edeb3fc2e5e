import { chakra, Dialog, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path } from 'react-hook-form';
import {
  councilMeetingRules,
  type CouncilMeetingInput as MeetingFormValues,
  type CouncilMeetingValues as MeetingValues,
} from '@clubroom/rules/council';
import { FormField } from '../../components/form-field';
import { FormDialogFooter } from '../../components/form-dialog';
import type { CouncilAdmin_MeetingFragment } from '../../gql/graphql';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { errorMessageOf, fieldErrorsOf } from '../../lib/user-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { GQL_STATUSES, MEETING_TOASTS, STATUS_LABELS, toGqlStatus, toRuleStatus } from './council-admin-texts';
import { useSaveMeeting } from './use-meeting-actions';

const FIELD_NAMES = Object.fromEntries(Object.keys(councilMeetingRules.shape).map((name) => [name, name])) as Record<
  string,
  Path<MeetingFormValues>
>;

const RICH_TEXT_HELP = 'Simple formatting tags are kept: b, i, em, strong, p, br, ul, ol, li.';

interface MeetingFormProps {
  /** The meeting being edited; absent for a new one. */
  meeting?: CouncilAdmin_MeetingFragment;
  onSaved: () => void;
}

/** The meeting dialog's body and footer. */
export function MeetingForm({ meeting, onSaved }: MeetingFormProps) {
  const save = useSaveMeeting();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MeetingFormValues, unknown, MeetingValues>({
    resolver: zodResolver(councilMeetingRules),
    criteriaMode: 'all',
    defaultValues: {
      title: meeting?.title ?? '',
      meetingDate: meeting?.meetingDate ?? '',
      meetingTime: meeting?.meetingTime ?? '',
      location: meeting?.location ?? '',
      agenda: meeting?.agenda ?? '',
      minutes: meeting?.minutes ?? '',
      status: meeting ? toRuleStatus(meeting.status) : 'upcoming',
      isPublic: meeting?.isPublic ?? true,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      // An empty time is null: the meeting has no time (a LocalTime is HH:MM or nothing).
      await save(meeting?.id, { ...values, meetingTime: values.meetingTime || null, status: toGqlStatus(values.status) });
      notifySuccess(meeting ? MEETING_TOASTS.updated : MEETING_TOASTS.created);
      onSaved();
    } catch (error) {
      console.error('Saving the council meeting failed:', error);
      applyServerFieldErrors(fieldErrorsOf(error), setError, FIELD_NAMES);
      notifyError(meeting ? MEETING_TOASTS.updateFailed : MEETING_TOASTS.createFailed, errorMessageOf(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="4">
          <FormField label="Title" error={errors.title}>
            <Input autoComplete="off" {...register('title')} />
          </FormField>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField label="Meeting Date" error={errors.meetingDate}>
              <Input type="date" {...register('meetingDate')} />
            </FormField>
            <FormField label="Meeting Time" error={errors.meetingTime}>
              <Input type="time" {...register('meetingTime')} />
            </FormField>
          </SimpleGrid>
          <FormField label="Location" error={errors.location}>
            <Input {...register('location')} />
          </FormField>
          <FormField label="Agenda" error={errors.agenda} helperText={RICH_TEXT_HELP}>
            <Textarea rows={4} {...register('agenda')} />
          </FormField>
          <FormField label="Minutes" error={errors.minutes} helperText={RICH_TEXT_HELP}>
            <Textarea rows={4} {...register('minutes')} />
          </FormField>
          <FormField label="Status" error={errors.status}>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('status')}>
                {GQL_STATUSES.map((status) => (
                  <option key={status} value={toRuleStatus(status)}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          {/* A native checkbox: labelled, focusable and clickable like any form control. */}
          <HStack as="label" gap="2" cursor="pointer" alignSelf="flex-start">
            <chakra.input type="checkbox" boxSize="4" accentColor="teal.solid" {...register('isPublic')} />
            <Text>Public meeting</Text>
          </HStack>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel="Save Meeting" busyLabel="Saving..." busy={isSubmitting} colorPalette="teal" />
    </form>
  );
}
