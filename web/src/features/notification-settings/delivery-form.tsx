import { Button, HStack, Separator, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { deliverySettingsRules } from '@clubroom/rules/notifications';
import { useMemo, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import type { NotificationSettings_SettingsFragment } from '../../gql/graphql';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf } from '../../lib/user-errors';
import { CadenceField, DigestHourField, PushPreviewsField, QuietHoursFields, TimeZoneField } from './delivery-fields';
import { deliveryInputOf, deliveryValuesOf, deviceTimeZone, isDigest, type DeliveryValues } from './delivery-values';
import { DELIVERY_TEXTS } from './notifications-settings-texts';
import { useUpdateDelivery } from './use-notification-settings-mutations';

/** The server's userErrors name the input's fields, which are the form's. */
const FIELD_NAMES = Object.fromEntries(Object.keys(deliverySettingsRules.shape).map((name) => [name, name])) as Record<string, Path<DeliveryValues>>;

/** Email cadence, digest hour, quiet hours, time zone and push previews, saved together and
 *  checked with the server's own rules (deliverySettingsRules). */
export function DeliveryForm({ settings }: { settings: NotificationSettings_SettingsFragment }) {
  const save = useUpdateDelivery();
  const saved = useMemo(() => deliveryValuesOf(settings), [settings]);
  const device = useMemo(deviceTimeZone, []);
  const form = useForm<DeliveryValues>({
    resolver: zodResolver(deliverySettingsRules),
    mode: 'onTouched',
    criteriaMode: 'all',
    // A change from another device (notificationSettingsChanged) reaches the form too, without
    // overwriting what the member is editing here.
    values: saved,
    resetOptions: { keepDirtyValues: true },
  });
  const { handleSubmit, setError, reset, watch, formState } = form;
  // Quiet hours are on while either time is set, or once turned on here (both times may be
  // cleared while editing without the fields disappearing).
  const [quietHoursHeld, setQuietHoursHeld] = useState(false);
  const quietHoursOn = quietHoursHeld || watch('quietHoursStart') !== null || watch('quietHoursEnd') !== null;
  const cadence = watch('emailCadence');
  // 'Next digest' is the saved schedule's: shown while the form still describes that schedule.
  const scheduleSaved = cadence === saved.emailCadence && watch('digestHour') === saved.digestHour && watch('timeZone') === saved.timeZone;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const next = await save(deliveryInputOf(values));
      reset(deliveryValuesOf(next));
      setQuietHoursHeld(false);
      notifySuccess(DELIVERY_TEXTS.saved);
    } catch (error) {
      console.error('Saving the notification delivery settings failed:', error);
      const applied = applyServerFieldErrors(fieldErrorsOf(error), setError, FIELD_NAMES);
      notifyError(DELIVERY_TEXTS.failedTitle, errorMessageOf(error) ?? (applied.length > 0 ? undefined : DELIVERY_TEXTS.failed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={DELIVERY_TEXTS.formName}>
      <Stack gap="5">
        <CadenceField form={form} />
        {isDigest(cadence) && <DigestHourField form={form} nextDigestAt={scheduleSaved ? settings.nextDigestAt : null} timeZone={settings.timeZone} />}
        <Separator />
        <QuietHoursFields form={form} on={quietHoursOn} onToggle={setQuietHoursHeld} />
        <TimeZoneField form={form} device={device} />
        <Separator />
        <PushPreviewsField form={form} />
        <HStack justify="flex-end">
          <Button type="submit" colorPalette="teal" loading={formState.isSubmitting} loadingText={DELIVERY_TEXTS.saving} disabled={!formState.isDirty}>
            {DELIVERY_TEXTS.save}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
