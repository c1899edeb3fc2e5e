import { Dialog, HStack, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { useMemo } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { addShiftsRules, SHIFT_MESSAGES, shiftPlacesRules } from '@clubroom/rules/shifts';
import { FormDialogFooter } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf, requirePayload } from '../../lib/user-errors';
import { wallClockInstant } from './shift-clock';
import { todayIn } from './shift-format';
import { AddPositionShiftsDocument, UpdatePositionShiftDocument } from './shifts.generated';
import { CLUB_SHIFTS_TEXTS as T } from './shifts-texts';

interface Values {
  date: string;
  startTime: string;
  endTime: string;
  places: number;
  repeatWeeklyUntil: string;
}

/** The server's input names → the form's fields. */
const NAMES: Record<string, Path<Values>> = { startsAt: 'startTime', endsAt: 'endTime', places: 'places', repeatWeeklyUntil: 'repeatWeeklyUntil' };
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** The start and end a form's values mean on the club's clock (an end not after the start is the
 *  next day's); null while the date or a time is missing. */
function instantsOf(values: Pick<Values, 'date' | 'startTime' | 'endTime'>, timeZone: string): { startsAt: Date; endsAt: Date } | null {
  const startsAt = wallClockInstant(values.date, values.startTime, timeZone);
  const endsAt = wallClockInstant(values.date, values.endTime, timeZone, values.endTime <= values.startTime);
  return startsAt && endsAt ? { startsAt, endsAt } : null;
}

/** The 'Add a shift' dialog's body: the day, the times on the club's clock, the places, and an
 *  optional weekly repeat; the shared rules check it before it is sent. */
export function AddShiftForm({ positionId, timeZone, onSaved }: { positionId: string; timeZone: string; onSaved: () => void }) {
  const [add] = useMutation(AddPositionShiftsDocument, { refetchQueries: ['ClubPositionShifts'], awaitRefetchQueries: true, context: { silent: true } });
  const rules = useMemo(
    () =>
      z
        .object({
          date: z.string().regex(DATE, { error: 'Please enter a valid date' }),
          startTime: z.string().regex(TIME, { error: 'Please enter a valid start' }),
          endTime: z.string().regex(TIME, { error: 'Please enter a valid end' }),
          places: shiftPlacesRules.shape.places,
          repeatWeeklyUntil: z.string(),
        })
        .superRefine((values, ctx) => {
          const at = instantsOf(values, timeZone);
          if (!at) return;
          if (at.startsAt.getTime() <= Date.now()) ctx.addIssue({ code: 'custom', path: ['startTime'], message: SHIFT_MESSAGES.future });
          const checked = addShiftsRules.safeParse({ ...at, places: values.places, repeatWeeklyUntil: values.repeatWeeklyUntil || null });
          for (const issue of checked.success ? [] : checked.error.issues) {
            const name = NAMES[String(issue.path[0])];
            if (name && name !== 'places') ctx.addIssue({ code: 'custom', path: [name], message: issue.message });
          }
          if (values.repeatWeeklyUntil && values.repeatWeeklyUntil < values.date) ctx.addIssue({ code: 'custom', path: ['repeatWeeklyUntil'], message: SHIFT_MESSAGES.repeatUntil });
        }),
    [timeZone],
  );
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(rules) as never, defaultValues: { date: '', startTime: '', endTime: '', places: 1, repeatWeeklyUntil: '' } });
  const [startTime, endTime] = watch(['startTime', 'endTime']);
  const nextDay = TIME.test(startTime) && TIME.test(endTime) && endTime <= startTime;

  const onSubmit = handleSubmit(async (values) => {
    const at = instantsOf(values, timeZone)!;
    try {
      const { shifts } = requirePayload(
        (
          await add({
            variables: {
              input: { positionId, startsAt: at.startsAt.toISOString(), endsAt: at.endsAt.toISOString(), places: values.places, repeatWeeklyUntil: values.repeatWeeklyUntil || null },
            },
          })
        ).data?.addPositionShifts,
      );
      notifySuccess(T.added(shifts?.length ?? 1));
      onSaved();
    } catch (error) {
      applyServerFieldErrors(fieldErrorsOf(error), setError, NAMES);
      notifyError(T.addFailed, errorMessageOf(error));
    }
  });

  const today = todayIn(timeZone);
  return (
    <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }} aria-label={T.addTitle}>
      <Dialog.Body>
        <Stack gap="4">
          <FormField label={T.date} error={errors.date}>
            <Input type="date" min={today} {...register('date')} />
          </FormField>
          <HStack gap="4" align="flex-start">
            <FormField label={T.startTime} error={errors.startTime}>
              <Input type="time" {...register('startTime')} />
            </FormField>
            <FormField label={T.endTime} error={errors.endTime} helperText={nextDay ? T.endsNextDay : undefined}>
              <Input type="time" {...register('endTime')} />
            </FormField>
          </HStack>
          <FormField label={T.places} error={errors.places} helperText={T.placesHelp}>
            <Input type="number" inputMode="numeric" min={1} step={1} {...register('places', { valueAsNumber: true })} />
          </FormField>
          <FormField label={T.repeat} error={errors.repeatWeeklyUntil} helperText={T.repeatHelp}>
            <Input type="date" min={today} {...register('repeatWeeklyUntil')} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel={T.save} busyLabel={T.saving} busy={isSubmitting} colorPalette="teal" />
    </form>
  );
}

/** The 'Change places' dialog's body. */
export function ShiftPlacesForm({ shift, onSaved }: { shift: { id: string; places: number }; onSaved: () => void }) {
  const [update] = useMutation(UpdatePositionShiftDocument, { refetchQueries: ['ClubPositionShifts', 'ShiftSignups'], awaitRefetchQueries: true, context: { silent: true } });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ places: number }>({ resolver: zodResolver(shiftPlacesRules) as never, defaultValues: { places: shift.places } });

  const onSubmit = handleSubmit(async ({ places }) => {
    try {
      requirePayload((await update({ variables: { input: { id: shift.id, places } } })).data?.updatePositionShift);
      notifySuccess(T.placesSaved);
      onSaved();
    } catch (error) {
      applyServerFieldErrors(fieldErrorsOf(error), setError, { places: 'places' });
      if (!fieldErrorsOf(error)?.places) setError('places', { type: 'server', message: errorMessageOf(error) ?? T.placesFailed });
      notifyError(T.placesFailed, errorMessageOf(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }} aria-label={T.placesTitle}>
      <Dialog.Body>
        <FormField label={T.places} error={errors.places} helperText={T.placesHelpChange}>
          <Input type="number" inputMode="numeric" min={1} step={1} {...register('places', { valueAsNumber: true })} />
        </FormField>
      </Dialog.Body>
      <FormDialogFooter submitLabel={T.placesSave} busyLabel={T.placesSaving} busy={isSubmitting} colorPalette="teal" />
    </form>
  );
}
