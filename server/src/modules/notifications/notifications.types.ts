import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Node, connectionOf } from '../../graphql/relay.js';
import { Payload } from '../../graphql/payload.js';
import { CHANNEL_LABELS, EMAIL_CADENCE_LABELS, EMAIL_CADENCES, NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, NOTIFICATION_KIND_KEYS } from './notifications.rules.js';

/** A GraphQL enum whose names are the upper-case of the stored values (`message_received` →
 *  MESSAGE_RECEIVED), each with a description. */
function storedValuesEnum<const V extends string>(values: readonly V[], describe: (value: V) => string) {
  const enumObject = Object.fromEntries(values.map((v) => [v.toUpperCase(), v])) as { [K in Uppercase<V>]: Lowercase<K> & V };
  const valuesConfig = Object.fromEntries(values.map((v) => [v.toUpperCase(), { description: describe(v) }]));
  return { enumObject, valuesConfig };
}

const kinds = storedValuesEnum(NOTIFICATION_KIND_KEYS, (k) => NOTIFICATION_KINDS[k].description);
export const NotificationKindEnum = kinds.enumObject;
registerEnumType(NotificationKindEnum, { name: 'NotificationKind', description: 'What a notification is about; each kind has its own settings per channel.', valuesConfig: kinds.valuesConfig });

const channels = storedValuesEnum(NOTIFICATION_CHANNELS, (c) => ({ in_app: 'The notification bell in the app.', email: 'Email to the account’s address.', push: 'Web push to the devices where the member turned it on.' })[c] + ` (“${CHANNEL_LABELS[c]}”)`);
export const NotificationChannelEnum = channels.enumObject;
registerEnumType(NotificationChannelEnum, { name: 'NotificationChannel', description: 'Where a notification can reach a member.', valuesConfig: channels.valuesConfig });

const cadences = storedValuesEnum(EMAIL_CADENCES, (c) =>
  ({
    instant: 'Each email as it happens.',
    daily: 'One digest a day, at the digest hour.',
    weekly: 'One digest a week, on Monday at the digest hour.',
    off: 'No notification emails (required ones, such as a password reset, still come).',
  })[c] + ` (“${EMAIL_CADENCE_LABELS[c]}”)`,
);
export const EmailCadenceEnum = cadences.enumObject;
registerEnumType(EmailCadenceEnum, { name: 'EmailCadence', description: 'How notification emails reach a member.', valuesConfig: cadences.valuesConfig });

export enum NotificationTypeEnum {
  MESSAGE = 'message',
  APPLICATION = 'application',
  SYSTEM = 'system',
}
registerEnumType(NotificationTypeEnum, {
  name: 'NotificationType',
  description: 'What a notification is about.',
  valuesConfig: {
    MESSAGE: { description: 'A new private message (its `message` is set).' },
    APPLICATION: { description: 'A club or volunteer application changed.' },
    SYSTEM: { description: 'Anything else the platform tells the member.' },
  },
});

@ObjectType({ implements: Node, description: 'An entry of the notification bell.' })
export class Notification extends Node {
  @Field(() => NotificationTypeEnum, { description: 'What it is about, broadly.' })
  type!: NotificationTypeEnum;

  @Field(() => NotificationKindEnum, { description: 'Which kind of notification it is (its settings are per kind).' })
  kind!: string;

  @Field(() => String, { description: 'The headline.' })
  title!: string;

  @Field(() => String, { description: 'One or two sentences about what happened.' })
  description!: string;

  @Field(() => Boolean, { description: 'Whether the member has read it.' })
  read!: boolean;

  @Field(() => Date, { description: 'When it happened.' })
  createdAt!: Date;

  @Field(() => String, { nullable: true, description: 'The path in the web app where clicking it leads.' })
  actionUrl!: string | null;
}

@ObjectType({ description: "A page of the caller's notifications, newest first." })
export class NotificationConnection extends connectionOf(Notification, 'Notification', { totalCount: 'How many notifications the caller has, over all pages.' }) {}

@InputType({ description: 'Which notification to mark read.' })
export class MarkNotificationReadInput {
  @Field(() => ID, { description: "The notification's global id." })
  id!: string;
}

@ObjectType({ description: 'The result of markNotificationRead.' })
export class MarkNotificationReadPayload extends Payload {
  @Field(() => Notification, { nullable: true, description: 'The notification, now read; null when refused.' })
  notification?: Notification | null;
}

@ObjectType({ description: 'The result of markAllNotificationsRead.' })
export class MarkAllNotificationsReadPayload extends Payload {
  @Field(() => Int, { nullable: true, description: 'How many notifications changed from unread to read.' })
  count?: number | null;
}

@ObjectType({ description: 'A notification was added for the caller.' })
export class NotificationAddedEvent {
  @Field(() => Notification, { description: 'The new notification.' })
  notification!: Notification;

  @Field(() => String, { description: "This event's place: pass it as `after` when subscribing again to get what was added since (the same cursor as the notification's edge in `notifications`)." })
  cursor!: string;
}

@ObjectType({ description: "The caller's unread notification count, now." })
export class UnreadNotificationCountEvent {
  @Field(() => Int, { description: 'Notifications of the caller not read yet.' })
  count!: number;
}

@ObjectType({ description: 'One channel of one notification kind, for the caller.' })
export class NotificationChannelSetting {
  @Field(() => NotificationChannelEnum, { description: 'The channel.' })
  channel!: string;

  @Field(() => Boolean, { description: 'Whether this kind reaches the caller on this channel.' })
  enabled!: boolean;

  @Field(() => Boolean, { description: 'Whether the caller may change it (a required or unused channel cannot change).' })
  choosable!: boolean;
}

@ObjectType({ description: "One kind of notification and the caller's channels for it." })
export class NotificationKindSetting {
  @Field(() => NotificationKindEnum, { description: 'The kind.' })
  kind!: string;

  @Field(() => [NotificationChannelSetting], { description: 'Each channel: in the app, email, push.' })
  channels!: NotificationChannelSetting[];
}

@ObjectType({ description: 'How notifications reach the caller: per kind and channel, the email cadence, quiet hours and muted clubs.' })
export class NotificationSettings {
  @Field(() => [NotificationKindSetting], { description: 'Every kind of notification, with its channels.' })
  preferences!: NotificationKindSetting[];

  @Field(() => EmailCadenceEnum, { description: 'How notification emails come: each at once, in a daily or weekly digest, or not at all.' })
  emailCadence!: string;

  @Field(() => String, { nullable: true, description: 'When quiet hours start (HH:MM in `timeZone`); null: no quiet hours. No push and no instant email during them: they wait until the end.' })
  quietHoursStart!: string | null;

  @Field(() => String, { nullable: true, description: 'When quiet hours end (HH:MM in `timeZone`); before the start for hours over midnight.' })
  quietHoursEnd!: string | null;

  @Field(() => String, { description: "The caller's IANA time zone (quiet hours and digests follow it)." })
  timeZone!: string;

  @Field(() => Int, { description: 'The hour (0–23, in `timeZone`) a digest is sent.' })
  digestHour!: number;

  @Field(() => Boolean, { description: 'Whether push notifications may show text (a message’s first words) on a lock screen.' })
  pushPreviews!: boolean;

  @Field(() => Date, { nullable: true, description: 'When the last digest was sent; null before the first.' })
  lastDigestAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When the next digest is due; null unless the cadence is daily or weekly.' })
  nextDigestAt!: Date | null;
}

@InputType({ description: 'One kind × channel choice.' })
export class NotificationPreferenceChange {
  @Field(() => NotificationKindEnum, { description: 'The kind.' })
  kind!: string;

  @Field(() => NotificationChannelEnum, { description: 'The channel.' })
  channel!: string;

  @Field(() => Boolean, { description: 'On or off.' })
  enabled!: boolean;
}

@InputType({ description: 'Choices to change, at most 60 at once.' })
export class UpdateNotificationPreferencesInput {
  @Field(() => [NotificationPreferenceChange], { description: 'The choices; the others stay as they are.' })
  changes!: NotificationPreferenceChange[];
}

@InputType({ description: 'How notifications are delivered to the caller.' })
export class UpdateNotificationDeliveryInput {
  @Field(() => EmailCadenceEnum, { description: 'Instant, daily, weekly or off.' })
  emailCadence!: string;

  @Field(() => String, { nullable: true, description: 'Quiet hours start, HH:MM; null with `quietHoursEnd` for none.' })
  quietHoursStart!: string | null;

  @Field(() => String, { nullable: true, description: 'Quiet hours end, HH:MM.' })
  quietHoursEnd!: string | null;

  @Field(() => String, { description: 'An IANA time zone, e.g. Europe/London.' })
  timeZone!: string;

  @Field(() => Int, { description: 'The digest hour, 0–23.' })
  digestHour!: number;

  @Field(() => Boolean, { description: 'Whether push may show text on a lock screen.' })
  pushPreviews!: boolean;
}

@InputType({ description: 'Mute or unmute a club.' })
export class SetClubMutedInput {
  @Field(() => ID, { description: "The club's global id." })
  clubId!: string;

  @Field(() => Boolean, { description: 'True: its notifications reach the caller in the app only (no email, push or digest).' })
  muted!: boolean;
}

@ObjectType({ description: 'The result of updateNotificationPreferences.' })
export class UpdateNotificationPreferencesPayload extends Payload {
  @Field(() => NotificationSettings, { nullable: true, description: 'The settings as they are now; null when refused.' })
  settings?: NotificationSettings | null;
}

@ObjectType({ description: 'The result of updateNotificationDelivery.' })
export class UpdateNotificationDeliveryPayload extends Payload {
  @Field(() => NotificationSettings, { nullable: true, description: 'The settings as they are now; null when refused.' })
  settings?: NotificationSettings | null;
}

@ObjectType({ description: 'The result of setClubMuted.' })
export class SetClubMutedPayload extends Payload {
  @Field(() => NotificationSettings, { nullable: true, description: 'The settings as they are now; null when refused.' })
  settings?: NotificationSettings | null;
}

@ObjectType({ description: "The caller's notification settings changed (on any device)." })
export class NotificationSettingsChangedEvent {
  @Field(() => NotificationSettings, { description: 'The settings as they are now.' })
  settings!: NotificationSettings;
}

@ObjectType({ description: 'What a one-click unsubscribe link from a notification email turns off, for whom.' })
export class UnsubscribeLink {
  @Field(() => String, { description: 'What it turns off, as the Notifications page names it (a kind of notification, or the email digests).' })
  what!: string;

  @Field(() => String, { description: "The member's email address with most of it hidden (anyone holding the link may read this)." })
  email!: string;

  @Field(() => Boolean, { description: 'Whether it is off already.' })
  off!: boolean;
}

@InputType({ description: 'The link to act on.' })
export class UnsubscribeInput {
  @Field(() => String, { description: 'The token of the link (`token` of `/unsubscribe?token=…`).' })
  token!: string;
}

@ObjectType({ description: 'The result of unsubscribe.' })
export class UnsubscribePayload extends Payload {
  @Field(() => UnsubscribeLink, { nullable: true, description: 'What the link names, now off; null when refused.' })
  link?: UnsubscribeLink | null;
}

@ObjectType({ implements: Node, description: 'A device where the caller turned push notifications on.' })
export class PushDevice extends Node {
  @Field(() => String, { description: 'What the member calls it (e.g. "Chrome on Android").' })
  label!: string;

  @Field(() => Date, { description: 'When push was turned on for it.' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When a push last reached its push service; null before the first.' })
  lastSuccessAt!: Date | null;
}

@InputType({ description: "This device's push subscription, as the browser's PushSubscription gives it." })
export class RegisterPushDeviceInput {
  @Field(() => String, { description: "The subscription's endpoint (https, on the public internet)." })
  endpoint!: string;

  @Field(() => String, { description: "The subscription's p256dh key (base64url)." })
  p256dh!: string;

  @Field(() => String, { description: "The subscription's auth secret (base64url)." })
  auth!: string;

  @Field(() => String, { description: 'A name for the device, 1 to 100 characters.' })
  label!: string;
}

@ObjectType({ description: 'The result of registerPushDevice.' })
export class RegisterPushDevicePayload extends Payload {
  @Field(() => PushDevice, { nullable: true, description: 'The device; null when refused.' })
  device?: PushDevice | null;
}

@InputType({ description: 'Which device to remove.' })
export class RemovePushDeviceInput {
  @Field(() => ID, { description: "The device's global id." })
  id!: string;
}

@ObjectType({ description: 'The result of removePushDevice.' })
export class RemovePushDevicePayload extends Payload {
  @Field(() => ID, { nullable: true, description: 'The global id of the device removed; null when refused.' })
  removedDeviceId?: string | null;
}
