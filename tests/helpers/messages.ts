// Helpers for the messaging and notification tests: GraphQL documents, sending, direct database
// reads (to check what was stored, not only what was answered), live-event collectors and a
// server whose every SQL statement is counted.
import { and, count, eq, inArray, or } from 'drizzle-orm';
import type { Client } from 'graphql-ws';
import { clubs, messages, notifications, users } from '../../server/src/db/schema/index.js';
import type { Clubroom } from '../../server/src/app/clubroom.js';
import { databaseId, toGlobalId } from '../../server/src/graphql/relay.js';
import { ApiClient, newMember, type GqlAnswer } from './client.js';
import { uniqueName } from './pg.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer } from './server.js';

export const MESSAGE_FIELDS = 'id subject content read createdAt sender { id name } recipient { id name }';
const PAGE_INFO = 'pageInfo { hasNextPage hasPreviousPage startCursor endCursor }';
/** The selection of a connection of `fields`: every edge with its cursor, the page info, the count. */
export const connectionOf = (fields: string) => `{ totalCount ${PAGE_INFO} edges { cursor node { ${fields} } } }`;
const PAGE_VARS = '$first: Int, $after: String, $last: Int, $before: String';
const PAGE_ARGS = 'first: $first, after: $after, last: $last, before: $before';
const PAYLOAD_ERRORS = 'userErrors { field code message }';

export const SEND = `mutation Send($input: SendMessageInput!) { sendMessage(input: $input) { message { ${MESSAGE_FIELDS} } ${PAYLOAD_ERRORS} } }`;
export const INBOX = `query Inbox(${PAGE_VARS}) { inbox(${PAGE_ARGS}) ${connectionOf(MESSAGE_FIELDS)} }`;
export const SENT = `query Sent(${PAGE_VARS}) { sentMessages(${PAGE_ARGS}) ${connectionOf(MESSAGE_FIELDS)} }`;
export const CONVERSATION = `query Conversation($partnerId: ID!, ${PAGE_VARS}) { conversation(partnerId: $partnerId, ${PAGE_ARGS}) ${connectionOf(MESSAGE_FIELDS)} }`;
export const CONVERSATION_FIELDS = `partner { id name } unreadCount lastMessage { ${MESSAGE_FIELDS} }`;
export const CONVERSATIONS = `query Conversations($filter: ConversationFilter, $search: String, ${PAGE_VARS}) {
  conversations(filter: $filter, search: $search, ${PAGE_ARGS}) ${connectionOf(CONVERSATION_FIELDS)}
}`;
export const COUNTS = `query Counts($search: String) { conversationCounts(search: $search) { all unread sent } }`;
export const UNREAD_COUNT = '{ unreadMessageCount }';
export const RECIPIENTS = `query Recipients($search: String, ${PAGE_VARS}) { messageRecipients(search: $search, ${PAGE_ARGS}) ${connectionOf('id name kind')} }`;
export const MARK_CONVERSATION_READ = `mutation MarkConversation($partnerId: ID!) { markConversationRead(input: { partnerId: $partnerId }) { messages { id read } ${PAYLOAD_ERRORS} } }`;
export const MARK_MESSAGES_READ = `mutation MarkMessages($ids: [ID!]!) { markMessagesRead(input: { ids: $ids }) { messages { id read } ${PAYLOAD_ERRORS} } }`;
export const DELETE_MESSAGE = `mutation Delete($id: ID!) { deleteMessage(input: { id: $id }) { deletedMessageId ${PAYLOAD_ERRORS} } }`;

export const NOTIFICATION_FIELDS = 'id type title description read createdAt actionUrl message { id }';
export const NOTIFICATIONS = `query Notifications(${PAGE_VARS}) { notifications(${PAGE_ARGS}) ${connectionOf(NOTIFICATION_FIELDS)} }`;
export const UNREAD_NOTIFICATIONS = '{ unreadNotificationCount }';
export const MARK_NOTIFICATION_READ = `mutation MarkNotification($id: ID!) { markNotificationRead(input: { id: $id }) { notification { ${NOTIFICATION_FIELDS} } ${PAYLOAD_ERRORS} } }`;
export const MARK_ALL_NOTIFICATIONS_READ = `mutation { markAllNotificationsRead { count ${PAYLOAD_ERRORS} } }`;

export interface MemberRef {
  id: string;
  name: string;
}

export interface MessageView {
  id: string;
  subject: string;
  content: string;
  read: boolean;
  createdAt: string;
  sender: MemberRef;
  recipient: MemberRef;
}

export interface ConversationView {
  partner: MemberRef;
  unreadCount: number;
  lastMessage: MessageView;
}

export interface NotificationView {
  id: string;
  type: 'MESSAGE' | 'APPLICATION' | 'SYSTEM';
  title: string;
  description: string;
  read: boolean;
  createdAt: string;
  actionUrl: string | null;
  message: { id: string } | null;
}

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface Connection<T> {
  totalCount: number;
  pageInfo: PageInfo;
  edges: Array<{ cursor: string; node: T }>;
}

export interface UserErrorView {
  field: string | null;
  code: string;
  message: string;
}

/** The items of a connection, in list order. */
export const nodesOf = <T>(connection: Connection<T>): T[] => connection.edges.map((e) => e.node);

/** A member's global id (what GraphQL arguments take), from a signed-up member or a user id. */
export function memberId(m: { user: { id: string } } | string): string {
  return toGlobalId('Member', typeof m === 'string' ? m : m.user.id);
}

/** A message's global id from its database id. */
export const messageId = (uuid: string) => toGlobalId('Message', uuid);

/** The database id of a message's global id (a uuid stays as it is). */
export const messageUuid = (id: string) => databaseId(id, 'Message') ?? id;

export type Member = Awaited<ReturnType<typeof newMember>>;

/** A subject and a content that meet the compose rules. */
export const SUBJECT = 'Training schedule';
export const CONTENT = 'Hello, are you free on Saturday morning?';

/** sendMessage with the raw answer (errors and userErrors included). */
export function send(from: ApiClient, input: Record<string, unknown>): Promise<GqlAnswer<{ sendMessage: { message: MessageView | null; userErrors: UserErrorView[] } }>> {
  return from.gql(SEND, { input });
}

/** Sends and insists it succeeded; answers the message. */
export async function sendOk(from: Member, to: Member | string, input: { subject?: string; content?: string; replyToId?: string } = {}): Promise<MessageView> {
  const recipientId = memberId(to);
  const answer = await send(from.client, { recipientId, subject: input.subject ?? SUBJECT, content: input.content ?? CONTENT, ...(input.replyToId ? { replyToId: input.replyToId } : {}) });
  if (answer.errors?.length || answer.data.sendMessage.userErrors.length) throw new Error(`sendMessage failed: ${JSON.stringify(answer.errors ?? answer.data.sendMessage.userErrors)}`);
  return answer.data.sendMessage.message!;
}

/** The user errors of a mutation that must have been refused by its rules (no GraphQL error, the
 *  payload's results null); `field` names the payload (the mutation's name or alias). */
export function userErrorsOf(answer: GqlAnswer, field: string): UserErrorView[] {
  if (answer.errors?.length) throw new Error(`expected user errors, got GraphQL errors ${JSON.stringify(answer.errors)}`);
  const payload = answer.data?.[field];
  if (!payload?.userErrors?.length) throw new Error(`expected user errors, got ${JSON.stringify(answer.data)}`);
  for (const [key, value] of Object.entries(payload)) if (key !== 'userErrors' && value !== null) throw new Error(`a refused ${field} answered ${key}: ${JSON.stringify(value)}`);
  return payload.userErrors;
}

/** The single user error of a refused mutation. */
export function onlyUserError(answer: GqlAnswer, field: string): UserErrorView {
  const list = userErrorsOf(answer, field);
  if (list.length !== 1) throw new Error(`expected one user error, got ${JSON.stringify(list)}`);
  return list[0]!;
}

/** A mutation that must succeed without user errors; answers its payload. */
export async function mutateOk<T = any>(client: ApiClient, query: string, variables: Record<string, unknown>, field: string): Promise<T> {
  const data = await gqlOk(client, query, variables);
  if (data[field]?.userErrors?.length) throw new Error(`${field} refused: ${JSON.stringify(data[field].userErrors)}`);
  return data[field];
}

/** A query that must succeed; answers its data. */
export async function gqlOk<T = any>(client: ApiClient, query: string, variables?: Record<string, unknown>): Promise<T> {
  const answer = await client.gql<T>(query, variables);
  if (answer.errors?.length) throw new Error(`GraphQL failed: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Direct database reads and writes.

type HasDb = { clubroom: Clubroom };

export function dbOf(server: HasDb) {
  return server.clubroom.database.db;
}

/** Every message row between two users (either way). */
export function messagesBetween(server: HasDb, a: string, b: string) {
  return dbOf(server)
    .select()
    .from(messages)
    .where(or(and(eq(messages.senderId, a), eq(messages.recipientId, b)), and(eq(messages.senderId, b), eq(messages.recipientId, a))));
}

/** Messages sent by one user (any recipient). */
export async function countSentBy(server: HasDb, senderId: string): Promise<number> {
  const [row] = await dbOf(server).select({ n: count() }).from(messages).where(eq(messages.senderId, senderId));
  return Number(row?.n ?? 0);
}

export async function countAllMessages(server: HasDb): Promise<number> {
  const [row] = await dbOf(server).select({ n: count() }).from(messages);
  return Number(row?.n ?? 0);
}

export async function countAllNotifications(server: HasDb): Promise<number> {
  const [row] = await dbOf(server).select({ n: count() }).from(notifications);
  return Number(row?.n ?? 0);
}

/** A message's row by its global id (or database id); null once deleted. */
export async function messageRow(server: HasDb, id: string) {
  const [row] = await dbOf(server).select().from(messages).where(eq(messages.id, messageUuid(id)));
  return row ?? null;
}

/** Message rows by global ids (or database ids), with `id` the global id again. */
export async function messageRows(server: HasDb, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await dbOf(server).select().from(messages).where(inArray(messages.id, ids.map(messageUuid)));
  return rows.map((r) => ({ ...r, id: messageId(r.id) }));
}

/** A user's notification rows, with `messageId` the message's global id. */
export async function notificationsOf(server: HasDb, userId: string) {
  const rows = await dbOf(server).select().from(notifications).where(eq(notifications.userId, userId));
  return rows.map((r) => ({ ...r, messageId: r.messageId ? messageId(r.messageId) : null }));
}

export async function approveClub(server: HasDb, clubId: string): Promise<void> {
  await dbOf(server).update(clubs).set({ applicationStatus: 'approved' }).where(eq(clubs.id, clubId));
}

export async function setClubStatus(server: HasDb, clubId: string, status: 'pending' | 'approved' | 'rejected'): Promise<void> {
  await dbOf(server).update(clubs).set({ applicationStatus: status }).where(eq(clubs.id, clubId));
}

export async function setUserStatus(server: HasDb, userId: string, status: 'active' | 'suspended' | 'banned'): Promise<void> {
  await dbOf(server).update(users).set({ status }).where(eq(users.id, userId));
}

/** The bootstrap platform administrator's user id. */
export async function adminId(server: HasDb): Promise<string> {
  const [row] = await dbOf(server).select({ id: users.id }).from(users).where(eq(users.isPlatformAdmin, true));
  if (!row) throw new Error('no platform admin');
  return row.id;
}

/** Signs in the bootstrap platform administrator. */
export async function adminClient(baseUrl: string): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  const res = await client.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  if (!res.body?.success) throw new Error(`admin sign-in failed: ${res.body?.error}`);
  return client;
}

/** Inserts accounts directly (no password hashing: they never sign in). Answers their ids. */
export async function insertUsers(server: HasDb, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await dbOf(server)
    .insert(users)
    .values(names.map((fullName, i) => ({ email: `${uniqueName('direct')}.${i}@example.com`, fullName, passwordHash: 'not-a-hash' })))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

/** Inserts messages directly, with explicit creation times. */
export async function insertMessages(server: HasDb, rows: Array<{ senderId: string; recipientId: string; subject?: string; content?: string; read?: boolean; createdAt?: Date }>) {
  if (rows.length === 0) return [];
  return dbOf(server)
    .insert(messages)
    .values(rows.map((r) => ({ senderId: r.senderId, recipientId: r.recipientId, subject: r.subject ?? SUBJECT, content: r.content ?? CONTENT, read: r.read ?? false, createdAt: r.createdAt })))
    .returning();
}

// ---------------------------------------------------------------------------------------------
// Live events over graphql-ws.

export interface Collector<T> {
  values: T[];
  errors: unknown[];
  /** Resolves with the n-th value (1-based) once it has arrived. */
  nth(n: number, timeoutMs?: number): Promise<T>;
  /** Resolves with the first value satisfying `test` among those from index `after` on (0: all,
   *  already arrived or coming; pass `values.length` taken before an action to wait for a value
   *  caused by it). */
  until(test: (value: T) => boolean, opts?: { after?: number; timeoutMs?: number }): Promise<T>;
  /** Resolves with the error the subscription ended with. */
  failure(timeoutMs?: number): Promise<unknown>;
  dispose(): void;
}

/** Subscribes and keeps every value (data of each event) in arrival order. */
export function collect<T = any>(ws: Client, query: string): Collector<T> {
  const values: T[] = [];
  const errs: unknown[] = [];
  let waiters: Array<() => void> = [];
  const wake = () => {
    const current = waiters;
    waiters = [];
    for (const w of current) w();
  };
  const dispose = ws.subscribe<T>(
    { query },
    {
      next: (value) => {
        if (value.errors?.length) errs.push(new Error(value.errors.map((e) => e.message).join('; ')));
        else values.push(value.data as T);
        wake();
      },
      error: (err) => {
        errs.push(err instanceof Error ? err : Array.isArray(err) ? new Error(err.map((e: { message?: string }) => e.message).join('; ')) : err);
        wake();
      },
      complete: () => wake(),
    },
  );
  const waitFor = <R>(check: () => R | undefined, what: string, timeoutMs: number): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what} of ${query}; values so far: ${JSON.stringify(values)}; errors: ${errs.map(String).join(', ')}`)), timeoutMs);
      const attempt = () => {
        const found = check();
        if (found !== undefined) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(attempt);
      };
      attempt();
    });
  return {
    values,
    errors: errs,
    nth: (n, timeoutMs = 15_000) => waitFor(() => (values.length >= n ? values[n - 1] : undefined), `event #${n}`, timeoutMs),
    until: (test, { after = 0, timeoutMs = 15_000 } = {}) => waitFor(() => values.slice(after).find(test), 'a matching event', timeoutMs),
    failure: (timeoutMs = 15_000) => waitFor(() => (errs.length > 0 ? errs[0] : undefined), 'an error', timeoutMs),
    dispose,
  };
}

/** Waits until the subscriptions already started on `ws` are listening: a live-value subscription
 *  started after them answers its first value only once the server has handled the earlier
 *  subscribe messages of this socket; a short grace follows for their listeners to attach. */
export async function settled(ws: Client): Promise<void> {
  const barrier = collect<{ unreadNotificationCount: { count: number } }>(ws, 'subscription { unreadNotificationCount { count } }');
  try {
    await barrier.nth(1);
  } finally {
    barrier.dispose();
  }
  await pause(300);
}

// ---------------------------------------------------------------------------------------------
// A server whose every SQL statement is seen.

export interface CountingServer {
  clubroom: Clubroom;
  url: string;
  /** Every statement run through the application's database handle since start, in order. */
  statements: string[];
  close(): Promise<void>;
}

/** Starts an instance whose database handle logs every statement (drizzle's query logger). On
 *  PostgreSQL a copy of the migrated template database; otherwise in-memory PGlite. */
export async function startCountingServer(): Promise<CountingServer> {
  const statements: string[] = [];
  // The mail worker would poll through the same handle: keep it quiet during a count.
  const server = await startServer({}, { MAIL_POLL_INTERVAL_MS: '3600000' }, { logger: { logQuery: (query) => void statements.push(query) } });
  return { clubroom: server.clubroom, url: server.url, statements, close: () => server.close() };
}

// ---------------------------------------------------------------------------------------------
// Answers.

/** The single error of a refused operation, with its data null. */
export function onlyError(answer: GqlAnswer): { message: string; extensions?: { code?: string; fields?: Record<string, string> } } {
  if (!answer.errors?.length) throw new Error(`expected an error, got ${JSON.stringify(answer.data)}`);
  if (answer.errors.length !== 1) throw new Error(`expected one error, got ${JSON.stringify(answer.errors)}`);
  return answer.errors[0]!;
}
