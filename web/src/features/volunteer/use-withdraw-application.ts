import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { MyVolunteerApplicationsDocument, MyVolunteerApplicationStatsDocument, VolunteerApplicationDetailDocument, WithdrawVolunteerApplicationDocument } from './volunteer.generated';
import { expireFreshness } from '../../lib/freshness';
import { isQueuedOffline } from '../../lib/offline-queue';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { APPLICATIONS_FRESHNESS_PREFIX } from './volunteer-limits';
import { WITHDRAW_TEXTS } from './volunteer-texts';

/** Withdraws a pending application with the spec's toasts; resolves true when it was withdrawn
 *  (or queued offline to be withdrawn on reconnect). */
export function useWithdrawApplication() {
  const [mutate, { loading }] = useMutation(WithdrawVolunteerApplicationDocument, {
    context: { silent: true },
    // The figures, the lists filtered by status and an open application's history change with it.
    refetchQueries: [MyVolunteerApplicationsDocument, MyVolunteerApplicationStatsDocument, VolunteerApplicationDetailDocument],
  });
  const withdraw = useCallback(
    async (id: string): Promise<boolean> => {
      try {
        const { data } = await mutate({
          variables: { input: { id } },
          context: { silent: true, offlineQueue: { label: 'withdraw application' } },
        });
        const payload = data?.withdrawVolunteerApplication;
        if (!payload?.application || payload.userErrors.length > 0) {
          notifyError(WITHDRAW_TEXTS.errorTitle, payload?.userErrors[0]?.message ?? WITHDRAW_TEXTS.error);
          return false;
        }
        // The open lists were refetched; the dashboard tabs not open ask again when opened.
        expireFreshness(APPLICATIONS_FRESHNESS_PREFIX);
        notifySuccess(WITHDRAW_TEXTS.done);
        return true;
      } catch (error) {
        // Queued offline (lib/offline-queue): withdrawn on reconnect; the dialog closes.
        if (isQueuedOffline(error)) return true;
        console.error('Withdrawing the application failed:', error);
        notifyError(WITHDRAW_TEXTS.errorTitle, WITHDRAW_TEXTS.thrown);
        return false;
      }
    },
    [mutate],
  );
  return { withdraw, withdrawing: loading };
}
