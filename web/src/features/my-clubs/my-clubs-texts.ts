// What My clubs (/my-clubs) says; the follow toasts are lib/club-follows.ts's.

/** 'You follow 3 clubs', 'You follow 1 club'. */
export function followedClubCountText(count: number): string {
  return `You follow ${count.toLocaleString('en-US')} ${count === 1 ? 'club' : 'clubs'}`;
}

export const MY_CLUBS_TEXTS = {
  title: 'My clubs',
  intro: 'The clubs you follow. Their news, sessions and reminders reach you as your notification settings say.',
  listName: 'Clubs you follow',
  loading: 'Loading your clubs...',
  loadFailed: 'Your clubs could not be loaded.',
  empty: 'You do not follow any club yet.',
  emptyDescription: 'Follow a club from its page or from the directory to hear its news here.',
  browse: 'Browse the club directory',
  showMore: 'Show more clubs',
  showingMore: 'Loading more clubs...',
  moreFailed: 'More clubs could not be loaded. Please try again.',
  unfollowing: 'Unfollowing...',
} as const;
