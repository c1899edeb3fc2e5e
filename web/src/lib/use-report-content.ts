// Files a report with the moderators. Rejects on failure (UserErrors when the server refused, e.g.
// a duplicate; QueuedOfflineError when the browser is offline and the report was queued).
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import type { ReportContentInput } from '../gql/graphql';
import { ReportContentDocument } from '../components/report-dialog.generated';
import { requirePayload } from './user-errors';

/** The offline queue's name for this write ('Cannot perform report while offline. …'). */
export const REPORT_OFFLINE_LABEL = 'report';

export function useReportContent() {
  const [mutate, { loading }] = useMutation(ReportContentDocument, {
    context: { silent: true, offlineQueue: { label: REPORT_OFFLINE_LABEL } },
  });
  const reportContent = useCallback(
    async (input: ReportContentInput) => {
      const { data } = await mutate({ variables: { input } });
      return requirePayload(data?.reportContent).report;
    },
    [mutate],
  );
  return { reportContent, reporting: loading };
}
