// The decisions on reports (issue 13 contract, section 2): mark reviewed, an action (warning,
// removal, suspension, dismissal) and restoring removed content. Each write opts into the offline
// queue and refetches the mounted lists and counters; it rejects on failure (UserErrors when the
// server refused, QueuedOfflineError when queued) and the dialog tells the user.
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import type { ModerationActionType } from '../../../gql/graphql';
import { ModerationMarkReviewedDocument, ModerationRestoreContentDocument, ModerationTakeActionDocument } from './moderation.generated';
import { requirePayload } from '../../../lib/user-errors';
import { USERS_REFETCH } from '../users/users-texts';
import { MODERATION_OFFLINE_LABELS, MODERATION_REFETCH } from './moderation-texts';

const OPTIONS = { refetchQueries: MODERATION_REFETCH, awaitRefetchQueries: true } as const;

function queued(label: string) {
  return { silent: true, offlineQueue: { label } };
}

export type DecisionType = Exclude<ModerationActionType, 'CONTENT_RESTORATION'>;

export function useModerationDecisions() {
  const [markMutation, { loading: marking }] = useMutation(ModerationMarkReviewedDocument, OPTIONS);
  const [actionMutation] = useMutation(ModerationTakeActionDocument, OPTIONS);
  const [restoreMutation] = useMutation(ModerationRestoreContentDocument, OPTIONS);

  const markReviewed = useCallback(
    async (reportId: string) => {
      const { data } = await markMutation({ variables: { input: { reportId } }, context: queued(MODERATION_OFFLINE_LABELS.reviewed) });
      return requirePayload(data?.markReportReviewed).report;
    },
    [markMutation],
  );
  const takeAction = useCallback(
    async (reportId: string, action: DecisionType, note: string | null, suspendUntil: string | null) => {
      const { data } = await actionMutation({
        variables: { input: { reportId, action, note, suspendUntil } },
        context: queued(MODERATION_OFFLINE_LABELS.action),
        // A suspension changes the Users tab's lists and counters too (and the header's volunteers).
        refetchQueries: action === 'ACCOUNT_SUSPENSION' ? [...MODERATION_REFETCH, ...USERS_REFETCH] : MODERATION_REFETCH,
      });
      return requirePayload(data?.takeModerationAction);
    },
    [actionMutation],
  );
  const restore = useCallback(
    async (actionId: string) => {
      const { data } = await restoreMutation({ variables: { input: { actionId } }, context: queued(MODERATION_OFFLINE_LABELS.restore) });
      return requirePayload(data?.restoreContent).action;
    },
    [restoreMutation],
  );

  return { markReviewed, marking, takeAction, restore };
}
