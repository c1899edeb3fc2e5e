import { Button, VisuallyHidden } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { LuCheck, LuPlus } from 'react-icons/lu';
import { CLUB_FOLLOW_TEXTS as T } from '../../lib/club-follows';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, requirePayload } from '../../lib/user-errors';
import { FollowClubDocument, UnfollowClubDocument } from './club-follow.generated';

interface ClubFollowToggleProps {
  club: { id: string; name: string; followedByMe: boolean };
  size: 'xs' | 'sm';
}

/** Follows or unfollows the club. A toggle button: pressed (aria-pressed) and reading 'Following'
 *  while the club is followed, 'Follow' otherwise; the club's name is in its accessible name
 *  ('Following Riverside Runners') as hidden text after the visible word, so a directory's cards
 *  are told apart and the name still starts with what the button shows (WCAG 2.5.3). The answer is the club's state and count, merged into the cached club, so the page,
 *  the directory's card and My clubs follow. A refusal says why (the server's own words). */
export function ClubFollowToggle({ club, size }: ClubFollowToggleProps) {
  const [follow, { loading: following }] = useMutation(FollowClubDocument, { context: { silent: true } });
  const [unfollow, { loading: unfollowing }] = useMutation(UnfollowClubDocument, { context: { silent: true } });
  const followed = club.followedByMe;
  const input = { clubId: club.id };

  const toggle = async () => {
    try {
      if (followed) {
        const { data } = await unfollow({ variables: { input } });
        requirePayload(data?.unfollowClub);
        notifySuccess(T.unfollowed(club.name), T.unfollowedDescription);
      } else {
        const { data } = await follow({ variables: { input } });
        requirePayload(data?.followClub);
        notifySuccess(T.followed(club.name), T.followedDescription);
      }
    } catch (error) {
      console.error(followed ? 'Unfollowing the club failed:' : 'Following the club failed:', error);
      notifyError(followed ? T.unfollowFailedTitle : T.followFailedTitle, errorMessageOf(error) ?? T.failed);
    }
  };

  return (
    <Button
      size={size}
      colorPalette="teal"
      variant={followed ? 'subtle' : 'solid'}
      aria-pressed={followed}
      loading={following || unfollowing}
      onClick={() => void toggle()}
    >
      {followed ? <LuCheck aria-hidden="true" /> : <LuPlus aria-hidden="true" />}
      {followed ? T.following : T.follow}
      <VisuallyHidden> {club.name}</VisuallyHidden>
    </Button>
  );
}
