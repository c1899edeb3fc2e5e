// What 'following a club' says on the club page and the directory's cards (features/clubs), on My
// clubs (features/my-clubs) and on the owner's Followers tab (features/club-dashboard). Kept small:
// the public club pages load it. No date formatting (date-fns stays off those pages: 'Following
// since' is club-follow-dates.ts); each page's own copy lives with its feature.

/** '0 followers', '1 follower', '1,204 followers'. */
export function followerCountText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'follower' : 'followers'}`;
}

export const CLUB_FOLLOW_TEXTS = {
  follow: 'Follow',
  following: 'Following',
  unfollow: 'Unfollow',
  signInToFollow: 'Sign in to follow',
  followed: (club: string) => `You now follow ${club}`,
  followedDescription: 'Its news, sessions and reminders will reach you. Find your clubs under My clubs in your menu.',
  unfollowed: (club: string) => `You no longer follow ${club}`,
  unfollowedDescription: 'Its news will no longer reach you.',
  followFailedTitle: 'Could not follow this club',
  unfollowFailedTitle: 'Could not unfollow this club',
  failed: 'There was a problem saving this. Please try again.',
} as const;
