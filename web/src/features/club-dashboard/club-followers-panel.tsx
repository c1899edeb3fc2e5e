import { Avatar, HStack, Stack, Text } from '@chakra-ui/react';
import { LuUsers } from 'react-icons/lu';
import { EmptyPanel } from '../../components/empty-panel';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import { SectionCard } from '../../components/section-card';
import { ShowMoreButton } from '../../components/show-more-button';
import { followingSinceText } from '../../lib/club-follow-dates';
import { followerCountText } from '../../lib/club-follows';
import { CLUB_FOLLOWERS_TEXTS as T } from './club-followers-texts';
import { useClubFollowers } from './use-club-followers';

/** The Followers tab: how many members follow the club, and who (names and since when, never
 *  emails), 20 at a time. */
export function ClubFollowersPanel() {
  const { items, totalCount, error, hasMore, loadingMore, loadMoreFailed, loadMore, retry } = useClubFollowers();

  if (!items || totalCount === undefined) {
    if (error) return <LoadError title={T.loadFailed} onRetry={retry} />;
    return <PageSpinner />;
  }

  return (
    <SectionCard level="h2" title={T.heading} description={T.intro}>
      {items.length === 0 ? (
        <EmptyPanel icon={<LuUsers />} title={T.empty} titleAs="h3" description={T.emptyDescription} size="sm" />
      ) : (
        <Stack gap="3">
          <Text aria-live="polite" fontWeight="medium" color="fg.muted">
            {followerCountText(totalCount)}
          </Text>
          <Stack as="ul" listStyleType="none" gap="0" aria-label={T.listName}>
            {items.map((follower) => (
              <HStack as="li" key={follower.id} gap="3" py="2.5" borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }}>
                <Avatar.Root size="sm" colorPalette="teal" aria-hidden="true">
                  <Avatar.Fallback name={follower.member.name} />
                </Avatar.Root>
                <Stack gap="0" minW="0">
                  <Text fontWeight="medium" wordBreak="break-word">
                    {follower.member.name}
                  </Text>
                  <Text textStyle="sm" color="fg.muted">
                    {followingSinceText(follower.followedAt)}
                  </Text>
                </Stack>
              </HStack>
            ))}
          </Stack>
          {hasMore && <ShowMoreButton label={T.showMore} loadingText={T.showingMore} failedText={T.moreFailed} loading={loadingMore} failed={loadMoreFailed} onShowMore={loadMore} />}
        </Stack>
      )}
    </SectionCard>
  );
}
