// What a decision (single or bulk) makes stale, and how a failed one is told (spec section 8).
import type { ApolloClient } from '@apollo/client';
import { describeRequestError } from '../../../lib/request-errors';
import { notify, notifyError } from '../../../lib/toaster';
import { errorMessageOf } from '../../../lib/user-errors';
import { REVIEW_TOASTS } from '../admin-texts';

/** Fetches again the queries of these names that are on screen. A skipped query (the review's
 *  neighbours on a desktop) is not fetched: nothing shows it, and its answer would still be
 *  written into the cache. */
export function refetchOnScreen(client: ApolloClient, names: readonly string[]): Promise<unknown> {
  const onScreen = [...client.getObservableQueries('active')].filter((query) => query.queryName !== undefined && names.includes(query.queryName));
  return Promise.all(onScreen.map((query) => query.refetch()));
}

/** Every cached list of applications is dropped: those on screen (the list, the dashboard, Recent
 *  Activity) are fetched again at once, the others when next shown. The counters and the timeline
 *  on screen are fetched again. (The detail is updated by the mutation's answer: fetching it again
 *  would record another view.) A list still on screen is fetched again explicitly. An answer in
 *  flight from before the decision cannot put it back to PENDING (lib/decisions-link.ts). */
export async function refreshAfterDecision(client: ApolloClient): Promise<void> {
  client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'clubApplications' });
  client.cache.gc();
  await refetchOnScreen(client, ['AdminPanelStats', 'ApprovalsCounts', 'ApprovalsTimeline', 'ApprovalsList']).catch(() => undefined);
}

/** A network failure gets 'Network Error' with Retry (reloads); anything else a destructive toast
 *  ('Error' unless told) with the server's message, else `fallback`. */
export function notifyDecisionFailure(error: unknown, fallback: string = REVIEW_TOASTS.unexpected, title = 'Error'): void {
  const notice = error instanceof Error ? describeRequestError(error) : null;
  if (notice?.title === 'Network Error') {
    notify(notice);
    return;
  }
  notifyError(title, errorMessageOf(error) ?? fallback);
}
