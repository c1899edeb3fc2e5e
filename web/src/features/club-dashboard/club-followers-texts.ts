// What the Club Dashboard's Followers tab says.

export const CLUB_FOLLOWERS_TEXTS = {
  tab: 'Followers',
  heading: 'Followers',
  intro: 'Members who follow your club hear its news, sessions and reminders. You see their names only.',
  listName: 'Followers of your club',
  loading: 'Loading followers...',
  loadFailed: 'Your followers could not be loaded.',
  empty: 'No one follows your club yet.',
  emptyDescription: 'Members can follow your club from its page in the directory once it is approved.',
  showMore: 'Show more followers',
  showingMore: 'Loading more followers...',
  moreFailed: 'More followers could not be loaded. Please try again.',
} as const;
