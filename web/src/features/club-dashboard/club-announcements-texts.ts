// What the Club Dashboard's Announcements tab says (issue 29 §5). The form's rules and messages are
// the shared ones (@clubroom/rules/announcements), so the form and the server say the same.

export const CLUB_ANNOUNCEMENTS_TEXTS = {
  tab: 'Announcements',
  formHeading: 'Post an announcement',
  formIntro: 'Your followers hear of it the way each of them chose: in the app, by email or as a push notification.',
  titleLabel: 'Title',
  bodyLabel: 'Text',
  bodyHelp: 'Plain text. Leave an empty line between paragraphs.',
  submit: 'Post announcement',
  submitting: 'Posting...',
  posted: 'Announcement posted',
  postedDescription: 'Your followers are being told now.',
  postFailed: 'Your announcement could not be posted. Please check your connection and try again.',
  listHeading: 'Your announcements',
  listIntro: 'The newest first, with how many followers each one reached and how many opened it.',
  listName: 'Announcements of your club',
  loadFailed: 'Your announcements could not be loaded.',
  empty: 'You have not posted any announcements yet.',
  emptyDescription: 'Announcements appear on your club’s page and reach everyone who follows your club.',
  showMore: 'Show more announcements',
  showingMore: 'Loading more announcements...',
  moreFailed: 'More announcements could not be loaded. Please try again.',
  postedOn: (date: string) => `Posted ${date}`,
} as const;
