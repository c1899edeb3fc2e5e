// Starts the client-wide services once, before the first render.
import { startCsrfRefresh, refreshCsrfToken } from './csrf';
import { dropFirstQuery, startFirstQuery } from './first-query';
import { startGlobalErrorHandlers } from './global-errors';
import { startInactivityWatch } from './inactivity';
import { startOfflineToasts } from './offline';
import { onAuthEvent } from './session';
import { registerServiceWorker, setAppBadge } from './service-worker';
import { bootstrapSession, startRefreshScheduler, startSessionPolling } from './session-lifecycle';

export function startClientServices(): void {
  // The page's first query leaves now, beside the session check (first-query.ts).
  startFirstQuery();
  startGlobalErrorHandlers();
  startOfflineToasts();
  startCsrfRefresh();
  // 'On sign-in or refresh ... a new security token is created.'
  onAuthEvent((event) => {
    if (event !== 'SIGNED_OUT') void refreshCsrfToken();
    // A signed-out app shows no one's unread count on its icon, and keeps no answer asked for
    // with the ended session.
    else {
      setAppBadge(0);
      dropFirstQuery();
    }
  });
  registerServiceWorker();
  void bootstrapSession().finally(() => {
    startSessionPolling();
    startRefreshScheduler();
    startInactivityWatch();
  });
}
