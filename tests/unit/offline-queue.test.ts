// The client's offline queue (web/src/lib/offline-queue.ts, offline-link.ts): what is stored and
// for whom, the Idempotency-Key header and its reuse on the replay, one run across tabs, and the
// run's toasts (success, partial success with the refusals listed, failure).
import { ApolloClient, ApolloLink, gql, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createOfflineLink, IDEMPOTENCY_HEADER, outcomeOfError, outcomeOfResult } from '../../web/src/lib/offline-link.js';
import {
  clearQueue,
  enqueue,
  isQueuedOffline,
  queueStorageKey,
  QueuedOfflineError,
  readQueue,
  runQueue,
  type KeyValueStore,
  type QueuedOperation,
  type ReplayOutcome,
} from '../../web/src/lib/offline-queue.js';
import type { Notice } from '../../web/src/lib/toaster.js';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** One lock shared by the "tabs" of a test, as navigator.locks gives: tasks run one after another. */
function sharedLock() {
  let tail: Promise<void> = Promise.resolve();
  return (task: () => Promise<void>) => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
}

const SEND = gql`
  mutation Send($input: SendMessageInput!) {
    sendMessage(input: $input) {
      userErrors {
        message
      }
    }
  }
`;

function clientWith(store: KeyValueStore, state: { offline: boolean; userId: string | null }, notices: Notice[]) {
  const sent: Array<{ headers: Record<string, string>; variables: Record<string, unknown> }> = [];
  const terminal = new ApolloLink((operation) => {
    sent.push({ headers: { ...(operation.getContext().headers as Record<string, string>) }, variables: operation.variables });
    return of({ data: { sendMessage: { __typename: 'SendMessagePayload', userErrors: [] } } });
  });
  const offlineLink = createOfflineLink({
    currentUserId: () => state.userId,
    store: () => store,
    isOffline: () => state.offline,
    notify: (notice) => notices.push(notice),
  });
  const client = new ApolloClient({ link: ApolloLink.from([offlineLink, terminal]), cache: new InMemoryCache() });
  return { client, sent };
}

const op = (label: string, key = `key-${label}`): Omit<QueuedOperation, 'id' | 'queuedAt'> => ({
  key,
  label,
  query: 'mutation { noop }',
  variables: { label },
});

describe('the offline link', () => {
  it('sends every mutation with an Idempotency-Key, a new one each time', async () => {
    const store = memoryStore();
    const { client, sent } = clientWith(store, { offline: false, userId: 'u1' }, []);
    await client.mutate({ mutation: SEND, variables: { input: { content: 'a' } } });
    await client.mutate({ mutation: SEND, variables: { input: { content: 'b' } } });
    const keys = sent.map((request) => request.headers[IDEMPOTENCY_HEADER]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('offline, queues an opted-in mutation for the signed-in user: Offline toast, QueuedOfflineError, nothing sent', async () => {
    const store = memoryStore();
    const notices: Notice[] = [];
    const { client, sent } = clientWith(store, { offline: true, userId: 'u1' }, notices);
    const attempt = client.mutate({
      mutation: SEND,
      variables: { input: { content: 'hello' } },
      context: { offlineQueue: { label: 'send message' } },
    });
    const error = await attempt.then(
      () => null,
      (cause: unknown) => cause,
    );
    expect(isQueuedOffline(error)).toBe(true);
    expect(error).toBeInstanceOf(QueuedOfflineError);
    expect(sent).toHaveLength(0);
    expect(notices).toEqual([
      {
        title: 'Offline',
        description: 'Cannot perform send message while offline. It will be queued and run when you are back online.',
        type: 'warning',
      },
    ]);
    const [queued] = readQueue(store, 'u1');
    expect(queued).toMatchObject({ label: 'send message', variables: { input: { content: 'hello' } } });
    expect(queued!.query).toContain('sendMessage(input: $input)');
    expect(queued!.key).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('offline, a mutation that did not opt in is sent (and fails as the network says)', async () => {
    const store = memoryStore();
    const { client, sent } = clientWith(store, { offline: true, userId: 'u1' }, []);
    await client.mutate({ mutation: SEND, variables: { input: { content: 'x' } } });
    expect(sent).toHaveLength(1);
    expect(readQueue(store, 'u1')).toEqual([]);
  });

  it('queues nothing without a signed-in user', async () => {
    const store = memoryStore();
    const { client } = clientWith(store, { offline: true, userId: null }, []);
    await client.mutate({ mutation: SEND, variables: { input: {} }, context: { offlineQueue: { label: 'send message' } } });
    expect(store.data.size).toBe(0);
  });

  it('replays with the stored key: the header carries it, not a new one', async () => {
    const store = memoryStore();
    const state = { offline: true, userId: 'u1' };
    const { client, sent } = clientWith(store, state, []);
    await client
      .mutate({ mutation: SEND, variables: { input: { content: 'later' } }, context: { offlineQueue: { label: 'send message' } } })
      .catch(() => undefined);
    const [queued] = readQueue(store, 'u1');
    state.offline = false;
    await client.mutate({ mutation: gql(queued!.query), variables: queued!.variables, context: { idempotencyKey: queued!.key } });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers[IDEMPOTENCY_HEADER]).toBe(queued!.key);
    expect(sent[0]!.variables).toEqual({ input: { content: 'later' } });
  });
});

describe('the queue in storage', () => {
  it('persists in order under the user, so a reload finds it', () => {
    const store = memoryStore();
    enqueue(store, 'u1', op('first'));
    enqueue(store, 'u1', op('second'));
    expect([...store.data.keys()]).toEqual([queueStorageKey('u1')]);
    // A new page reads what the old one stored.
    expect(readQueue(store, 'u1').map((entry) => entry.label)).toEqual(['first', 'second']);
  });

  it("keeps each user's queue apart; clearing one (sign-out) leaves the other", () => {
    const store = memoryStore();
    enqueue(store, 'u1', op('mine'));
    enqueue(store, 'u2', op('theirs'));
    clearQueue(store, 'u1');
    expect(readQueue(store, 'u1')).toEqual([]);
    expect(readQueue(store, 'u2').map((entry) => entry.label)).toEqual(['theirs']);
  });

  it('ignores damaged storage', () => {
    const store = memoryStore();
    store.setItem(queueStorageKey('u1'), '{not json');
    expect(readQueue(store, 'u1')).toEqual([]);
    store.setItem(queueStorageKey('u1'), JSON.stringify([{ id: 1 }, 'x']));
    expect(readQueue(store, 'u1')).toEqual([]);
  });
});

function runner(store: KeyValueStore, userId: string, outcomes: Record<string, ReplayOutcome>, lock = sharedLock()) {
  const notices: Notice[] = [];
  const executed: QueuedOperation[] = [];
  const run = () =>
    runQueue({
      store,
      userId,
      lock,
      execute: async (entry) => {
        executed.push(entry);
        await new Promise((resolve) => setTimeout(resolve, 1));
        return outcomes[entry.label] ?? { status: 'completed' };
      },
      notify: (notice) => notices.push(notice),
      stillSignedIn: () => true,
    });
  return { run, notices, executed };
}

describe('running the queue on reconnect', () => {
  it('runs every operation in order with its stored key, then says Success; the queue is empty', async () => {
    const store = memoryStore();
    enqueue(store, 'u1', op('first', 'k1'));
    enqueue(store, 'u1', op('second', 'k2'));
    const { run, notices, executed } = runner(store, 'u1', {});
    const summary = await run();
    expect(executed.map((entry) => [entry.label, entry.key])).toEqual([
      ['first', 'k1'],
      ['second', 'k2'],
    ]);
    expect(summary).toEqual({ total: 2, completed: 2, failures: [], remaining: 0 });
    expect(notices.map((notice) => [notice.title, notice.description])).toEqual([
      ['Back Online', 'Executing 2 queued operation(s)...'],
      ['Success', '2 queued operation(s) completed.'],
    ]);
    expect(readQueue(store, 'u1')).toEqual([]);
  });

  it('runs once across tabs: the tab waiting for the lock finds nothing left', async () => {
    const store = memoryStore();
    enqueue(store, 'u1', op('first'));
    enqueue(store, 'u1', op('second'));
    const lock = sharedLock();
    const tabA = runner(store, 'u1', {}, lock);
    const tabB = runner(store, 'u1', {}, lock);
    const [a, b] = await Promise.all([tabA.run(), tabB.run()]);
    expect(tabA.executed.length + tabB.executed.length).toBe(2);
    expect([a, b].filter((summary) => summary !== null)).toHaveLength(1);
    expect(tabB.notices).toEqual([]);
  });

  it("runs only the signed-in user's queue", async () => {
    const store = memoryStore();
    enqueue(store, 'u2', op('theirs'));
    const { run, executed, notices } = runner(store, 'u1', {});
    expect(await run()).toBeNull();
    expect(executed).toEqual([]);
    expect(notices).toEqual([]);
    expect(readQueue(store, 'u2')).toHaveLength(1);
  });

  it('counts a refusal as failed in the Partial Success toast and lists its message', async () => {
    const store = memoryStore();
    enqueue(store, 'u1', op('approve application'));
    enqueue(store, 'u1', op('send message'));
    enqueue(store, 'u1', op('verify club'));
    const { run, notices } = runner(store, 'u1', { 'send message': { status: 'failed', message: 'Recipient not found' } });
    const summary = await run();
    expect(summary).toMatchObject({ total: 3, completed: 2, failures: ['Send message: Recipient not found'] });
    expect(notices.at(-1)).toMatchObject({
      title: 'Partial Success',
      description: '2 of 3 queued operations completed. 1 failed.\nSend message: Recipient not found',
    });
    expect(readQueue(store, 'u1')).toEqual([]);
  });

  it('says Operation Failed when every operation was refused', async () => {
    const store = memoryStore();
    enqueue(store, 'u1', op('withdraw application'));
    const { run, notices } = runner(store, 'u1', { 'withdraw application': { status: 'failed', message: 'Only pending applications can be withdrawn' } });
    await run();
    expect(notices.at(-1)).toMatchObject({
      title: 'Operation Failed',
      description: '1 queued operation(s) failed.\nWithdraw application: Only pending applications can be withdrawn',
    });
  });

  it('keeps what could not be sent (the connection went again), with its key, for the next reconnect', async () => {
    const store = memoryStore();
    enqueue(store, 'u1', op('first', 'k1'));
    enqueue(store, 'u1', op('second', 'k2'));
    enqueue(store, 'u1', op('third', 'k3'));
    const { run, notices } = runner(store, 'u1', { second: { status: 'unsent' } });
    const summary = await run();
    expect(summary).toMatchObject({ total: 3, completed: 1, remaining: 2 });
    expect(readQueue(store, 'u1').map((entry) => [entry.label, entry.key])).toEqual([
      ['second', 'k2'],
      ['third', 'k3'],
    ]);
    expect(notices.at(-1)).toMatchObject({ title: 'Success', description: '1 queued operation(s) completed.' });
  });
});

describe('what a replayed answer comes to', () => {
  it('an answer with user errors or GraphQL errors is a refusal with its message', () => {
    expect(outcomeOfResult({ data: { sendMessage: { userErrors: [{ message: 'Recipient not found' }] } } })).toEqual({
      status: 'failed',
      message: 'Recipient not found',
    });
    expect(outcomeOfResult({ data: { sendMessage: { userErrors: [] } } })).toEqual({ status: 'completed' });
    const graphqlError = new CombinedGraphQLErrors({ errors: [{ message: 'Admin permissions required' }] });
    expect(outcomeOfError(graphqlError)).toEqual({ status: 'failed', message: 'Admin permissions required' });
  });

  it('a refusal by status is final; no answer, or a key still in progress, stays queued', () => {
    const response = (status: number) => new Response('', { status });
    const refused = new ServerError('Bad', { response: response(422), bodyText: '{"errors":[{"message":"This idempotency key was already used for a different request."}]}' });
    expect(outcomeOfError(refused)).toEqual({ status: 'failed', message: 'This idempotency key was already used for a different request.' });
    const running = new ServerError('Conflict', { response: response(409), bodyText: '{}' });
    expect(outcomeOfError(running)).toEqual({ status: 'unsent' });
    expect(outcomeOfError(new TypeError('Failed to fetch'))).toEqual({ status: 'unsent' });
  });
});
