// Issue 29 §1 in the web: the follow texts and which rows My clubs keeps after an unfollow. (The
// user menu's 'My clubs' and the dashboard's Followers tab are walked in tests/e2e: menu-walk,
// club-follows.) Only web modules without relative imports are taken here: this file is checked
// with the tests' node16 resolution, which the web's extensionless imports do not satisfy.
import { describe, expect, it } from 'vitest';
import { followerCountText } from '../../web/src/lib/club-follows.js';
import { followedClubCountText } from '../../web/src/features/my-clubs/my-clubs-texts.js';
import { stillFollowed } from '../../web/src/features/my-clubs/still-followed.js';

describe('follow texts', () => {
  it('counts followers in the singular for one, with thousands separated', () => {
    expect(followerCountText(0)).toBe('0 followers');
    expect(followerCountText(1)).toBe('1 follower');
    expect(followerCountText(12)).toBe('12 followers');
    expect(followerCountText(1204)).toBe('1,204 followers');
  });

  it('counts followed clubs the same way', () => {
    expect(followedClubCountText(1)).toBe('You follow 1 club');
    expect(followedClubCountText(3)).toBe('You follow 3 clubs');
  });
});

describe('My clubs after an unfollow', () => {
  const item = (id: string, followedByMe: boolean) => ({ club: { id, followedByMe } });

  it('drops the clubs unfollowed in this tab and lowers the count by as many', () => {
    const shown = stillFollowed([item('a', true), item('b', false), item('c', true)], 30);
    expect(shown.items.map((row) => row.club.id)).toEqual(['a', 'c']);
    expect(shown.count).toBe(29);
  });

  it('never counts below zero', () => {
    expect(stillFollowed([item('a', false)], 0)).toEqual({ items: [], count: 0 });
  });
});
