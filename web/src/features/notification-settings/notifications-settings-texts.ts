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

export const PUSH_TEXTS = {
  heading: 'Push on this device',
  description: 'Push notifications reach this device even when Clubroom is closed. Which notifications come by push is set under What reaches you.',
  checking: 'Checking this device...',
  unsupported: 'This browser cannot receive push notifications. Try a current version of Chrome, Edge, Firefox or Safari; on an iPhone or iPad, add Clubroom to your home screen first.',
  deniedTitle: 'Notifications are blocked',
  denied: 'Your browser blocks notifications for Clubroom. Allow them in the site settings, then try again.',
  dismissedTitle: 'Push is still off',
  dismissed: 'You did not allow notifications. Turn on push again and choose Allow when your browser asks.',
  on: 'Push is on for this device',
  onHelp: 'Notifications you chose to get by push appear here.',
  off: 'Push is off for this device.',
  turnOn: 'Turn on push on this device',
  turningOn: 'Turning on...',
  turnOff: 'Turn off on this device',
  turningOff: 'Turning off...',
  turnedOn: 'Push is on for this device',
  turnedOnDescription: 'You will get push notifications here.',
  turnedOff: 'Push is off for this device',
  failedOnTitle: 'Push not turned on',
  failedOn: 'There was a problem turning push on for this device. Please try again.',
  failedOffTitle: 'Push not turned off',
  failedOff: 'There was a problem turning push off for this device. Please try again.',
  devicesHeading: 'Devices with push on',
  devicesName: 'Devices with push on',
  devicesLoadFailed: 'Your devices could not be loaded.',
  noDevices: 'Push is not on for any of your devices.',
  thisDevice: 'This device',
  added: (date: string) => `Added ${date}`,
  lastUsed: 'Last used',
  notUsedYet: 'No push sent yet',
  remove: 'Remove this device',
  removeName: (label: string) => `Remove this device: ${label}`,
  removeTitle: 'Remove this device?',
  removeQuestion: 'Push notifications will stop on this device. You can turn them on again from the device itself.',
  removeConfirm: 'Remove',
  removing: 'Removing...',
  removed: (label: string) => `${label} removed`,
  removeFailedTitle: 'Device not removed',
  removeFailed: 'There was a problem removing this device. Please try again.',
} as const;

export const BLOCKED_MEMBERS_TEXTS = {
  heading: 'Blocked members',
  description: 'A member you blocked cannot message you, and nothing they do reaches you as a notification. Block a member from your conversation with them.',
  listName: 'Blocked members',
  loadFailed: 'Your blocked members could not be loaded.',
  empty: 'You have not blocked anyone.',
  unblock: 'Unblock',
  unblockName: (name: string) => `Unblock ${name}`,
  unblocking: 'Unblocking...',
  unblocked: (name: string) => `${name} unblocked`,
  unblockedDescription: 'They can message you again.',
  failedTitle: 'Unblock failed',
  failed: 'There was a problem unblocking this member. Please try again.',
} as const;
