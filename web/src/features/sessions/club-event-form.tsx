import { Button, Field, HStack, Input, Stack, Textarea } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { notifyError } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf } from '../../lib/user-errors';

// One form for a club's one-off event, to add one (the dashboard's Sessions tab) and to change one
// (the event's own page): the same fields, checks and messages in both places.
export const CLUB_EVENT_FORM_TEXTS = {
  title: 'Title',
  description: 'Description',
  descriptionHelp: 'Simple formatting tags are kept: b, i, em, strong, p, br, ul, ol, li.',
  place: 'Place',
  startsAt: 'Starts',
  endsAt: 'Ends',
  capacity: 'Places (leave empty for no limit)',
  capacityWhole: 'Places must be a whole number from 1 to 10000, or left empty for no limit.',
  startMissing: 'Enter a valid start date and time.',
  endMissing: 'Enter a valid end date and time.',
} as const;
const T = CLUB_EVENT_FORM_TEXTS;

/** What the form holds: text as typed, dates as 'datetime-local' values on the member's clock. */
export interface ClubEventFormValues {
  title: string;
  description: string;
  place: string;
  startsAt: string;
  endsAt: string;
  capacity: string;
}

/** What the server takes (createClubEvent's and updateClubEvent's fields). */
export interface ClubEventInputValues {
  title: string;
  description: string | null;
  place: string | null;
  startsAt: string;
  endsAt: string;
  capacity: number | null;
}

export const EMPTY_CLUB_EVENT: ClubEventFormValues = { title: '', description: '', place: '', startsAt: '', endsAt: '', capacity: '' };
const FIELDS: Record<string, keyof ClubEventFormValues> = { title: 'title', description: 'description', place: 'place', startsAt: 'startsAt', endsAt: 'endsAt', capacity: 'capacity' };

/** A 'datetime-local' value of an instant, on the browser's clock. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant of a 'datetime-local' value; an empty one is sent as it is, for the server to refuse. */
export const fromLocalInput = (local: string) => (local ? new Date(local).toISOString() : 'invalid');

interface ClubEventFormProps {
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  /** The toast's title when the server refuses for a reason no field shows. */
  failedTitle: string;
  defaultValues: ClubEventFormValues;
  /** Saves; throws the server's refusal (its field errors show under the fields). Answers the
   *  values the form shows next (empty after adding, the saved ones after a change). */
  onSave: (input: ClubEventInputValues) => Promise<ClubEventFormValues>;
}

export function ClubEventForm({ label, submitLabel, failedTitle, defaultValues, onSave }: ClubEventFormProps) {
  const { register, handleSubmit, setError, reset, formState } = useForm<ClubEventFormValues>({ defaultValues });
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    const capacity = values.capacity.trim() === '' ? null : Number(values.capacity);
    if (capacity !== null && !Number.isInteger(capacity)) {
      setError('capacity', { message: T.capacityWhole });
      return;
    }
    if (!values.startsAt) setError('startsAt', { message: T.startMissing });
    if (!values.endsAt) setError('endsAt', { message: T.endMissing });
    if (!values.startsAt || !values.endsAt) return;
    try {
      const next = await onSave({
        title: values.title,
        description: values.description || null,
        place: values.place || null,
        startsAt: fromLocalInput(values.startsAt),
        endsAt: fromLocalInput(values.endsAt),
        capacity,
      });
      reset(next);
    } catch (error) {
      const applied = applyServerFieldErrors(fieldErrorsOf(error), setError, FIELDS);
      if (applied.length === 0) notifyError(failedTitle, errorMessageOf(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="4">
        <Field.Root invalid={!!errors.title} required>
          <Field.Label>{T.title}</Field.Label>
          <Input {...register('title')} maxLength={120} />
          <Field.ErrorText>{errors.title?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.description}>
          <Field.Label>{T.description}</Field.Label>
          <Textarea {...register('description')} rows={3} />
          {errors.description ? <Field.ErrorText>{errors.description.message}</Field.ErrorText> : <Field.HelperText>{T.descriptionHelp}</Field.HelperText>}
        </Field.Root>
        <Field.Root invalid={!!errors.place}>
          <Field.Label>{T.place}</Field.Label>
          <Input {...register('place')} maxLength={200} />
          <Field.ErrorText>{errors.place?.message}</Field.ErrorText>
        </Field.Root>
        <HStack gap="4" flexWrap="wrap" align="start">
          <Field.Root invalid={!!errors.startsAt} required maxW="xs">
            <Field.Label>{T.startsAt}</Field.Label>
            <Input type="datetime-local" {...register('startsAt')} />
            <Field.ErrorText>{errors.startsAt?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.endsAt} required maxW="xs">
            <Field.Label>{T.endsAt}</Field.Label>
            <Input type="datetime-local" {...register('endsAt')} />
            <Field.ErrorText>{errors.endsAt?.message}</Field.ErrorText>
          </Field.Root>
        </HStack>
        <Field.Root invalid={!!errors.capacity} maxW="xs">
          <Field.Label>{T.capacity}</Field.Label>
          <Input type="number" min={1} max={10000} {...register('capacity')} />
          <Field.ErrorText>{errors.capacity?.message}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="teal" alignSelf="start" loading={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
