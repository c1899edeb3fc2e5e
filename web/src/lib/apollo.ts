// The Apollo Client of the app.
import { ApolloClient, ApolloLink } from '@apollo/client';
import { createCache } from './apollo-cache';
import { createAuthLink, createErrorLink, createRetryLink, createTransportLink } from './apollo-links';
import { createDecisionsLink } from './decisions-link';
import { createLiveValuesLink, liveValues } from './live-values';
import { createTrustedDocumentLink } from './trusted-documents';
import { createBrowserOfflineLink, startOfflineReplay } from './offline-replay';
import { getAuthState, onAuthEvent, subscribeAuthState } from './session';
import { setServerDataAnonymous } from './member-data';
import { takeServerState } from './ssr-state';

const SERVER_DATA_GRACE_MS = 1000;

export function createApolloClient(): ApolloClient {
  // Back after the live socket was lost: what the subscriptions would have told in the gap is
  // fetched again with the queries on screen.
  const catchUp = () => {
    client.refetchQueries({ include: 'active' }).catch((error: unknown) => console.error('Catching up after a reconnection failed:', error));
  };
  const serverState = takeServerState();
  const client: ApolloClient = new ApolloClient({
    link: ApolloLink.from([createBrowserOfflineLink(), createErrorLink(), createRetryLink(), createAuthLink(), createDecisionsLink(), createLiveValuesLink(), createTrustedDocumentLink(), createTransportLink(catchUp)]),
    // A server-rendered page brought the data it shows: the cache starts with it, and for the
    // first second the queries that would fetch again on mount read it instead (the page is
    // as fresh as its HTML). Only then: during that second Apollo answers every query from the
    // cache, refetches included, so on a page rendered in the browser a change told live in its
    // first second (a report filed as the Moderation tab opened) was never fetched.
    cache: createCache().restore(serverState ?? {}),
    ssrForceFetchDelay: serverState ? SERVER_DATA_GRACE_MS : 0,
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first' },
    },
  });
  startOfflineReplay(client);
  if (serverState) {
    setServerDataAnonymous(true);
    refetchWhenSignedIn(client);
  }
  // Another identity (or none) must not see the previous user's cached data: on sign-in the
  // active queries are fetched again as the new user; on sign-out the cache is simply emptied.
  onAuthEvent((event) => {
    if (event !== 'TOKEN_REFRESHED') liveValues.forget();
    const reset = event === 'SIGNED_IN' ? client.resetStore() : event === 'SIGNED_OUT' ? client.clearStore() : null;
    reset?.catch((error: unknown) => console.error('Cache reset failed:', error));
  });
  return client;
}

/** The server renders every page as an anonymous visitor. A member signed in on this device sees
 *  it that way while it hydrates; once their session is known (and the page has hydrated), the
 *  queries on screen are fetched again as them ('Message this club', their application). */
function refetchWhenSignedIn(client: ApolloClient): void {
  const settle = () => {
    const { status } = getAuthState();
    if (status === 'checking') return;
    unsubscribe();
    if (status !== 'signed-in') {
      setServerDataAnonymous(false);
      return;
    }
    setTimeout(() => {
      client
        .refetchQueries({ include: 'active' })
        .catch((error: unknown) => console.error('Fetching the page as the signed-in member failed:', error))
        .finally(() => setServerDataAnonymous(false));
    }, SERVER_DATA_GRACE_MS);
  };
  const unsubscribe = subscribeAuthState(settle);
  settle();
}
