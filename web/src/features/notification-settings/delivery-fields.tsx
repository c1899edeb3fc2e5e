// The delivery form's fields, each bound to the form (react-hook-form) that delivery-form.tsx owns.
import { Button, Field, Grid, HStack, Input, NativeSelect, RadioGroup, Stack, Switch, Text } from '@chakra-ui/react';
import { EMAIL_CADENCE_LABELS, EMAIL_CADENCES } from '@clubroom/rules/notifications';
import { useMemo } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import { formatDateTimeIn } from '../../lib/format-in-zone';
import { DIGEST_HOURS, timeZoneChoices, type DeliveryValues } from './delivery-values';
import { DELIVERY_TEXTS as T } from './notifications-settings-texts';

type Form = UseFormReturn<DeliveryValues>;

/** 'As they happen', 'Daily digest', 'Weekly digest' or 'Off', each with what it means. */
export function CadenceField({ form }: { form: Form }) {
  return (
    <Field.Root invalid={!!form.formState.errors.emailCadence}>
      <Controller
        control={form.control}
        name="emailCadence"
        render={({ field }) => (
          <RadioGroup.Root name={field.name} value={field.value} onValueChange={(details) => details.value && field.onChange(details.value)} colorPalette="teal" size="sm">
            <RadioGroup.Label fontWeight="medium" mb="2">
              {T.cadence}
            </RadioGroup.Label>
            <Stack gap="2">
              {EMAIL_CADENCES.map((cadence) => (
                <Stack key={cadence} gap="0">
                  <RadioGroup.Item value={cadence}>
                    <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{EMAIL_CADENCE_LABELS[cadence]}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                  <Text textStyle="xs" color="fg.muted" ps="6">
                    {T.cadenceHelp[cadence]}
                  </Text>
                </Stack>
              ))}
            </Stack>
          </RadioGroup.Root>
        )}
      />
      <Field.ErrorText>{form.formState.errors.emailCadence?.message}</Field.ErrorText>
    </Field.Root>
  );
}

/** The hour a digest is sent, and when the saved schedule sends the next one. */
export function DigestHourField({ form, nextDigestAt, timeZone }: { form: Form; nextDigestAt: string | null; timeZone: string }) {
  return (
    <Stack gap="2">
      <FormField label={T.digestHour} error={form.formState.errors.digestHour} helperText={T.digestHourHelp}>
        <NativeSelect.Root maxW="40">
          <NativeSelect.Field {...form.register('digestHour', { valueAsNumber: true })}>
            {DIGEST_HOURS.map((hour) => (
              <option key={hour.value} value={hour.value}>
                {hour.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {nextDigestAt && (
        <Text textStyle="sm">
          {T.nextDigest}{' '}
          <Text as="span" fontWeight="medium">
            <time dateTime={nextDigestAt}>{formatDateTimeIn(nextDigestAt, timeZone)}</time> ({timeZone})
          </Text>
        </Text>
      )}
    </Stack>
  );
}

const DEFAULT_QUIET_HOURS = T.quietHoursDefault;
/** Empty time inputs are 'no time': the rules want null, not ''. */
const clockOrNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** Quiet hours on or off, and their start and end. Turned on, they start as 22:00–07:00. */
export function QuietHoursFields({ form, on, onToggle }: { form: Form; on: boolean; onToggle: (on: boolean) => void }) {
  const { errors } = form.formState;
  const toggle = (next: boolean) => {
    onToggle(next);
    const [start, end] = next ? [DEFAULT_QUIET_HOURS.start, DEFAULT_QUIET_HOURS.end] : [null, null];
    form.setValue('quietHoursStart', start, { shouldDirty: true });
    form.setValue('quietHoursEnd', end, { shouldDirty: true });
    form.clearErrors(['quietHoursStart', 'quietHoursEnd']);
  };
  return (
    <Stack gap="3">
      <Switch.Root checked={on} onCheckedChange={(details) => toggle(details.checked)} colorPalette="teal">
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{T.quietHours}</Switch.Label>
      </Switch.Root>
      <Text textStyle="sm" color="fg.muted" mt="-1">
        {T.quietHoursHelp}
      </Text>
      {on && (
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 16rem))' }} gap="4" alignItems="start">
          <FormField label={T.quietHoursStart} error={errors.quietHoursStart}>
            <Input type="time" {...form.register('quietHoursStart', { setValueAs: clockOrNull })} />
          </FormField>
          <FormField label={T.quietHoursEnd} error={errors.quietHoursEnd}>
            <Input type="time" {...form.register('quietHoursEnd', { setValueAs: clockOrNull })} />
          </FormField>
        </Grid>
      )}
    </Stack>
  );
}

/** The member's IANA time zone; the device's own is marked and offered when it differs. */
export function TimeZoneField({ form, device }: { form: Form; device: string }) {
  const current = form.watch('timeZone');
  const saved = form.formState.defaultValues?.timeZone ?? '';
  const zones = useMemo(() => timeZoneChoices(saved, device), [saved, device]);
  return (
    <FormField
      label={T.timeZone}
      error={form.formState.errors.timeZone}
      helperText={
        current !== device && (
          <HStack as="span" gap="2" flexWrap="wrap">
            <span>{T.deviceZoneHelp(device)}</span>
            <Button size="xs" variant="outline" onClick={() => form.setValue('timeZone', device, { shouldDirty: true, shouldValidate: true })}>
              {T.useDeviceZone(device)}
            </Button>
          </HStack>
        )
      }
    >
      <NativeSelect.Root maxW="sm">
        <NativeSelect.Field {...form.register('timeZone')}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone === device ? T.thisDevice(zone) : zone}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

/** Whether a push about a message may show its first words. */
export function PushPreviewsField({ form }: { form: Form }) {
  return (
    <Stack gap="1">
      <Controller
        control={form.control}
        name="pushPreviews"
        render={({ field }) => (
          <Switch.Root checked={field.value} onCheckedChange={(details) => field.onChange(details.checked)} colorPalette="teal">
            <Switch.HiddenInput onBlur={field.onBlur} />
            <Switch.Control />
            <Switch.Label>{T.pushPreviews}</Switch.Label>
          </Switch.Root>
        )}
      />
      <Text textStyle="sm" color="fg.muted">
        {T.pushPreviewsHelp}
      </Text>
    </Stack>
  );
}
