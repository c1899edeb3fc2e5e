// The Moderation tab's listings, newest first, 20 a page; 'Load more' continues after the
// connection's endCursor and the cache appends the page (relayStylePagination in lib/apollo-cache).
import { useQuery } from '@apollo/client/react';
import type { ReportStatus } from '../../../gql/graphql';
import { ModerationActionsDocument, ModerationReportDocument, ModerationReportsDocument } from './moderation.generated';
import { usePagedConnection } from '../../../lib/use-paged-connection';
import { useLoggedError } from '../use-logged-error';
import { MODERATION_PAGE_SIZE } from './moderation-texts';

/** Each refetch of a list asks the server again (use-moderation-stats.ts refetches them when the
 *  counters change): joined to a fetch already in flight, read before the new report was filed, it
 *  answered the old list, and the report showed only at the next poll (a CI run under load: a
 *  report filed with the tab open not listed within 10 s). The newer fetch's answer is the one kept. */
const LIST_CONTEXT = { silent: true, queryDeduplication: false };

const REPORTS = { listing: 'reports', items: 'reports' };
const ACTIONS = { listing: 'moderation actions', items: 'moderation actions' };

/** Every report, or those of one status. */
export function useReports(status: ReportStatus | null) {
  const { data, loading, error, refetch, fetchMore } = useQuery(ModerationReportsDocument, {
    variables: { status, first: MODERATION_PAGE_SIZE, after: null },
    fetchPolicy: 'cache-and-network',
    context: LIST_CONTEXT,
  });
  return { ...usePagedConnection({ error, refetch, fetchMore }, data?.contentReports, REPORTS), loading, error };
}

export function useModerationActions() {
  const { data, loading, error, refetch, fetchMore } = useQuery(ModerationActionsDocument, {
    variables: { first: MODERATION_PAGE_SIZE, after: null },
    fetchPolicy: 'cache-and-network',
    context: LIST_CONTEXT,
  });
  return { ...usePagedConnection({ error, refetch, fetchMore }, data?.moderationActions, ACTIONS), loading, error };
}

/** One report with its actions, for the review dialog. */
export function useReport(id: string | undefined) {
  const { data, loading, error, refetch } = useQuery(ModerationReportDocument, {
    variables: { id: id ?? '' },
    skip: !id,
    fetchPolicy: 'cache-and-network',
    context: { silent: true },
  });
  useLoggedError(error, 'Loading the report failed:');
  return { report: data?.contentReport ?? undefined, loading, error, refetch };
}
