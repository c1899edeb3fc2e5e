import { Box, Button, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuInbox } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyPanel } from '../../components/empty-panel';
import { LoadError } from '../../components/load-error';
import type { VolunteerApplicationSort, VolunteerApplicationStatus } from '../../gql/graphql';
import { ApplicationCard } from './application-card';
import { LoadMoreButton } from '../../components/load-more-button';
import { useVolunteerApplications } from './use-dashboard-queries';
import { APPLICATION_STATUS_LABELS } from './volunteer-format';

interface ApplicationsListProps {
  status: VolunteerApplicationStatus | null;
  sort: VolunteerApplicationSort;
  first: number;
  /** The Overview shows one page without a count or 'Load more'. */
  compact?: boolean;
  /** The cards' heading level. */
  level?: 'h3' | 'h4';
}

const GRID_COLUMNS = { base: 1, md: 2 } as const;

/** Application cards of one listing, with loading, empty and error states. */
export function ApplicationsList({ status, sort, first, compact = false, level = 'h3' }: ApplicationsListProps) {
  const list = useVolunteerApplications({ status, sort, first });
  if (!list.applications) {
    if (list.error) return <LoadError title="Your applications could not be loaded." onRetry={list.retry} />;
    return (
      <Stack gap="3" role="status" aria-label="Loading applications">
        <Text color="fg.muted">Loading applications...</Text>
        <SimpleGrid columns={GRID_COLUMNS} gap="4">
          {Array.from({ length: Math.min(first, 4) }, (_, index) => (
            <Skeleton key={index} h="40" borderRadius="l3" />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  if (list.applications.length === 0) {
    return (
      <EmptyPanel
        icon={<LuInbox />}
        titleAs={level}
        title={status ? `No ${APPLICATION_STATUS_LABELS[status].toLowerCase()} applications` : 'No applications yet'}
        description={status ? 'Choose another filter to see your other applications.' : 'Find an opportunity that suits you and apply: your applications show here.'}
      >
        {!status && (
          <Button asChild colorPalette="teal">
            <RouterLink to="/volunteer-opportunities">Find Opportunities</RouterLink>
          </Button>
        )}
      </EmptyPanel>
    );
  }
  return (
    <Stack gap="4">
      {!compact && list.totalCount !== undefined && (
        <Text aria-live="polite" fontWeight="medium" color="fg.muted">
          {list.totalCount} {list.totalCount === 1 ? 'application' : 'applications'}
        </Text>
      )}
      <SimpleGrid as="ul" aria-label="Applications" listStyleType="none" columns={GRID_COLUMNS} gap="4">
        {list.applications.map((application) => (
          <Box as="li" key={application.id}>
            <ApplicationCard application={application} level={level} />
          </Box>
        ))}
      </SimpleGrid>
      {!compact && list.hasMore && (
        <LoadMoreButton what="applications" loading={list.loadingMore} failed={list.loadMoreFailed} onLoadMore={list.loadMore} />
      )}
    </Stack>
  );
}
