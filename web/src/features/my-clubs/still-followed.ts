// Which rows My clubs shows: the follows of the loaded pages that this tab has not since undone.

/** Items that were unfollowed in this tab (the cached club says `followedByMe: false`) leave the
 *  list at once; the count shown drops with them. */
export function stillFollowed<T extends { club: { followedByMe: boolean } }>(items: readonly T[], totalCount: number): { items: T[]; count: number } {
  const kept = items.filter((item) => item.club.followedByMe);
  return { items: kept, count: Math.max(0, totalCount - (items.length - kept.length)) };
}
