// The queries of the public pages (issue 27), without the GraphQL client in their first download.
//
// A public page arrives rendered by the server with the results of its queries in a JSON data block
// (lib/ssr-state.ts). usePageQuery answers a query from there while the page hydrates and for as
// long as nothing asks for more, so a visitor who reads a club's page never downloads Apollo Client,
// graphql and rxjs (~59 KB gzipped of the page's ~260). The client is loaded, and takes the query
// over (ObservableQuery: the same data, then its cache, fetch policies and pagination), as soon as
// the page needs it: the query has no data yet (a page reached in the browser, other variables), a
// refetch or 'Load more' is asked for, or the client exists anyway (a member is signed in: the
// header's bell and menu use it, and lib/apollo.ts fetches the page's queries again as the member).
//
// On the server the hook is Apollo's useQuery (web/src/entry-server.tsx provides it through
// PageQueryServer), which also records each result for the data block.
import type { ApolloClient, ObservableQuery, OperationVariables } from '@apollo/client';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { equal } from '@wry/equality';
import { createContext, useCallback, useContext, useEffect, useSyncExternalStore } from 'react';
import { markServerResults, onBrowserClient } from './browser-client-events';
import { isServerDataAnonymous, setServerDataAnonymous } from './member-data';
import { getAuthState, subscribeAuthState } from './session';
import { takeServerState } from './ssr-state';

export type PageQueryFetchPolicy = 'cache-first' | 'cache-and-network';

export interface PageQueryOptions<V> {
  variables?: V;
  fetchPolicy?: PageQueryFetchPolicy;
  /** The link context (e.g. `{ silent: true }`: failures are the page's to show, no toast). */
  context?: Record<string, unknown>;
}

/** 'Load more': the next page's variables, and optionally another document that reads it (whose
 *  result the cache's type policies merge into the query's, lib/apollo-cache.ts). */
export interface PageQueryMore<V> {
  query?: TypedDocumentNode<unknown, never> | TypedDocumentNode<unknown, OperationVariables>;
  variables: Partial<V> | OperationVariables;
  context?: Record<string, unknown>;
}

export interface PageQueryResult<D, V> {
  data: D | undefined;
  error: Error | undefined;
  refetch: () => Promise<unknown>;
  fetchMore: (options: PageQueryMore<V>) => Promise<unknown>;
}

/** The server's implementation of usePageQuery (entry-server.tsx): Apollo's useQuery, recording. */
export interface PageQueryServer {
  use<D, V extends OperationVariables>(document: TypedDocumentNode<D, V>, options: PageQueryOptions<V>): PageQueryResult<D, V>;
}

export const PageQueryServerContext = createContext<PageQueryServer | null>(null);

/** The key of a query's result in the data block: its operation's name and its variables, with
 *  keys sorted (the server's and the browser's variables objects are built apart). */
export function pageQueryKey(document: TypedDocumentNode<unknown, never> | TypedDocumentNode<unknown, OperationVariables>, variables: unknown): string {
  const definition = (document as { definitions: ReadonlyArray<{ kind: string; name?: { value: string } }> }).definitions.find((d) => d.kind === 'OperationDefinition');
  return `${definition?.name?.value ?? '?'}:${stableJson(variables ?? {})}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

interface Snapshot {
  data: unknown;
  error: Error | undefined;
}

type AnyDocument = TypedDocumentNode<unknown, OperationVariables>;

/** One query (document and variables) in the browser: its latest answer, and Apollo's
 *  ObservableQuery once the client has taken it over. Kept after its page unmounts: a page shown
 *  again starts from it (and the client, by then loaded, from its cache). */
class Entry {
  snapshot: Snapshot;
  /** The server's data, not yet written into the client's cache. */
  private seed: unknown;
  private readonly listeners = new Set<() => void>();
  private mounts = 0;
  private policy: PageQueryFetchPolicy = 'cache-and-network';
  private context: Record<string, unknown> | undefined;
  private query: ObservableQuery<unknown, OperationVariables> | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    readonly document: AnyDocument,
    readonly variables: OperationVariables,
    serverData: unknown,
  ) {
    this.snapshot = { data: serverData, error: undefined };
    this.seed = serverData;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): Snapshot => this.snapshot;

  private set(next: Snapshot): void {
    // The client's first answer is the server's data again, read back from its cache as new
    // objects: the same data keeps its identity, so the page (a session's: 124 components) does
    // not render it all again when the client takes over.
    const snapshot = next.data !== this.snapshot.data && equal(next.data, this.snapshot.data) ? { ...next, data: this.snapshot.data } : next;
    if (snapshot.data === this.snapshot.data && snapshot.error === this.snapshot.error) return;
    this.snapshot = snapshot;
    this.listeners.forEach((listener) => listener());
  }

  /** A page shows the query: the client takes it over now if the page needs more than the server's
   *  data (or the client is there anyway). Answers the unmount. */
  mount(policy: PageQueryFetchPolicy, context: Record<string, unknown> | undefined): () => void {
    this.mounts += 1;
    this.policy = policy;
    this.context = context;
    if (this.snapshot.data === undefined || client) this.watch();
    return () => {
      this.mounts -= 1;
      if (this.mounts > 0) return;
      this.unsubscribe?.();
      this.unsubscribe = undefined;
      this.query = undefined;
    };
  }

  /** Runs `action` on the client's ObservableQuery, loading the client first if need be. */
  async withQuery(action: (query: ObservableQuery<unknown, OperationVariables>) => Promise<unknown>): Promise<unknown> {
    const query = this.query ?? (await this.watch());
    if (!query) throw new Error('The page is no longer shown.');
    return action(query);
  }

  /** Hands the query to the client (loaded on first use), unless it already has it. */
  watch(): Promise<ObservableQuery<unknown, OperationVariables> | undefined> {
    if (this.query) return Promise.resolve(this.query);
    return loadClient().then(
      (apollo) => {
        if (this.query || this.mounts === 0) return this.query;
        const fromServer = this.seed !== undefined;
        if (fromServer) {
          apollo.writeQuery({ query: this.document, variables: this.variables, data: this.seed as never });
          this.seed = undefined;
        }
        // The server's data is as fresh as the page: read from the cache it was written into. But
        // it is a visitor's: a member's query taken over after lib/apollo.ts fetched the page's
        // queries again as them (a part of the page that mounted late, on a slow phone after that
        // second had passed) fetches itself as them, or it would show the visitor's data for good
        // (no 'Message this club').
        const lateForMember = fromServer && getAuthState().status === 'signed-in' && !isServerDataAnonymous();
        const query = apollo.watchQuery({
          query: this.document,
          variables: this.variables,
          fetchPolicy: fromServer && !lateForMember ? 'cache-first' : lateForMember ? 'cache-and-network' : this.policy,
          nextFetchPolicy: 'cache-first',
          context: this.context,
        });
        this.query = query;
        const subscription = query.subscribe({
          next: (result) => this.set({ data: result.data ?? this.snapshot.data, error: result.error }),
          error: (error: unknown) => this.set({ data: this.snapshot.data, error: error instanceof Error ? error : new Error(String(error)) }),
        });
        this.unsubscribe = () => subscription.unsubscribe();
        return query;
      },
      (error: unknown) => {
        // The client's chunk did not load (offline): the page shows the failure and its retry.
        this.set({ data: this.snapshot.data, error: error instanceof Error ? error : new Error(String(error)) });
        return undefined;
      },
    );
  }

  mounted(): boolean {
    return this.mounts > 0;
  }
}

const entries = new Map<string, Entry>();
let serverResults: Record<string, unknown> | undefined;
let client: ApolloClient | undefined;
let clientLoading: Promise<ApolloClient> | undefined;

function loadClient(): Promise<ApolloClient> {
  if (client) return Promise.resolve(client);
  return (clientLoading ??= import('./apollo').then(
    (module) => module.browserApolloClient(),
    (error: unknown) => {
      clientLoading = undefined;
      throw error;
    },
  ));
}

/** A write from a public page (a member marking an announcement read): the client is loaded for it. */
export async function pageMutate<D, V extends OperationVariables>(mutation: TypedDocumentNode<D, V>, variables: V, context?: Record<string, unknown>): Promise<D | undefined> {
  const apollo = await loadClient();
  const { data } = await apollo.mutate({ mutation, variables, context } as never);
  return data as D | undefined;
}

/** Once the browser's client is made (here or by another part of the app), every query on screen
 *  goes to it, each in a task of its own: made, the client and a query taken over (its data
 *  written into the cache, then watched) were one task of ~95 ms at 4x CPU slowdown on a session's
 *  page, in the seconds a phone is still starting it (bench/web-profile.ts). */
function attachPageQueries(apollo: ApolloClient): void {
  client = apollo;
  for (const entry of entries.values()) setTimeout(() => void (entry.mounted() && entry.watch()));
}

/** The server's results, taken from the page once. While a member's session is not known, the
 *  page's data is the anonymous render's (lib/member-data.ts); a visitor's stays so, a member's is
 *  fetched again as them by the client, which is loaded for that. */
function takeResults(): Record<string, unknown> {
  if (serverResults) return serverResults;
  serverResults = takeServerState()?.results ?? {};
  if (Object.keys(serverResults).length > 0) {
    markServerResults();
    setServerDataAnonymous(true);
    const settle = () => {
      const { status } = getAuthState();
      if (status === 'checking') return;
      unsubscribe();
      if (status === 'signed-in') void loadClient();
      else setServerDataAnonymous(false);
    };
    const unsubscribe = subscribeAuthState(settle);
    settle();
  }
  return serverResults;
}

// Read before React first renders (the page's chunk loads before it hydrates), so that the flag
// above is set before anything reads it.
if (typeof document !== 'undefined') {
  takeResults();
  onBrowserClient(attachPageQueries);
}

function entryFor(document: AnyDocument, variables: OperationVariables): Entry {
  const key = pageQueryKey(document, variables);
  let entry = entries.get(key);
  if (!entry) {
    entry = new Entry(document, variables, takeResults()[key]);
    entries.set(key, entry);
  }
  return entry;
}

/** A public page's query: `data`, `error`, `refetch` and `fetchMore` as Apollo's useQuery gives
 *  them, from the server's results until the client takes over (see the top of this file). */
export function usePageQuery<D, V extends OperationVariables>(document: TypedDocumentNode<D, V>, options: PageQueryOptions<V> = {}): PageQueryResult<D, V> {
  const server = useContext(PageQueryServerContext);
  // Constant for the life of the app: the server's renders have it, the browser's never.
  if (server) return server.use(document, options);
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return useBrowserPageQuery(document, options);
}

function useBrowserPageQuery<D, V extends OperationVariables>(document: TypedDocumentNode<D, V>, { variables, fetchPolicy = 'cache-and-network', context }: PageQueryOptions<V>): PageQueryResult<D, V> {
  const entry = entryFor(document as unknown as AnyDocument, (variables ?? {}) as OperationVariables);
  const snapshot = useSyncExternalStore(entry.subscribe, entry.get, entry.get);
  const silent = context?.silent === true;
  useEffect(() => entry.mount(fetchPolicy, silent ? { silent: true } : undefined), [entry, fetchPolicy, silent]);
  const refetch = useCallback(() => entry.withQuery((query) => query.refetch()), [entry]);
  const fetchMore = useCallback(
    (more: PageQueryMore<V>) => entry.withQuery((query) => query.fetchMore({ query: more.query as never, variables: more.variables as OperationVariables, context: more.context })),
    [entry],
  );
  return { data: snapshot.data as D | undefined, error: snapshot.error, refetch, fetchMore };
}
