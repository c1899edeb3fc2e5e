// Private messages: every rule of sending, reading, listing and deleting. Ownership is checked
// against the viewer; nobody reads or changes a message they are not party to.
import { and, count, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import { z } from 'zod';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { clubs, messages, users, type MessageRow } from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';
import { containsPattern } from '../../lib/like.js';
import { sanitizeText } from '../../lib/sanitize.js';
import { uuidListRule, uuidRule } from '../../lib/shared/common.rules.js';
import { parseInput } from '../../lib/validate.js';
import { liveValue, Topic, type PubSub } from '../../graphql/pubsub.js';
import { creationPage, instantAndId } from '../../graphql/creation-page.js';
import { connectionFrom, cursorValue, keyset, pageRequest, toGlobalId, type ConnectionResult, type PageArgs } from '../../graphql/relay.js';
import type { Viewer } from '../auth/viewer.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { UsersService, UserView } from '../users/users.service.js';
import { composeMessageRules, idempotencyKeyRule, MESSAGE_MESSAGES, MESSAGE_NOT_FOUND, messagePreview, replyRules, replySubject } from './messages.rules.js';
import { conversationCountsQuery, conversationsCountQuery, conversationsQuery, type ConversationFilter } from './messages.sql.js';

/** A message as lists answer it: with its creation time to the microsecond, for its cursor. */
export type MessageListRow = MessageRow & { cursorAt: string };

export interface ConversationRow {
  partnerId: string;
  lastMessage: MessageRow;
  unreadCount: number;
  /** The last message's time to the microsecond, for the cursor. */
  cursorAt: string;
}

export interface ConversationCounts {
  all: number;
  unread: number;
  sent: number;
}

/** A member the caller can write to, with the key the recipient list is ordered by. */
export type RecipientRow = UserView & { sortName: string };

/** Default page sizes (the web client's lists ask for what they show). */
export const MESSAGE_PAGE_DEFAULT = 50;
export const CONVERSATIONS_PAGE_DEFAULT = 50;
export const RECIPIENTS_PAGE_DEFAULT = 20;

// Checked before anything else (a repeat answers the first message whatever else it says), under
// its own field name.
const idempotencyKeySendRules = z.object({ idempotencyKey: idempotencyKeyRule });
const searchRule = z.string().trim().max(100).nullish().transform((v) => v || undefined);
const filterRule = z.enum(['all', 'unread', 'sent']).nullish().transform((v) => v ?? 'all');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isUuid = (value: string) => UUID.test(value);

/** Cursors of the recipient list: a name and a uuid (the other lists' are instantAndId). */
const nameAndId = (v: unknown[]) => (v.length === 2 && cursorValue.text(v[0]) && cursorValue.uuid(v[1]) ? v : null);

export const CANNOT_MESSAGE_SELF = 'You cannot send a message to yourself.';
export const RECIPIENT_NOT_FOUND = 'Recipient not found';
export { MESSAGE_NOT_FOUND };
export const DELETE_OWN_ONLY = 'You can only delete messages you sent.';

/** Raw rows of the conversations query, in database names. */
interface ConversationSqlRow {
  id: string;
  sender_id: string;
  recipient_id: string;
  subject: string;
  content: string;
  read: boolean;
  read_at: Date | string | null;
  created_at: Date | string;
  idempotency_key: string | null;
  partner_id: string;
  unread_count: number;
  cursor_at: string;
}

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** Not removed by a moderator: a removed message is gone for its sender and its recipient alike
 *  (kept for the audit; platform administrators reach it through the moderation module). */
const NOT_REMOVED = isNull(messages.removedAt);
/** Unread, as a literal (not a parameter): a prepared statement's generic plan then still matches
 *  the partial index messages_unread_idx (`not read and removed_at is null`). */
const UNREAD = sql`not ${messages.read}`;

export class MessagesService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
    private readonly pubsub: PubSub,
  ) {}

  /** Sends a new message, or a reply when `replyToId` names a message of this conversation.
   *  With an `idempotencyKey` the caller already used, nothing is sent: the answer is the message
   *  first sent with that key (whatever the other fields say now). */
  async send(viewer: Viewer, raw: unknown): Promise<MessageRow> {
    const { idempotencyKey } = parseInput(idempotencyKeySendRules, { idempotencyKey: (raw as { idempotencyKey?: unknown } | null)?.idempotencyKey });
    if (idempotencyKey !== null) {
      const first = await this.sentWithKey(this.db, viewer.userId, idempotencyKey);
      if (first) return first;
    }
    const replyToId = (raw as { replyToId?: unknown } | null)?.replyToId;
    let recipientId: string;
    let subject: string;
    let content: string;
    if (replyToId !== undefined && replyToId !== null) {
      const input = parseInput(replyRules, raw);
      const [original] =
        isUuid(input.replyToId) && isUuid(input.recipientId)
          ? await this.db
              .select({ subject: messages.subject })
              .from(messages)
              .where(and(eq(messages.id, input.replyToId), this.between(viewer.userId, input.recipientId), NOT_REMOVED))
          : [];
      if (!original) throw new AppError('NOT_FOUND', MESSAGE_NOT_FOUND, { replyToId: MESSAGE_NOT_FOUND });
      recipientId = input.recipientId;
      subject = replySubject(original.subject);
      content = sanitizeText(input.content);
      if (!content) throw errors.validation(MESSAGE_MESSAGES.replyEmpty, { content: MESSAGE_MESSAGES.replyEmpty });
    } else {
      const input = parseInput(composeMessageRules, raw);
      recipientId = input.recipientId;
      subject = sanitizeText(input.subject);
      content = sanitizeText(input.content);
      // What is left after sanitising must still meet the rules.
      parseInput(composeMessageRules, { recipientId, subject, content });
    }
    if (recipientId === viewer.userId) throw errors.validation(CANNOT_MESSAGE_SELF, { recipientId: CANNOT_MESSAGE_SELF });
    const [recipient] = isUuid(recipientId) ? await this.db.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, recipientId)) : [];
    if (!recipient || recipient.status !== 'active') throw errors.validation(RECIPIENT_NOT_FOUND, { recipientId: RECIPIENT_NOT_FOUND });

    const senderName = (await this.users.displayNames([viewer.userId])).get(viewer.userId) ?? 'Someone';
    return this.db.transaction(async (tx) => {
      const [message] = await tx
        .insert(messages)
        .values({ senderId: viewer.userId, recipientId, subject, content, idempotencyKey })
        // A concurrent send with the same key got there first (the unique index waits for it to
        // commit): answer its message, and notify nobody a second time.
        .onConflictDoNothing({ target: [messages.senderId, messages.idempotencyKey], where: sql`${messages.idempotencyKey} is not null` })
        .returning();
      if (!message) {
        const first = idempotencyKey === null ? undefined : await this.sentWithKey(tx, viewer.userId, idempotencyKey);
        if (!first) throw new Error('idempotency key conflict without a message');
        return first;
      }
      await this.announce(tx, message, senderName);
      return message;
    });
  }

  /** Delivers a message inside the caller's transaction (a moderator's warning): no rules of
   *  sending apply; the recipient's bell, inbox and unread badge hear of it after commit. */
  async deliverWithin(tx: Executor, input: { senderId: string; recipientId: string; subject: string; content: string }): Promise<MessageRow> {
    const [message] = await tx.insert(messages).values(input).returning();
    const senderName = (await this.users.displayNames([input.senderId])).get(input.senderId) ?? 'Someone';
    await this.announce(tx, message!, senderName);
    return message!;
  }

  /** The recipient's notification and live events of a new message, in its transaction. */
  private async announce(tx: Executor, message: MessageRow, senderName: string): Promise<void> {
    await this.notifications.create(tx, {
      userId: message.recipientId,
      type: 'message',
      title: `New message from ${senderName}`,
      description: messagePreview(message.content),
      // The web app's conversation with the sender, named by the sender's global id.
      actionUrl: `/messages/${toGlobalId('Member', message.senderId)}`,
      messageId: message.id,
    });
    await this.pubsub.publish(Topic.MessageReceived, { messageId: message.id }, { id: message.recipientId, executor: tx });
    await this.pubsub.publish(Topic.UnreadMessagesChanged, {}, { id: message.recipientId, executor: tx });
  }

  private between(a: string, b: string) {
    return or(and(eq(messages.senderId, a), eq(messages.recipientId, b)), and(eq(messages.senderId, b), eq(messages.recipientId, a)));
  }

  /** A page of the messages matching `where` (never a removed one), ordered by time and id
   *  (`order`), with a lazy count. */
  private async messagePage(list: string, matching: SQL, order: 'asc' | 'desc', args: PageArgs): Promise<ConnectionResult<MessageListRow>> {
    return creationPage(this.db, messages, and(matching, NOT_REMOVED), args, { list, defaultSize: MESSAGE_PAGE_DEFAULT, order });
  }

  /** Messages the caller received, newest first. */
  inbox(viewer: Viewer, args: PageArgs): Promise<ConnectionResult<MessageListRow>> {
    return this.messagePage('inbox', eq(messages.recipientId, viewer.userId), 'desc', args);
  }

  /** Messages the caller sent, newest first. */
  sent(viewer: Viewer, args: PageArgs): Promise<ConnectionResult<MessageListRow>> {
    return this.messagePage('sentMessages', eq(messages.senderId, viewer.userId), 'desc', args);
  }

  /** The caller's conversation with one partner (a user id, or null for an id that names nobody:
   *  an empty list), oldest to newest: the newest page is `last: n`, older ones `before`. */
  async conversation(viewer: Viewer, partnerId: string | null, args: PageArgs): Promise<ConnectionResult<MessageListRow>> {
    if (partnerId === null || !isUuid(partnerId)) {
      const req = pageRequest(args, instantAndId, MESSAGE_PAGE_DEFAULT, 'conversation');
      return connectionFrom<MessageListRow>([], req, (r) => [r.cursorAt, r.id], 0);
    }
    return this.messagePage('conversation', this.between(viewer.userId, partnerId)!, 'asc', args);
  }

  /** The message first sent with this key; one a moderator removed since is not answered again
   *  (NOT_FOUND: it is gone for its sender too). */
  private async sentWithKey(db: Executor, senderId: string, key: string): Promise<MessageRow | undefined> {
    const [row] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, senderId), eq(messages.idempotencyKey, key)));
    if (row?.removedAt) throw new AppError('NOT_FOUND', MESSAGE_NOT_FOUND, { idempotencyKey: MESSAGE_NOT_FOUND });
    return row;
  }

  /** One row per counterpart, newest conversation first, a page at a time. */
  async conversations(viewer: Viewer, args: PageArgs & { filter?: unknown; search?: unknown }): Promise<ConnectionResult<ConversationRow>> {
    const filter = parseInput(filterRule, args.filter) as ConversationFilter;
    const search = parseInput(searchRule, args.search);
    const req = pageRequest(args, instantAndId, CONVERSATIONS_PAGE_DEFAULT, 'conversations');
    const rows = rowsOf<ConversationSqlRow>(await this.db.execute(conversationsQuery(viewer.userId, { filter, search, req })));
    const conversations = rows.map(
      (r): ConversationRow => ({
        partnerId: r.partner_id,
        unreadCount: Number(r.unread_count),
        cursorAt: r.cursor_at,
        lastMessage: {
          id: r.id,
          senderId: r.sender_id,
          recipientId: r.recipient_id,
          subject: r.subject,
          content: r.content,
          read: r.read,
          readAt: r.read_at === null ? null : asDate(r.read_at),
          createdAt: asDate(r.created_at),
          idempotencyKey: r.idempotency_key,
          removedAt: null,
        },
      }),
    );
    return connectionFrom(conversations, req, (c) => [c.cursorAt, c.partnerId], async () => {
      const [row] = rowsOf<{ n: number }>(await this.db.execute(conversationsCountQuery(viewer.userId, { filter, search })));
      return Number(row?.n ?? 0);
    });
  }

  async conversationCounts(viewer: Viewer, search: unknown): Promise<ConversationCounts> {
    const term = parseInput(searchRule, search);
    const [row] = rowsOf<ConversationCounts>(await this.db.execute(conversationCountsQuery(viewer.userId, term)));
    return { all: Number(row?.all ?? 0), unread: Number(row?.unread ?? 0), sent: Number(row?.sent ?? 0) };
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.recipientId, userId), UNREAD, NOT_REMOVED));
    return Number(row?.n ?? 0);
  }

  /** The caller's unread count now and after every change. */
  unreadCountStream(viewer: Viewer | null): AsyncIterable<number> {
    if (!viewer) throw errors.unauthenticated();
    return liveValue(this.pubsub, Topic.UnreadMessagesChanged, viewer.userId, () => this.unreadCount(viewer.userId));
  }

  /** Who the caller can write to: other active members that are volunteers or approved clubs not
   *  removed by a moderator (never a platform administrator), by name, a page at a time. */
  async recipients(viewer: Viewer, args: PageArgs & { search?: unknown }): Promise<ConnectionResult<RecipientRow>> {
    const search = parseInput(searchRule, args.search);
    const req = pageRequest(args, nameAndId, RECIPIENTS_PAGE_DEFAULT, 'messageRecipients');
    const name = sql<string>`coalesce(${clubs.name}, ${users.fullName})`;
    const sortName = sql<string>`lower(${name})`;
    const term = search ? containsPattern(search) : undefined;
    const writable = and(
      ne(users.id, viewer.userId),
      eq(users.status, 'active'),
      eq(users.isPlatformAdmin, false),
      sql`(${clubs.id} is null or (${clubs.applicationStatus} = 'approved' and ${clubs.removedAt} is null))`,
      term ? sql`${name} ilike ${term}` : undefined,
    )!;
    const page = keyset(
      [
        [sortName, 'text'],
        [users.id as never, 'uuid'],
      ],
      'asc',
      req,
    );
    const rows = await this.db
      .select({ id: users.id, sortName })
      .from(users)
      .leftJoin(clubs, eq(clubs.id, users.id))
      .where(page.where ? and(writable, page.where) : writable)
      .orderBy(...page.orderBy)
      .limit(page.limit);
    const connection = connectionFrom(rows, req, (r) => [r.sortName, r.id], async () => {
      const [row] = await this.db.select({ n: count() }).from(users).leftJoin(clubs, eq(clubs.id, users.id)).where(writable);
      return Number(row?.n ?? 0);
    });
    // The page's members, in one statement; one that vanished meanwhile is left out.
    const views = new Map((await this.users.viewMany(connection.nodes.map((r) => r.id))).map((v) => [v.id, v]));
    const edges = connection.edges.flatMap((edge) => {
      const view = views.get(edge.node.id);
      return view ? [{ cursor: edge.cursor, node: { ...view, sortName: edge.node.sortName } }] : [];
    });
    return { ...connection, edges, nodes: edges.map((e) => e.node) } as ConnectionResult<RecipientRow>;
  }

  /** Marks every message from `partnerId` (a user id, or null for an id naming nobody) to the
   *  caller read; answers the messages that changed. */
  async markConversationRead(viewer: Viewer, partnerId: string | null): Promise<MessageRow[]> {
    if (partnerId === null || !isUuid(partnerId)) return [];
    return this.db.transaction((tx) => this.markRead(tx, viewer, and(eq(messages.senderId, partnerId), eq(messages.recipientId, viewer.userId))!));
  }

  /** Marks the given messages read where the caller is their recipient; other ids change nothing
   *  (ids that are not UUIDs are dropped). Answers the messages that changed. */
  async markMessagesRead(viewer: Viewer, ids: unknown): Promise<MessageRow[]> {
    const valid = parseInput(uuidListRule, ids);
    if (valid.length === 0) return [];
    return this.db.transaction((tx) => this.markRead(tx, viewer, and(anyOf(messages.id, valid), eq(messages.recipientId, viewer.userId))!));
  }

  /** For use inside another domain's transaction (a notification click); answers the ids changed. */
  markMessagesReadIn = async (tx: Executor, viewer: Viewer, ids: string[]): Promise<string[]> =>
    (await this.markRead(tx, viewer, and(anyOf(messages.id, ids), eq(messages.recipientId, viewer.userId))!)).map((r) => r.id);

  private async markRead(tx: Executor, viewer: Viewer, where: SQL): Promise<MessageRow[]> {
    const rows = await tx
      .update(messages)
      .set({ read: true, readAt: new Date() })
      .where(and(where, UNREAD, NOT_REMOVED))
      .returning();
    if (rows.length === 0) return [];
    const bySender = new Map<string, string[]>();
    for (const r of rows) bySender.set(r.senderId, [...(bySender.get(r.senderId) ?? []), r.id]);
    // NOTIFY payloads are limited to 8000 bytes: send ids in chunks.
    for (const [senderId, ids] of bySender) {
      for (let i = 0; i < ids.length; i += 100) {
        await this.pubsub.publish(Topic.MessagesRead, { messageIds: ids.slice(i, i + 100) }, { id: senderId, executor: tx });
      }
    }
    await this.pubsub.publish(Topic.UnreadMessagesChanged, {}, { id: viewer.userId, executor: tx });
    await this.notifications.markReadForMessages(tx, viewer.userId, rows.map((r) => r.id));
    return rows;
  }

  /** Deletes a message the caller sent. A received message cannot be deleted; a message the caller
   *  is not party to is not found. */
  async delete(viewer: Viewer, messageId: unknown): Promise<string> {
    const { id } = parseInput(z.object({ id: uuidRule('message') }), { id: messageId });
    return this.db.transaction(async (tx) => {
      const [message] = await tx.select().from(messages).where(eq(messages.id, id)).for('update');
      if (!message || message.removedAt !== null || (message.senderId !== viewer.userId && message.recipientId !== viewer.userId)) throw new AppError('NOT_FOUND', MESSAGE_NOT_FOUND, { id: MESSAGE_NOT_FOUND });
      if (message.senderId !== viewer.userId) throw new AppError('FORBIDDEN', DELETE_OWN_ONLY);
      await tx.delete(messages).where(eq(messages.id, id));
      await this.pubsub.publish(Topic.MessageDeleted, { messageId: id }, { id: message.recipientId, executor: tx });
      if (!message.read) await this.pubsub.publish(Topic.UnreadMessagesChanged, {}, { id: message.recipientId, executor: tx });
      await this.pubsub.publish(Topic.NotificationsChanged, {}, { id: message.recipientId, executor: tx });
      return id;
    });
  }

  /** Messages by id, removed ones left out (node, a notification's message, live events). */
  async byIds(ids: readonly string[]): Promise<MessageRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(messages)
      .where(and(anyOf(messages.id, [...ids]), NOT_REMOVED));
  }
}
