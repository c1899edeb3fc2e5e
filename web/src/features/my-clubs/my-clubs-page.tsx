import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuHeart } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyPanel } from '../../components/empty-panel';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import { ShowMoreButton } from '../../components/show-more-button';
import { CLUB_FOLLOW_TEXTS } from '../../lib/club-follows';
import { followedClubCountText, MY_CLUBS_TEXTS as T } from './my-clubs-texts';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf } from '../../lib/user-errors';
import { CalendarFeedSection } from './calendar-feed-section';
import { FollowedClubRow } from './followed-club-row';
import { useMyFollowedClubs, type FollowedClubItem } from './use-my-followed-clubs';
import { useStopFollowing } from './use-stop-following';

/** /my-clubs ('My clubs' in the user menu): the clubs the member follows, the newest follow first,
 *  each with its page, sport, city, since when and 'Unfollow'; 'Show more clubs' pages on; then
 *  'Subscribe in your calendar', the member's private calendar feed. */
export default function MyClubsPage() {
  const { clubs, count, error, hasMore, loadingMore, loadMoreFailed, loadMore, retry } = useMyFollowedClubs();
  const stopFollowing = useStopFollowing();
  const [unfollowing, setUnfollowing] = useState<string | null>(null);

  const onUnfollow = async (item: FollowedClubItem) => {
    setUnfollowing(item.club.id);
    try {
      await stopFollowing(item.club.id);
      notifySuccess(CLUB_FOLLOW_TEXTS.unfollowed(item.club.name), CLUB_FOLLOW_TEXTS.unfollowedDescription);
    } catch (cause) {
      console.error('Unfollowing the club failed:', cause);
      notifyError(CLUB_FOLLOW_TEXTS.unfollowFailedTitle, errorMessageOf(cause) ?? CLUB_FOLLOW_TEXTS.failed);
    } finally {
      setUnfollowing(null);
    }
  };

  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            {T.title}
          </Heading>
          <Text color="fg.muted">{T.intro}</Text>
        </Stack>
        {!clubs && !error && <PageSpinner />}
        {!clubs && error && <LoadError title={T.loadFailed} onRetry={retry} />}
        {clubs && count !== undefined && clubs.length === 0 && !hasMore && (
          <EmptyPanel icon={<LuHeart />} title={T.empty} description={T.emptyDescription}>
            <Button asChild colorPalette="teal">
              <RouterLink to="/clubs">{T.browse}</RouterLink>
            </Button>
          </EmptyPanel>
        )}
        {clubs && count !== undefined && (clubs.length > 0 || hasMore) && (
          <Stack gap="4">
            <Text aria-live="polite" fontWeight="medium" color="fg.muted">
              {followedClubCountText(count)}
            </Text>
            <Stack as="ul" listStyleType="none" gap="3" aria-label={T.listName}>
              {clubs.map((item) => (
                <FollowedClubRow
                  key={item.club.id}
                  item={item}
                  unfollowing={unfollowing === item.club.id}
                  busy={unfollowing !== null && unfollowing !== item.club.id}
                  onUnfollow={(chosen) => void onUnfollow(chosen)}
                />
              ))}
            </Stack>
            {hasMore && <ShowMoreButton label={T.showMore} loadingText={T.showingMore} failedText={T.moreFailed} loading={loadingMore} failed={loadMoreFailed} onShowMore={loadMore} />}
          </Stack>
        )}
        <CalendarFeedSection />
      </Stack>
    </Container>
  );
}
