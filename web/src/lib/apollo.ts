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
import { announceBrowserClient, hadServerResults } from './browser-client-events';

const SERVER_DATA_GRACE_MS = 1000;

let browserClient: ApolloClient | undefined;

/** The browser's one client, made on first use (ApolloRoot, lib/page-query.ts). */
export function browserApolloClient(): ApolloClient {
  return (browserClient ??= createApolloClient());
}

export function createApolloClient(): ApolloClient {
  // Back after the live socket was lost: what the subscriptions would have told in the gap is
  // fetched again with the queries on screen.
  const catchUp = () => {
    client.refetchQueries({ include: 'active' }).catch((error: unknown) => console.error('Catching up after a reconnection failed:', error));
  };
  const client: ApolloClient = new ApolloClient({
    link: ApolloLink.from([createBrowserOfflineLink(), createErrorLink(), createRetryLink(), createAuthLink(), createDecisionsLink(), createLiveValuesLink(), createTrustedDocumentLink(), createTransportLink(catchUp)]),
    // A server-rendered page's data is written into the cache by its queries as the client takes
    // them over (lib/page-query.ts), each read from there first: the page is as fresh as its HTML.
    cache: createCache(),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first' },
    },
  });
  startOfflineReplay(client);
  announceBrowserClient(client);
  if (hadServerResults()) refetchWhenSignedIn(client);
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
