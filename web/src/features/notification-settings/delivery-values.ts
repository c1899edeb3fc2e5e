// Between the cached settings (GraphQL: upper-case enums) and the delivery form, whose values are
// the shared rules' own (deliverySettingsRules: lower-case cadences, null for no quiet hours).
import type { DeliverySettingsInput, EmailCadence } from '@clubroom/rules/notifications';
import type { NotificationSettings_SettingsFragment, UpdateNotificationDeliveryInput } from '../../gql/graphql';

export type DeliveryValues = DeliverySettingsInput;

export function deliveryValuesOf(settings: NotificationSettings_SettingsFragment): DeliveryValues {
  return {
    emailCadence: settings.emailCadence.toLowerCase() as EmailCadence,
    quietHoursStart: settings.quietHoursStart ?? null,
    quietHoursEnd: settings.quietHoursEnd ?? null,
    timeZone: settings.timeZone,
    digestHour: settings.digestHour,
    pushPreviews: settings.pushPreviews,
  };
}

export function deliveryInputOf(values: DeliveryValues): UpdateNotificationDeliveryInput {
  return { ...values, emailCadence: values.emailCadence.toUpperCase() as UpdateNotificationDeliveryInput['emailCadence'] };
}

/** Whether the cadence gathers emails into a digest (the digest hour then matters). */
export const isDigest = (cadence: EmailCadence): boolean => cadence === 'daily' || cadence === 'weekly';

/** The browser's own IANA time zone. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Every time zone the browser knows, with the member's and the device's (which the list may
 *  lack: Chromium's omits 'UTC' and older aliases), sorted. */
export function timeZoneChoices(...extra: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, ...extra.filter(Boolean)])].sort();
}

/** The digest hours, 0–23, in the app's clock ('h:mm a', lib/format.ts): '12:00 AM' … '11:00 PM'. */
export const DIGEST_HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: `${hour % 12 || 12}:00 ${hour < 12 ? 'AM' : 'PM'}` }));
