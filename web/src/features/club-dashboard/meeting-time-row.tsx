import { Box, Grid, IconButton, NativeSelect } from '@chakra-ui/react';
import { LuTrash2 } from 'react-icons/lu';
import { Controller, useFormContext } from 'react-hook-form';
import { TIME_SLOTS, WEEKDAYS } from '@clubroom/rules/clubs-texts';
import { FormField } from '../../components/form-field';
import type { MeetingTimesFormValues } from './meeting-times-form';

interface MeetingTimeRowProps {
  index: number;
  /** Absent when this is the only row: the editor always keeps one. */
  onRemove?: () => void;
}

function TimeOptions() {
  return TIME_SLOTS.map((slot) => (
    <option key={slot} value={slot}>
      {slot}
    </option>
  ));
}

/** One weekly session: Day, Start time, End time, and a remove button when there are others. */
export function MeetingTimeRow({ index, onRemove }: MeetingTimeRowProps) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<MeetingTimesFormValues>();
  const rowErrors = errors.times?.[index];
  const number = index + 1;

  return (
    <Grid
      role="group"
      aria-label={`Meeting time ${number}`}
      templateColumns={{ base: '1fr', sm: '1.2fr 1fr 1fr auto' }}
      gap="3"
      alignItems="start"
      p="3"
      borderWidth="1px"
      borderRadius="md"
    >
      <FormField label="Day" error={rowErrors?.dayOfWeek}>
        <Controller
          control={control}
          name={`times.${index}.dayOfWeek`}
          render={({ field }) => (
            <NativeSelect.Root>
              <NativeSelect.Field
                aria-label={`Day ${number}`}
                placeholder="Select a day"
                name={field.name}
                ref={field.ref}
                value={field.value == null ? '' : String(field.value)}
                onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
                onBlur={field.onBlur}
              >
                {WEEKDAYS.map((day, dayIndex) => (
                  <option key={day} value={dayIndex + 1}>
                    {day}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
        />
      </FormField>
      <FormField label="Start time" error={rowErrors?.startTime}>
        <NativeSelect.Root>
          <NativeSelect.Field aria-label={`Start time ${number}`} placeholder="Start" {...register(`times.${index}.startTime`)}>
            <TimeOptions />
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField label="End time" error={rowErrors?.endTime}>
        <NativeSelect.Root>
          <NativeSelect.Field aria-label={`End time ${number}`} placeholder="End" {...register(`times.${index}.endTime`)}>
            <TimeOptions />
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <Box pt={{ base: '0', sm: '7' }} justifySelf={{ base: 'flex-end', sm: 'auto' }}>
        {onRemove && (
          <IconButton aria-label={`Remove meeting time ${number}`} variant="ghost" colorPalette="red" onClick={onRemove}>
            <LuTrash2 />
          </IconButton>
        )}
      </Box>
    </Grid>
  );
}
