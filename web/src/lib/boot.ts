// Starts the client-wide services once, before the first render.
import { startCsrfRefresh, refreshCsrfToken } from './csrf';
import { startGlobalErrorHandlers } from './global-errors';
import { startInactivityWatch } from './inactivity';
import { startOfflineToasts } from './offline';
import { onAuthEvent } from './session';
import { bootstrapSession, startRefreshScheduler, startSessionPolling } from './session-lifecycle';

export function startClientServices(): void {
  startGlobalErrorHandlers();
  startOfflineToasts();
  startCsrfRefresh();
  // 'On sign-in or refresh ... a new security token is created.'
  onAuthEvent((event) => {
    if (event !== 'SIGNED_OUT') void refreshCsrfToken();
  });
  void bootstrapSession().finally(() => {
    startSessionPolling();
    startRefreshScheduler();
    startInactivityWatch();
  });
}
