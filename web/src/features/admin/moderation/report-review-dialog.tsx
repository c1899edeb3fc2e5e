import { Badge, Box, Button, DataList, Dialog, HStack, Stack, Text } from '@chakra-ui/react';
import { REPORT_REASON_LABELS } from '@clubroom/rules/moderation';
import { DialogFrame } from '../../../components/dialog-frame';
import type { Moderation_PersonFragment, Moderation_ReportDetailFragment, Moderation_ReportFragment } from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { isQueuedOffline } from '../../../lib/offline-queue';
import { notifySuccess } from '../../../lib/toaster';
import { notifyDecisionFailure } from '../approvals/review-refresh';
import { LabelledValue } from '../club-fields';
import { LoadFailed } from '../reports/load-failed';
import { useMinLoading } from '../use-min-loading';
import { DetailSkeleton } from '../users/users-skeletons';
import { ActionEntry } from './actions-list';
import { ReportStatusBadge, TargetTypeBadge } from './moderation-badges';
import { MODERATION_TOASTS } from './moderation-texts';
import type { DecisionType } from './use-moderation-decisions';
import { useModerationDecisions } from './use-moderation-decisions';
import { useReport } from './use-moderation-lists';

interface ReportReviewDialogProps {
  /** The report shown; none closes the dialog. */
  reportId?: string;
  onClose: () => void;
  onDecide: (report: Moderation_ReportFragment, action: DecisionType) => void;
}

function Person({ person }: { person: Moderation_PersonFragment | null | undefined }) {
  if (!person) return <Text as="span" color="fg.muted">Unknown</Text>;
  return (
    <Text as="span" wordBreak="break-word">
      {person.name}
      {person.email ? ` (${person.email})` : ''}
    </Text>
  );
}

function When({ value }: { value: string | null | undefined }) {
  if (!value) return <Text as="span" color="fg.muted">Not yet</Text>;
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

/** Everything about one report, 'Mark as Reviewed', and the decisions while it is open. */
export function ReportReviewDialog({ reportId, onClose, onDecide }: ReportReviewDialogProps) {
  const { report, loading, error, refetch } = useReport(reportId);
  const { markReviewed, marking } = useModerationDecisions();
  const skeleton = useMinLoading(loading && !report);
  const open = report?.status === 'PENDING' || report?.status === 'REVIEWED';

  const mark = async () => {
    if (!report) return;
    try {
      await markReviewed(report.id);
      notifySuccess(MODERATION_TOASTS.reviewed);
    } catch (cause) {
      if (isQueuedOffline(cause)) return;
      console.error('Marking the report reviewed failed:', cause);
      notifyDecisionFailure(cause);
    }
  };

  return (
    <DialogFrame open={!!reportId} onClose={onClose} title="Report Details" size="lg" scrollBehavior="inside">
      <Dialog.Body>
        {skeleton && <DetailSkeleton />}
        {!skeleton && !report && error && <LoadFailed what="the report" onRetry={() => void refetch().catch(() => undefined)} />}
        {!skeleton && report && <ReportFields report={report} />}
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap" gap="2">
        {report?.status === 'PENDING' && (
          <Button size="sm" variant="outline" loading={marking} loadingText="Saving..." onClick={() => void mark()}>
            Mark as Reviewed
          </Button>
        )}
        {report && open && (
          <>
            <Button size="sm" variant="outline" colorPalette="yellow" disabled={!report.targetOwner} onClick={() => onDecide(report, 'WARNING')}>
              Send Warning
            </Button>
            {!report.targetRemoved && (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => onDecide(report, 'CONTENT_REMOVAL')}>
                Remove Content
              </Button>
            )}
            <Button size="sm" variant="outline" colorPalette="orange" disabled={!report.targetOwner} onClick={() => onDecide(report, 'ACCOUNT_SUSPENSION')}>
              Suspend Account
            </Button>
            <Button size="sm" variant="outline" onClick={() => onDecide(report, 'DISMISSAL')}>
              Dismiss Report
            </Button>
          </>
        )}
        <Dialog.ActionTrigger asChild>
          <Button size="sm" variant="outline">
            Close
          </Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </DialogFrame>
  );
}

function ReportFields({ report }: { report: Moderation_ReportDetailFragment }) {
  return (
    <Stack gap="5">
      <DataList.Root orientation="horizontal" size="sm" gap="3">
        <LabelledValue label="Type">
          <TargetTypeBadge type={report.targetType} />
        </LabelledValue>
        <LabelledValue label="Reason">{REPORT_REASON_LABELS[report.reason]}</LabelledValue>
        <LabelledValue label="Status">
          <HStack gap="2" flexWrap="wrap">
            <ReportStatusBadge status={report.status} />
            {report.targetRemoved && (
              <Badge colorPalette="red" variant="outline">
                Content removed
              </Badge>
            )}
          </HStack>
        </LabelledValue>
        <LabelledValue label="Reported item" wordBreak="break-word">
          {report.targetLabel}
        </LabelledValue>
        <LabelledValue label="Content">
          {report.targetExcerpt ? (
            <Box as="blockquote" whiteSpace="pre-wrap" wordBreak="break-word" borderStartWidth="3px" ps="3">
              {report.targetExcerpt}
            </Box>
          ) : (
            <Text as="span" color="fg.muted">None</Text>
          )}
        </LabelledValue>
        <LabelledValue label="Details" whiteSpace="pre-wrap" wordBreak="break-word">
          {report.details || <Text as="span" color="fg.muted">None given</Text>}
        </LabelledValue>
        <LabelledValue label="Reporter">
          <Person person={report.reporter} />
        </LabelledValue>
        <LabelledValue label="Owner">
          <Person person={report.targetOwner} />
        </LabelledValue>
        <LabelledValue label="Open reports on this item">{report.openReportsOnTarget}</LabelledValue>
        <LabelledValue label="Reported at">
          <When value={report.createdAt} />
        </LabelledValue>
        <LabelledValue label="Reviewed at">
          <When value={report.reviewedAt} />
          {report.reviewedBy ? ` by ${report.reviewedBy.name}` : ''}
        </LabelledValue>
        <LabelledValue label="Closed at">
          <When value={report.closedAt} />
        </LabelledValue>
      </DataList.Root>
      <Stack gap="2" as="section" aria-labelledby="report-actions-heading">
        <Text as="h3" id="report-actions-heading" fontWeight="semibold">
          Actions taken
        </Text>
        {report.actions.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            None yet
          </Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="0" borderWidth="1px" borderRadius="md" px="3">
            {report.actions.map((action) => (
              <Box as="li" key={action.id} borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }}>
                <ActionEntry action={action} />
              </Box>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
