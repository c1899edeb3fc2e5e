// What 'Your data' (the profile page's Download my data) says. The refusals ('Your archive is
// being prepared…', 'You can ask for your data 3 times a day…') are the server's own messages.
import { DATA_EXPORT_DAYS } from '@clubroom/rules/account';

export const YOUR_DATA_TEXTS = {
  heading: 'Your data',
  text: `Download an archive of everything tied to your account: profile, messages, applications, reports, notifications, sessions, tokens and settings, as JSON and CSV files with a README. We email you a link when it is ready; it works for ${DATA_EXPORT_DAYS} days.`,
  request: 'Download my data',
  requesting: 'Asking...',
  requested: 'We are preparing your archive. We will email you when it is ready.',
  failedTitle: 'Could not ask for your data',
  failed: 'There was a problem asking for your archive. Please try again.',
  listName: 'Your archives',
  empty: 'You have not asked for an archive yet.',
  loadFailed: 'Your archives could not be loaded.',
  askedFor: (when: string) => `Asked for ${when}`,
  pending: 'Being prepared',
  ready: (until: string) => `Ready — download until ${until}`,
  expired: 'Expired',
  download: 'Download',
} as const;
