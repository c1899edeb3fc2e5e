// 'Following since …' on My clubs and the owner's Followers tab (signed-in pages only: the public
// club pages take club-follows.ts, which formats no dates).
import { formatDate } from './format';

/** 'Following since Mar 4, 2025'. */
export function followingSinceText(followedAt: string | Date): string {
  return `Following since ${formatDate(followedAt)}`;
}
