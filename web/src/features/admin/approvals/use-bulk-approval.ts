// Bulk approval (spec sections 4, 5 and 8): confirm → progress (the server's real progress, polled
// every ~300 ms) → results. The server approves each application in its own transaction.
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ADMIN_MESSAGES, BULK_APPROVAL_MAX } from '@clubroom/rules/admin';
import type { Approvals_BulkApprovalFragment } from '../../../gql/graphql';
import { ApprovalsBulkProgressDocument, ApprovalsStartBulkDocument } from '../admin.generated';
import { isQueuedOffline } from '../../../lib/offline-queue';
import { notify, notifyError, notifySuccess } from '../../../lib/toaster';
import { requirePayload } from '../../../lib/user-errors';
import { BULK_POLL_MS, BULK_TOASTS, LOADER_MIN_MS, REVIEW_TOASTS } from '../admin-texts';
import { notifyDecisionFailure, refreshAfterDecision } from './review-refresh';

export type BulkPhase =
  | { step: 'idle' }
  | { step: 'confirm'; ids: string[] }
  | { step: 'progress'; total: number; job: Approvals_BulkApprovalFragment | null }
  | { step: 'results'; job: Approvals_BulkApprovalFragment };

/** 'Application {name or id}: {error}' for each failure. */
export function failureLines(job: Approvals_BulkApprovalFragment): string[] {
  return job.failures.map((f) => BULK_TOASTS.failure(f.clubName ?? f.reference, f.message));
}

function announce(job: Approvals_BulkApprovalFragment) {
  const approved = job.succeeded.length;
  const failed = job.failures.length;
  if (failed === 0) notifySuccess(BULK_TOASTS.success, BULK_TOASTS.successText(approved));
  else if (approved > 0) notify({ title: BULK_TOASTS.partial, description: BULK_TOASTS.partialText(approved, failed), type: 'warning' });
  else notifyError(BULK_TOASTS.failed, `${REVIEW_TOASTS.bulkFailed}. ${failureLines(job)[0] ?? ''}`.trim());
}

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

export function useBulkApproval(onDone: () => void) {
  const client = useApolloClient();
  const [phase, setPhase] = useState<BulkPhase>({ step: 'idle' });
  const [start] = useMutation(ApprovalsStartBulkDocument, { context: { silent: true } });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const ask = useCallback((ids: string[]) => {
    if (ids.length === 0) {
      notifyError('Error', ADMIN_MESSAGES.noneSelected);
      return;
    }
    if (ids.length > BULK_APPROVAL_MAX) {
      notifyError('Error', ADMIN_MESSAGES.tooManySelected);
      return;
    }
    setPhase({ step: 'confirm', ids });
  }, []);

  const cancel = useCallback(() => setPhase({ step: 'idle' }), []);

  const run = useCallback(
    async (ids: string[], adminNotes: string | null) => {
      const shownAt = Date.now();
      setPhase({ step: 'progress', total: ids.length, job: null });
      try {
        const { data } = await start({
          variables: { input: { clubIds: ids, adminNotes } },
          context: { silent: true, offlineQueue: { label: 'bulk approval' } },
        });
        let job = requirePayload(data?.startBulkApproval).bulkApproval!;
        if (alive.current) setPhase({ step: 'progress', total: job.total, job });
        while (job.status !== 'COMPLETED') {
          await wait(BULK_POLL_MS);
          if (!alive.current) return;
          const { data: progress } = await client.query({ query: ApprovalsBulkProgressDocument, variables: { id: job.id }, fetchPolicy: 'network-only', context: { silent: true } });
          if (!progress?.bulkApproval) throw new Error(REVIEW_TOASTS.bulkFailed);
          job = progress.bulkApproval;
          if (alive.current) setPhase({ step: 'progress', total: job.total, job });
        }
        // The progress stays up at least as long as any loader, so it is seen even for a few.
        await wait(Math.max(0, shownAt + LOADER_MIN_MS - Date.now()));
        if (!alive.current) return;
        setPhase({ step: 'results', job });
        announce(job);
        if (job.succeeded.length > 0) onDone();
        await refreshAfterDecision(client);
      } catch (error) {
        if (isQueuedOffline(error)) {
          // Queued (lib/offline-queue): it runs on reconnect, whose toast tells the outcome.
          if (!alive.current) return;
          setPhase({ step: 'idle' });
          onDone();
          return;
        }
        console.error('The bulk approval failed:', error);
        if (!alive.current) return;
        // A failed call stops the progress state (spec section 4).
        setPhase({ step: 'idle' });
        notifyDecisionFailure(error, REVIEW_TOASTS.bulkFailed, BULK_TOASTS.failed);
        await refreshAfterDecision(client);
      }
    },
    [client, start, onDone],
  );

  const close = useCallback(() => setPhase({ step: 'idle' }), []);
  return { phase, ask, cancel, run, close };
}
