// What My clubs' "Subscribe in your calendar" section says.

export const CALENDAR_FEED_TEXTS = {
  title: 'Subscribe in your calendar',
  description:
    'Your sessions and events from the clubs you follow, with your answers, and the public sports council meetings, in the calendar app you already use. Cancelled sessions stay in, marked cancelled, so your calendar keeps up.',
  loadFailed: 'Your calendar link could not be checked.',
  getLink: 'Get my calendar link',
  gettingLink: 'Getting your link...',
  linkLabel: 'Your calendar link',
  linkHelp: 'In your calendar app, choose "Subscribe to calendar" or "From URL" and paste this link.',
  copy: 'Copy link',
  openInApp: 'Open in your calendar app',
  keepPrivate:
    'Keep this link to yourself: anyone who has it can see your sessions. It is shown only now, so copy it before you leave this page. If you lose it, get a new link.',
  madeOn: (date: string) => `You made your calendar link on ${date}. For your safety it is shown only once.`,
  lostIt: 'If you need it again, for another device or because it leaked, get a new link: the old one then stops working.',
  newLink: 'Get a new link',
  confirmTitle: 'Get a new calendar link?',
  confirmQuestion: 'Your current link stops working at once. Calendars subscribed to it stop updating until you subscribe again with the new link.',
  gettingNewLink: 'Getting a new link...',
} as const;

export const CALENDAR_FEED_TOASTS = {
  copied: 'Calendar link copied',
  copyFailed: 'The link could not be copied. Select it and copy it yourself.',
  failed: 'Your calendar link could not be made. Please try again.',
  failedTitle: 'No calendar link',
  rotated: 'You have a new calendar link',
  rotatedDescription: 'The old link has stopped working.',
} as const;
