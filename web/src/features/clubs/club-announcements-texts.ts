// What the club page's Announcements section says (issue 29 §5). Kept apart from the shared rules
// (zod) so that the public club page loads no form code.

export const CLUB_ANNOUNCEMENTS_TEXTS = {
  heading: 'Announcements',
  empty: 'This club has not posted any announcements yet.',
  loadFailed: 'The announcements could not be loaded.',
  listName: 'Announcements of the club',
  showMore: 'Show older announcements',
  showingMore: 'Loading older announcements...',
  moreFailed: 'Older announcements could not be loaded. Please try again.',
  reportName: (title: string) => `Report the announcement ${title}`,
  reportLabel: (title: string) => `the announcement "${title}"`,
  openedFromNotification: 'The announcement you opened',
} as const;
