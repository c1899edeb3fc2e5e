// What the club page's 'Mute notifications' button says (the Notifications page lists the muted
// clubs and unmutes them too).
export const CLUB_MUTE_TEXTS = {
  mute: 'Mute notifications',
  unmute: 'Unmute notifications',
  muted: (club: string) => `${club} muted`,
  mutedDescription: 'Its news now reaches you in the app only. Unmute it here or on your Notifications page.',
  unmuted: (club: string) => `${club} unmuted`,
  unmutedDescription: 'Its notifications reach you as your settings say.',
  failedTitle: 'Could not change the mute',
  failed: 'There was a problem saving this. Please try again.',
} as const;
