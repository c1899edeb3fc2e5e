import { Stack, Text } from '@chakra-ui/react';
import { LuFlag } from 'react-icons/lu';
import { EmptyPanel } from '../../../components/empty-panel';
import { LoadMoreButton } from '../../../components/load-more-button';
import type { ReportStatus } from '../../../gql/graphql';
import { LoadFailed } from '../reports/load-failed';
import { useIsMobile } from '../use-is-mobile';
import { useMinLoading } from '../use-min-loading';
import { UsersListSkeleton } from '../users/users-skeletons';
import { MODERATION_EMPTY } from './moderation-texts';
import { ReportRow } from './report-row';
import { useReports } from './use-moderation-lists';

interface ReportsListProps {
  /** null: every report. */
  status: ReportStatus | null;
  onReview: (reportId: string) => void;
}

/** The 'Reports' (every status) and 'Pending' sub-tabs. */
export function ReportsList({ status, onReview }: ReportsListProps) {
  const mobile = useIsMobile();
  const { items, totalCount, hasMore, loadingMore, loadMoreFailed, loadMore, retry, loading, error } = useReports(status);
  const skeleton = useMinLoading(loading && !items);
  const title = status === 'PENDING' ? MODERATION_EMPTY.pending : MODERATION_EMPTY.reports;

  if (skeleton) return <UsersListSkeleton mobile={mobile} what="reports" />;
  if (!items) return error ? <LoadFailed what="the reports" onRetry={retry} /> : null;
  if (items.length === 0) {
    return <EmptyPanel icon={<LuFlag />} title={title} titleAs="h3" description="Reports from members appear here as they arrive." />;
  }
  return (
    <Stack gap="3" aria-busy={loading}>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        Showing {items.length} of {totalCount ?? items.length} {totalCount === 1 ? 'report' : 'reports'}
      </Text>
      <Stack as="ul" listStyleType="none" gap="3" aria-label={status === 'PENDING' ? 'Pending reports' : 'Reports'}>
        {items.map((report) => (
          <li key={report.id}>
            <ReportRow report={report} onReview={() => onReview(report.id)} />
          </li>
        ))}
      </Stack>
      {hasMore && <LoadMoreButton what="reports" loading={loadingMore} failed={loadMoreFailed} onLoadMore={loadMore} />}
    </Stack>
  );
}
