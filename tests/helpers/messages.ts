// Helpers for the messaging and notification tests: GraphQL documents, sending, direct database
// reads (to check what was stored, not only what was answered), live-event collectors and a
// server whose every SQL statement is counted.
import { and, count, eq, inArray, or } from 'drizzle-orm';
import type { Client } from 'graphql-ws';
import { clubs, messages, notifications, users } from '../../server/src/db/schema/index.js';
import type { Clubroom } from '../../server/src/http/app.js';
import { ApiClient, newMember, type GqlAnswer } from './client.js';
import { uniqueName } from './pg.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer } from './server.js';

export const MESSAGE_FIELDS = 'id senderId recipientId subject content read createdAt senderName recipientName';

export const SEND = `mutation Send($input: SendMessageInput!) { sendMessage(input: $input) { ${MESSAGE_FIELDS} } }`;
export const INBOX = `query Inbox($limit: Int, $offset: Int) { inbox(limit: $limit, offset: $offset) { ${MESSAGE_FIELDS} } }`;
export const SENT = `query Sent($limit: Int, $offset: Int) { sentMessages(limit: $limit, offset: $offset) { ${MESSAGE_FIELDS} } }`;
export const CONVERSATION = `query Conversation($partnerId: ID!, $limit: Int) { conversation(partnerId: $partnerId, limit: $limit) { ${MESSAGE_FIELDS} } }`;
export const CONVERSATIONS = `query Conversations($filter: ConversationFilter, $search: String, $limit: Int, $offset: Int) {
  conversations(filter: $filter, search: $search, limit: $limit, offset: $offset) {
    partnerId partnerName unreadCount lastMessage { ${MESSAGE_FIELDS} }
  }
}`;
export const COUNTS = `query Counts($search: String) { conversationCounts(search: $search) { all unread sent } }`;
export const UNREAD_COUNT = '{ unreadMessageCount }';
export const RECIPIENTS = `query Recipients($search: String, $limit: Int) { messageRecipients(search: $search, limit: $limit) { id name kind } }`;
export const MARK_CONVERSATION_READ = 'mutation MarkConversation($senderId: ID!) { markConversationRead(senderId: $senderId) }';
export const MARK_MESSAGES_READ = 'mutation MarkMessages($ids: [ID!]!) { markMessagesRead(ids: $ids) }';
export const DELETE_MESSAGE = 'mutation Delete($id: ID!) { deleteMessage(id: $id) }';

export const NOTIFICATION_FIELDS = 'id type title description read createdAt actionUrl messageId';
export const NOTIFICATIONS = `query Notifications($limit: Int) { notifications(limit: $limit) { ${NOTIFICATION_FIELDS} } }`;
export const UNREAD_NOTIFICATIONS = '{ unreadNotificationCount }';
export const MARK_NOTIFICATION_READ = `mutation MarkNotification($id: ID!) { markNotificationRead(id: $id) { ${NOTIFICATION_FIELDS} } }`;
export const MARK_ALL_NOTIFICATIONS_READ = 'mutation { markAllNotificationsRead }';

export interface MessageView {
  id: string;
  senderId: string;
  recipientId: string;
  subject: string;
  content: string;
  read: boolean;
  createdAt: string;
  senderName: string;
  recipientName: string;
}

export interface ConversationView {
  partnerId: string;
  partnerName: string;
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
  messageId: string | null;
}

export type Member = Awaited<ReturnType<typeof newMember>>;

/** A subject and a content that meet the compose rules. */
export const SUBJECT = 'Training schedule';
export const CONTENT = 'Hello, are you free on Saturday morning?';

/** sendMessage with the raw answer (errors included). */
export function send(from: ApiClient, input: Record<string, unknown>): Promise<GqlAnswer<{ sendMessage: MessageView }>> {
  return from.gql(SEND, { input });
}

/** Sends and insists it succeeded; answers the message. */
export async function sendOk(from: Member, to: Member | string, input: { subject?: string; content?: string; replyToId?: string } = {}): Promise<MessageView> {
  const recipientId = typeof to === 'string' ? to : to.user.id;
  const answer = await send(from.client, { recipientId, subject: input.subject ?? SUBJECT, content: input.content ?? CONTENT, ...(input.replyToId ? { replyToId: input.replyToId } : {}) });
  if (answer.errors?.length) throw new Error(`sendMessage failed: ${JSON.stringify(answer.errors)}`);
  return answer.data.sendMessage;
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

export async function messageRow(server: HasDb, id: string) {
  const [row] = await dbOf(server).select().from(messages).where(eq(messages.id, id));
  return row ?? null;
}

export async function messageRows(server: HasDb, ids: string[]) {
  if (ids.length === 0) return [];
  return dbOf(server).select().from(messages).where(inArray(messages.id, ids));
}

export function notificationsOf(server: HasDb, userId: string) {
  return dbOf(server).select().from(notifications).where(eq(notifications.userId, userId));
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
  const barrier = collect<{ unreadNotificationCount: number }>(ws, 'subscription { unreadNotificationCount }');
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
