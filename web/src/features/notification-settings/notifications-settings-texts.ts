// What the Notifications page (/profile/notifications) says. The kinds' labels and descriptions
// come from the server (NotificationKindSetting.label, .description); the channel and cadence
// labels and the form's messages from the shared rules (@clubroom/rules/notifications).

export const NOTIFICATION_SETTINGS_TEXTS = {
  title: 'Notifications',
  intro: 'Choose what Clubroom tells you and how it reaches you: in the app, by email or by push. Changes are saved for all your devices.',
  backToProfile: 'Back to My Profile',
  loadFailed: 'Your notification settings could not be loaded.',
} as const;

export const MATRIX_TEXTS = {
  heading: 'What reaches you',
  description: 'Each switch saves at once.',
  kindColumn: 'Notification',
  /** The switch's accessible name, e.g. 'Email for New private message'. */
  switchName: (channel: string, kind: string) => `${channel} for ${kind}`,
  alwaysOn: 'Always on',
  notUsed: 'Not used',
  failedTitle: 'Setting not saved',
  failed: 'There was a problem saving this setting. Please try again.',
} as const;

export const DELIVERY_TEXTS = {
  heading: 'Email delivery',
  description: 'When notification emails come, and when Clubroom keeps quiet.',
  formName: 'Email delivery',
  cadence: 'Notification emails',
  cadenceHelp: {
    instant: 'Each email as soon as it happens.',
    daily: 'One email a day with everything since the last one.',
    weekly: 'One email every Monday.',
    off: 'No notification emails. Sign-up and password emails still come.',
  },
  quietHours: 'Quiet hours',
  quietHoursHelp: 'No push notifications or instant emails between these times; they wait until the end.',
  quietHoursStart: 'Quiet hours start',
  quietHoursEnd: 'Quiet hours end',
  /** What a new pair of quiet hours starts with. */
  quietHoursDefault: { start: '22:00', end: '07:00' },
  timeZone: 'Time zone',
  /** The option of the browser's own zone. */
  thisDevice: (zone: string) => `${zone} (this device)`,
  deviceZoneHelp: (zone: string) => `This device is set to ${zone}.`,
  useDeviceZone: (zone: string) => `Use ${zone}`,
  digestHour: 'Digest time',
  digestHourHelp: 'The hour the digest is sent, in your time zone.',
  nextDigest: 'Next digest:',
  pushPreviews: 'Show message text in push notifications',
  pushPreviewsHelp: 'A push about a message then shows its first words, also on a locked screen.',
  save: 'Save',
  saving: 'Saving...',
  saved: 'Notification settings saved',
  failedTitle: 'Settings not saved',
  failed: 'There was a problem saving your settings. Please try again.',
} as const;

export const MUTED_CLUBS_TEXTS = {
  heading: 'Muted clubs',
  description: 'A muted club’s news reaches you in the app only: no email, push or digest.',
  listName: 'Muted clubs',
  empty: 'You have not muted any club. Mute a club from its page to get its news in the app only.',
  unmute: 'Unmute',
  unmuteName: (club: string) => `Unmute ${club}`,
  unmuting: 'Unmuting...',
  unmuted: (club: string) => `${club} unmuted`,
  unmutedDescription: 'Its notifications reach you as your other settings say.',
  failedTitle: 'Unmute failed',
  failed: 'There was a problem unmuting this club. Please try again.',
} as const;
