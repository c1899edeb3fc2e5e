import { Box, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { ClubCard } from './club-card';
import { ClubCardSkeleton } from './club-card-skeleton';
import { clubCountText } from './club-format';
import { DirectoryEmpty } from './directory-status';
import { LoadError } from '../../components/load-error';
import { LoadMoreButton } from '../../components/load-more-button';
import { useClubDirectory } from './use-club-directory';

const GRID_COLUMNS = { base: 1, md: 2, xl: 3 } as const;
const SKELETON_CARDS = 6;

interface ClubDirectoryResultsProps {
  search: string;
  sport: string;
  onClearFilters: () => void;
}

/** The count, the cards of the clubs matching `search` and `sport`, and 'Load more clubs'. */
export function ClubDirectoryResults({ search, sport, onClearFilters }: ClubDirectoryResultsProps) {
  const { page, error, loadingMore, loadMoreFailed, loadMore, retry } = useClubDirectory(search, sport);
  const { search: directorySearch } = useLocation();
  const linkState = useMemo(() => ({ directorySearch }), [directorySearch]);

  if (!page) {
    if (error) return <LoadError title="Clubs could not be loaded." onRetry={retry} />;
    return (
      <Stack gap="4" role="status" aria-label="Loading clubs">
        <Text color="fg.muted">Loading clubs...</Text>
        <SimpleGrid columns={GRID_COLUMNS} gap="5">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <ClubCardSkeleton key={index} />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Stack gap="4">
      <Text aria-live="polite" fontWeight="medium" color="fg.muted">
        {clubCountText(page.totalCount)}
      </Text>
      {page.clubs.length === 0 ? (
        <DirectoryEmpty filtered={search !== '' || sport !== ''} onClearFilters={onClearFilters} />
      ) : (
        <SimpleGrid as="ul" aria-label="Clubs" listStyleType="none" columns={GRID_COLUMNS} gap="5">
          {page.clubs.map((club) => (
            <Box as="li" key={club.id}>
              <ClubCard club={club} linkState={linkState} />
            </Box>
          ))}
        </SimpleGrid>
      )}
      {page.hasMore && <LoadMoreButton what="clubs" loading={loadingMore} failed={loadMoreFailed} onLoadMore={loadMore} />}
    </Stack>
  );
}
