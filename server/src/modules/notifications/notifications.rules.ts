// What the platform tells a member, and how a member chooses where it reaches them. Shared with
// the web (`@clubroom/rules/notifications`): the Notifications page shows this catalogue.
import { z } from 'zod';
import { uuidRule } from '../../lib/shared/common.rules.js';

export const NOTIFICATION_LIST_DEFAULT = 10;

/** notificationAdded(after:) replays the notifications added after a cursor at most this far back
 *  (a cursor older than this is CURSOR_EXPIRED: the client reads the list again instead). */
export const NOTIFICATION_REPLAY_HOURS = 24;
/** …and at most this many (more after the cursor is CURSOR_EXPIRED too): one list page's worth. */
export const NOTIFICATION_REPLAY_MAX = 100;
export const NOTIFICATION_REPLAY_EXPIRED = `This cursor is too old to resume from: events are replayed for ${NOTIFICATION_REPLAY_HOURS} hours and at most ${NOTIFICATION_REPLAY_MAX} of them. Read the notifications list again, then subscribe without a cursor.`;

export const notificationIdRules = z.object({ id: uuidRule('notification') });

/** Where a notification can reach a member. */
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const CHANNEL_LABELS: Record<NotificationChannel, string> = { in_app: 'In the app', email: 'Email', push: 'Push' };

/** The bell's older grouping, kept for the `Notification.type` field. */
export type NotificationType = 'message' | 'application' | 'system';

export interface NotificationKindInfo {
  /** The Notifications page's row label. */
  label: string;
  /** What it is, in one sentence (the GraphQL enum's description too). */
  description: string;
  /** The bell's grouping. */
  type: NotificationType;
  /** Each channel's setting for a member who never chose. */
  defaults: Record<NotificationChannel, boolean>;
  /** Channels the member cannot turn off (an account's suspension must reach them by email). A
   *  required channel is sent whatever the preferences, quiet hours, mutes or email cadence say. */
  required: readonly NotificationChannel[];
  /** Channels this kind never uses (a password reset link is never in the bell). */
  unused: readonly NotificationChannel[];
}

const on = { in_app: true, email: true, push: true };

/**
 * Every kind of notification, in the order the Notifications page lists them. A new kind (the
 * sessions and volunteering issues add theirs) is one entry here and one value of the GraphQL enum
 * (derived from these keys); the database stores the kind as text.
 */
export const NOTIFICATION_KINDS = {
  message_received: {
    label: 'New private message',
    description: 'A member sent you a private message.',
    type: 'message',
    defaults: on,
    required: [],
    unused: [],
  },
  volunteer_application_received: {
    label: 'Volunteer application received',
    description: 'A volunteer applied for one of your club’s positions.',
    type: 'application',
    defaults: on,
    required: [],
    unused: [],
  },
  volunteer_application_withdrawn: {
    label: 'Volunteer application withdrawn',
    description: 'A volunteer withdrew their application for one of your club’s positions.',
    type: 'application',
    defaults: { in_app: true, email: true, push: false },
    required: [],
    unused: [],
  },
  volunteer_application_decided: {
    label: 'Your application was answered',
    description: 'A club accepted or declined your volunteer application.',
    type: 'application',
    defaults: on,
    required: [],
    unused: [],
  },
  volunteer_hours_claimed: {
    label: 'Volunteer hours to approve',
    description: 'A volunteer claimed hours for one of your club’s positions.',
    type: 'application',
    defaults: { in_app: true, email: true, push: false },
    required: [],
    unused: [],
  },
  volunteer_hours_decided: {
    label: 'Your volunteer hours were answered',
    description: 'A club approved, declined or revoked hours you gave.',
    type: 'application',
    defaults: on,
    required: [],
    unused: [],
  },
  volunteer_opportunity_removed: {
    label: 'An opportunity you applied for was removed',
    description: 'A club removed a volunteer position while your application was pending.',
    type: 'application',
    defaults: { in_app: true, email: false, push: false },
    required: [],
    unused: [],
  },
  volunteer_place_given: {
    label: 'You got a volunteer place from the waiting list',
    description: 'A place freed up on a position you were waiting for, and the club’s automatic waiting list gave it to you.',
    type: 'application',
    defaults: on,
    required: [],
    unused: [],
  },
  volunteer_place_offered: {
    label: 'A volunteer place is offered to you',
    description: 'A place freed up on a position you were waiting for; it is yours if you accept it before the deadline (one tap from the email).',
    type: 'application',
    defaults: on,
    required: [],
    unused: [],
  },
  volunteer_offer_lapsed: {
    label: 'An offered place ran out',
    description: 'You did not answer an offered volunteer place before its deadline, so it went to the next in line.',
    type: 'application',
    defaults: { in_app: true, email: true, push: false },
    required: [],
    unused: [],
  },
  volunteer_check_expiring: {
    label: 'Your safeguarding check expires soon',
    description: 'A safeguarding check on your volunteer profile expires within 30 days.',
    type: 'application',
    defaults: { in_app: true, email: true, push: false },
    required: [],
    unused: [],
  },
  volunteer_line_moved: {
    label: 'Your club’s waiting lists moved',
    description: 'A volunteer got a place on one of your club’s positions from the waiting list, or took, declined or let lapse an offered place.',
    type: 'application',
    defaults: { in_app: true, email: false, push: false },
    required: [],
    unused: [],
  },
  volunteer_shift_swap: {
    label: 'Shift swaps',
    description: 'Another volunteer of a position proposed to swap shifts with you, or answered your proposal.',
    type: 'application',
    defaults: on,
    required: [],
    unused: [],
  },
  volunteer_shift_cancelled: {
    label: 'A shift you signed up for was cancelled',
    description: 'A club cancelled a volunteer shift you had asked for, were accepted for or were waiting for.',
    type: 'application',
    defaults: on,
    required: [],
    unused: [],
  },
  club_shift_swapped: {
    label: 'Volunteers swapped shifts',
    description: 'Two volunteers of one of your club’s positions agreed to exchange their shifts.',
    type: 'application',
    defaults: { in_app: true, email: true, push: false },
    required: [],
    unused: [],
  },
  club_volunteer_check_expiring: {
    label: 'A volunteer’s check your club verified expires soon',
    description: 'A safeguarding check your club verified for a volunteer expires within 30 days.',
    type: 'application',
    defaults: { in_app: true, email: true, push: false },
    required: [],
    unused: [],
  },
  volunteer_certificate_ready: {
    label: 'Your volunteering certificate is ready',
    description: 'The certificate of approved volunteer hours you asked for can be downloaded.',
    type: 'application',
    defaults: { in_app: true, email: true, push: false },
    required: [],
    unused: [],
  },
  club_announcement: {
    label: 'Announcements from clubs you follow',
    description: 'A club you follow posted an announcement.',
    type: 'system',
    defaults: on,
    required: [],
    unused: [],
  },
  session_cancelled: {
    label: 'A session you were going to was cancelled',
    description: 'A club cancelled a session or event you said you would come to.',
    type: 'system',
    defaults: on,
    required: [],
    unused: [],
  },
  session_moved: {
    label: 'A session you were going to moved',
    description: 'A club changed the date, time or place of a session or event you said you would come to.',
    type: 'system',
    defaults: on,
    required: [],
    unused: [],
  },
  session_reminder: {
    label: 'Reminder of a session',
    description: 'A session or event of a club you follow is coming up, and you said you would come or have not answered (at the times the club chose); with one-tap Going and Can’t make it links.',
    type: 'system',
    defaults: on,
    required: [],
    unused: [],
  },
  session_place_freed: {
    label: 'You got a place off the waiting list',
    description: 'A place freed up for an event you were on the waiting list for, and it is yours.',
    type: 'system',
    defaults: on,
    required: [],
    unused: [],
  },
  session_late_drop_out: {
    label: 'Late drop-outs from your club’s sessions',
    description: 'A member who was coming to one of your club’s sessions can’t make it, within 24 hours of the start.',
    type: 'system',
    defaults: { in_app: true, email: true, push: true },
    required: [],
    unused: [],
  },
  sessions_kept: {
    label: 'Answered sessions kept after a meeting-time change',
    description: 'You changed your club’s meeting times, and sessions members had already answered were kept at their old time.',
    type: 'system',
    defaults: { in_app: true, email: true, push: false },
    required: [],
    unused: [],
  },
  club_application_decided: {
    label: 'Your club’s registration was reviewed',
    description: 'The platform administrators approved or rejected your club’s registration.',
    type: 'system',
    defaults: on,
    required: [],
    unused: [],
  },
  report_outcome: {
    label: 'Outcome of your report',
    description: 'A moderator reviewed something you reported.',
    type: 'system',
    defaults: { in_app: true, email: false, push: false },
    required: [],
    unused: [],
  },
  moderation_notice: {
    label: 'Moderator warnings and removals',
    description: 'A moderator warned you or removed something you wrote.',
    type: 'system',
    defaults: { in_app: true, email: true, push: false },
    required: ['in_app'],
    unused: [],
  },
  account_status: {
    label: 'Your account’s status',
    description: 'Your account was suspended, banned or reinstated.',
    type: 'system',
    defaults: { in_app: true, email: true, push: false },
    required: ['email'],
    unused: ['push'],
  },
  data_export_ready: {
    label: 'Your data archive is ready',
    description: 'The archive of your data you asked for can be downloaded.',
    type: 'system',
    defaults: { in_app: true, email: true, push: false },
    required: ['email'],
    unused: ['push'],
  },
  webhook_endpoint_disabled: {
    label: 'A webhook endpoint was disabled',
    description: 'One of your webhook endpoints kept failing and was disabled; its deliveries wait until you enable it again.',
    type: 'system',
    defaults: { in_app: true, email: true, push: false },
    required: [],
    unused: ['push'],
  },
  account_security: {
    label: 'Sign-up and password emails',
    description: 'The welcome email and password reset links.',
    type: 'system',
    defaults: { in_app: false, email: true, push: false },
    required: ['email'],
    unused: ['in_app', 'push'],
  },
} as const satisfies Record<string, NotificationKindInfo>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_KEYS = Object.keys(NOTIFICATION_KINDS) as [NotificationKind, ...NotificationKind[]];

export const kindInfo = (kind: NotificationKind): NotificationKindInfo => NOTIFICATION_KINDS[kind];

/** Whether the member may change this kind's setting on this channel. */
export const isChoosable = (kind: NotificationKind, channel: NotificationChannel): boolean => {
  const info = kindInfo(kind);
  return !info.required.includes(channel) && !info.unused.includes(channel);
};

/** How notification emails reach a member: each at once, gathered once a day or a week, or none
 *  (required emails, such as a password reset, are sent at once whatever the cadence). */
export const EMAIL_CADENCES = ['instant', 'daily', 'weekly', 'off'] as const;
export type EmailCadence = (typeof EMAIL_CADENCES)[number];
export const EMAIL_CADENCE_LABELS: Record<EmailCadence, string> = {
  instant: 'As they happen',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
  off: 'Off',
};

/** The most clubs a member may mute (the settings list them whole). */
export const MUTED_CLUBS_MAX = 100;

export const NOTIFICATION_MESSAGES = {
  unknownKind: 'Unknown notification kind',
  unknownChannel: 'Unknown notification channel',
  notChoosable: (label: string, channel: string) => `${label}: ${channel.toLowerCase()} cannot be changed`,
  tooManyChanges: 'At most 60 changes at once',
  unknownCadence: 'Choose instant, daily, weekly or off',
  quietHoursTime: 'Enter a time as HH:MM, from 00:00 to 23:59',
  quietHoursBoth: 'Give both the start and the end of quiet hours, or neither',
  quietHoursSame: 'Quiet hours must start and end at different times',
  unknownTimeZone: 'Unknown time zone',
  digestHour: 'Choose an hour from 0 to 23',
  clubNotFound: 'Club not found',
  tooManyMutes: 'You can mute at most 100 clubs; unmute one first',
  unsubscribeInvalid: 'This unsubscribe link is invalid or has expired. Sign in to change your notification settings.',
} as const;
const M = NOTIFICATION_MESSAGES;

/** Whether the runtime knows an IANA time zone. */
export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length <= 64;
  } catch {
    return false;
  }
};

const kindRule = z.enum(NOTIFICATION_KIND_KEYS, { error: M.unknownKind });
const channelRule = z.enum(NOTIFICATION_CHANNELS, { error: M.unknownChannel });
const clockRule = z.string({ error: M.quietHoursTime }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: M.quietHoursTime });

export const preferenceChangesRules = z.object({
  changes: z
    .array(z.object({ kind: kindRule, channel: channelRule, enabled: z.boolean() }))
    .min(1)
    .max(60, { error: M.tooManyChanges })
    .superRefine((changes, ctx) => {
      for (const [i, c] of changes.entries()) {
        if (!isChoosable(c.kind, c.channel)) ctx.addIssue({ code: 'custom', path: [i, 'channel'], message: M.notChoosable(kindInfo(c.kind).label, CHANNEL_LABELS[c.channel]) });
      }
    }),
});

export const deliverySettingsRules = z
  .object({
    emailCadence: z.enum(EMAIL_CADENCES, { error: M.unknownCadence }),
    quietHoursStart: clockRule.nullable(),
    quietHoursEnd: clockRule.nullable(),
    timeZone: z.string({ error: M.unknownTimeZone }).refine(isTimeZone, { error: M.unknownTimeZone }),
    digestHour: z.number({ error: M.digestHour }).int({ error: M.digestHour }).min(0, { error: M.digestHour }).max(23, { error: M.digestHour }),
    pushPreviews: z.boolean(),
  })
  .superRefine((s, ctx) => {
    if ((s.quietHoursStart === null) !== (s.quietHoursEnd === null)) ctx.addIssue({ code: 'custom', path: ['quietHoursEnd'], message: M.quietHoursBoth });
    else if (s.quietHoursStart !== null && s.quietHoursStart === s.quietHoursEnd) ctx.addIssue({ code: 'custom', path: ['quietHoursEnd'], message: M.quietHoursSame });
  });
export type DeliverySettingsInput = z.infer<typeof deliverySettingsRules>;

/** Minutes after midnight of an 'HH:MM' clock time. */
export const clockMinutes = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
export const clockOf = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** What a one-click unsubscribe link turns off: one kind's emails, or the digest. */
export type UnsubscribeTarget = NotificationKind | 'digest';
export const DIGEST_LABEL = 'Email digests';

/** How long an unsubscribe link in an email works. */
export const UNSUBSCRIBE_LINK_DAYS = 60;

/** An address with most of its name hidden, for a page anyone holding a link may open. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at))}${'*'.repeat(Math.max(3, at - 2))}${email.slice(at)}`;
};

/** Web push: the most devices a member may register, and the rules of a device's subscription. */
export const PUSH_DEVICES_MAX = 20;
export const PUSH_MESSAGES = {
  endpoint: 'Enter the push endpoint the browser gave (a URL of at most 2048 characters)',
  keys: 'The subscription keys are not valid (p256dh: a P-256 public key, auth: 16 bytes, both base64url)',
  label: 'Name the device in 1 to 100 characters',
  tooMany: `You can turn push on for at most ${PUSH_DEVICES_MAX} devices; remove one first`,
  deviceNotFound: 'Device not found',
} as const;

const base64urlOf = (bytes: number) => new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`);

export const pushDeviceRules = z.object({
  endpoint: z.string({ error: PUSH_MESSAGES.endpoint }).trim().min(1, { error: PUSH_MESSAGES.endpoint }).max(2048, { error: PUSH_MESSAGES.endpoint }),
  p256dh: z.string({ error: PUSH_MESSAGES.keys }).regex(base64urlOf(65), { error: PUSH_MESSAGES.keys }),
  auth: z.string({ error: PUSH_MESSAGES.keys }).regex(base64urlOf(16), { error: PUSH_MESSAGES.keys }),
  label: z.string({ error: PUSH_MESSAGES.label }).trim().min(1, { error: PUSH_MESSAGES.label }).max(100, { error: PUSH_MESSAGES.label }),
});
