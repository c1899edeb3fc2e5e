// Private messages: every rule of sending, reading, listing and deleting. Ownership is checked
// against the viewer; nobody reads or changes a message they are not party to.
import { and, count, eq, getTableColumns, isNull, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { anyOf, anyOfPlaceholder } from '../../db/any.js';
import { z } from 'zod';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { clubs, messages, users, type MessageRow } from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';
import { containsPattern } from '../../lib/like.js';
import { sanitizeText } from '../../lib/sanitize.js';
import { uuidListRule, uuidRule } from '../../lib/shared/common.rules.js';
import { parseInput } from '../../lib/validate.js';
import { WriteLimiter } from '../../lib/write-limits.js';
import { liveValue, Topic, type PubSub } from '../../graphql/pubsub.js';
import { instantAndId } from '../../graphql/creation-page.js';
import { connectionFrom, cursorValue, keyset, pageRequest, preciseInstant, toGlobalId, type ConnectionResult, type PageArgs } from '../../graphql/relay.js';
import type { Viewer } from '../../lib/viewer.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { NotificationDispatcher } from '../notifications/notify.service.js';
import type { MemberBlocksService } from './member-blocks.service.js';
import type { UsersService, UserView } from '../users/users.service.js';
import { BLOCK_MESSAGES, composeMessageRules, idempotencyKeyRule, MESSAGE_MESSAGES, MESSAGE_NOT_FOUND, messagePreview, replyRules, replySubject, TOO_MANY_MESSAGES } from './messages.rules.js';
import { conversationCountsQuery, conversationsCountQuery, conversationsQuery, prepareRaw, type ConversationFilter, type ConversationsShape } from './messages.sql.js';
import { DELETION_MESSAGES } from '../account/account.rules.js';
import type { WebhookEmitter, WebhookEvent } from '../webhooks/webhooks.rules.js';

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
const deleteRules = z.object({ id: uuidRule('message') });

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

// The placeholders of the prepared reads (MessagesService.statement): the caller, a conversation's
// partner, the cursor's sort key (an instant, or a name for the recipients) and id, the LIMIT, a
// list of message ids.
const ME = sql.placeholder('me');
const PARTNER = sql.placeholder('partner');
const CURSOR = [sql.placeholder('cursorKey'), sql.placeholder('cursorId')];
const LIMIT = sql.placeholder('limit');

/** Both directions between two members. */
function between(a: string | SQLWrapper, b: string | SQLWrapper): SQL {
  return or(and(eq(messages.senderId, a), eq(messages.recipientId, b)), and(eq(messages.senderId, b), eq(messages.recipientId, a)))!;
}

/** The message lists, each in its order, with the messages it holds (never a removed one). */
const MESSAGE_LISTS = {
  inbox: { order: 'desc', matching: and(eq(messages.recipientId, ME), NOT_REMOVED)! },
  sentMessages: { order: 'desc', matching: and(eq(messages.senderId, ME), NOT_REMOVED)! },
  conversation: { order: 'asc', matching: and(between(ME, PARTNER), NOT_REMOVED)! },
} as const;
type MessageList = keyof typeof MESSAGE_LISTS;
const MESSAGE_KEYS = [
  [messages.createdAt as never, 'timestamptz'],
  [messages.id as never, 'uuid'],
] as const;

/** How the recipient list names and orders a member: the club's name for a club account. */
const RECIPIENT_NAME = sql<string>`coalesce(${clubs.name}, ${users.fullName})`;
const RECIPIENT_SORT_NAME = sql<string>`lower(${RECIPIENT_NAME})`;
const RECIPIENT_KEYS = [
  [RECIPIENT_SORT_NAME, 'text'],
  [users.id as never, 'uuid'],
] as const;

/** Whom the caller (`me`) can write to, named like `term` when searching (a LIKE pattern). */
function writableBy(search: boolean): SQL {
  return and(
    ne(users.id, ME),
    eq(users.status, 'active'),
    eq(users.isPlatformAdmin, false),
    sql`(${clubs.id} is null or (${clubs.applicationStatus} = 'approved' and ${clubs.removedAt} is null))`,
    search ? sql`${RECIPIENT_NAME} ilike ${sql.placeholder('term')}` : undefined,
  )!;
}

/** The webhook event of a message that reached its recipient (docs/API.md, 'Webhook events'): for
 *  the recipient only, as the schema's Message names it. */
export function messageReceivedEvent(message: MessageRow, senderName: string): WebhookEvent {
  return {
    kind: 'message.received',
    audience: { memberIds: [message.recipientId] },
    data: {
      message: {
        id: toGlobalId('Message', message.id),
        subject: message.subject,
        content: message.content,
        createdAt: message.createdAt.toISOString(),
        sender: { id: toGlobalId('Member', message.senderId), name: senderName },
        recipient: { id: toGlobalId('Member', message.recipientId) },
      },
    },
  };
}

export class MessagesService {
  /** Messages per sender per recipient, and per sender, per hour. */
  private readonly limiter: WriteLimiter;

  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly notifications: Pick<NotificationsService, 'markReadForMessages'>,
    private readonly notify: Pick<NotificationDispatcher, 'notify'>,
    private readonly blocks: Pick<MemberBlocksService, 'isBlocked'>,
    private readonly pubsub: PubSub,
    private readonly appUrl: string,
    /** Webhook events (issue 31): `message.received`, to the recipient's own endpoints. */
    private readonly webhooks: WebhookEmitter,
    limits: { messagesPerRecipient: number; messagesPerSender: number } = { messagesPerRecipient: 60, messagesPerSender: 200 },
  ) {
    this.limiter = new WriteLimiter(
      db,
      [
        { name: 'message_recipient', points: limits.messagesPerRecipient, windowSeconds: 3600 },
        { name: 'message_sender', points: limits.messagesPerSender, windowSeconds: 3600 },
      ],
      TOO_MANY_MESSAGES,
    );
  }

  /** The hot reads' statements, one per shape, written and prepared on the root database the first
   *  time they are needed (drizzle then neither builds the query nor maps its selection again;
   *  a request only fills in the placeholders). Never used inside a transaction. */
  private readonly statements = new Map<string, unknown>();

  private statement<T>(key: string, make: () => T): T {
    let statement = this.statements.get(key) as T | undefined;
    if (statement === undefined) this.statements.set(key, (statement = make()));
    return statement;
  }

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
              .where(and(eq(messages.id, input.replyToId), between(viewer.userId, input.recipientId), NOT_REMOVED))
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
    if (recipient?.status === 'deleted') throw errors.validation(DELETION_MESSAGES.recipientDeleted, { recipientId: DELETION_MESSAGES.recipientDeleted });
    if (!recipient || recipient.status !== 'active') throw errors.validation(RECIPIENT_NOT_FOUND, { recipientId: RECIPIENT_NOT_FOUND });
    // A member who blocked the sender does not hear from them: refused, nothing sent or counted.
    if (await this.blocks.isBlocked(this.db, recipientId, viewer.userId)) throw errors.validation(BLOCK_MESSAGES.blockedYou, { recipientId: BLOCK_MESSAGES.blockedYou });
    // A valid send counts against the sender's limits (an idempotent repeat, answered above, does
    // not); past them RATE_LIMITED, before anything is written.
    await this.limiter.consume({ message_recipient: [viewer.userId, recipientId], message_sender: [viewer.userId] });

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

  /** Delivers a moderator's warning inside the caller's transaction: no rules of sending apply;
   *  the recipient is told as of a moderation notice (which they cannot turn off in the app), and
   *  their inbox and unread badge hear of it after commit. */
  async deliverWithin(tx: Executor, input: { senderId: string; recipientId: string; subject: string; content: string }): Promise<MessageRow> {
    const [message] = await tx.insert(messages).values(input).returning();
    const senderName = (await this.users.displayNames([input.senderId], tx)).get(input.senderId) ?? 'Someone';
    await this.announce(tx, message!, senderName, 'moderation_notice');
    return message!;
  }

  /** The recipient's notification and live events of a new message, in its transaction. */
  private async announce(tx: Executor, message: MessageRow, senderName: string, kind: 'message_received' | 'moderation_notice' = 'message_received'): Promise<void> {
    // The web app's conversation with the sender, named by the sender's global id.
    const actionUrl = `/messages/${toGlobalId('Member', message.senderId)}`;
    await this.notify.notify(tx, message.recipientId, {
      kind,
      actorId: message.senderId,
      title: `New message from ${senderName}`,
      description: messagePreview(message.content),
      actionUrl,
      messageId: message.id,
      group: { key: `conversation:${message.senderId}`, label: `Messages from ${senderName}` },
      email: {
        subject: `New message from ${senderName}: ${message.subject}`,
        paragraphs: [`${senderName} sent you a message, “${message.subject}”:`, messagePreview(message.content)],
        action: { url: `${this.appUrl}${actionUrl}`, label: 'Read and reply' },
        // A burst of messages from one sender is one email while it waits to be sent.
        collapseKey: `message:${message.senderId}`,
      },
    });
    await this.webhooks.emit(tx, messageReceivedEvent(message, senderName));
    await this.pubsub.publish(Topic.MessageReceived, { messageId: message.id }, { id: message.recipientId, executor: tx });
    await this.pubsub.publish(Topic.UnreadMessagesChanged, {}, { id: message.recipientId, executor: tx });
  }

  /** A page of a message list, ordered by time and id, with a lazy count (as creationPage reads
   *  it, by statements prepared per list, direction and cursor). `values`: `me`, and `partner`
   *  for a conversation. */
  private async messagePage(list: MessageList, values: { me: string; partner?: string }, args: PageArgs): Promise<ConnectionResult<MessageListRow>> {
    const req = pageRequest(args, instantAndId, MESSAGE_PAGE_DEFAULT, list);
    const { order, matching } = MESSAGE_LISTS[list];
    const shape = { forward: req.forward, cursor: req.cursor !== null };
    const statement = this.statement(`${list}:${shape.forward}:${shape.cursor}`, () => {
      const page = keyset(MESSAGE_KEYS, order, { ...shape, size: 0, cursor: shape.cursor ? CURSOR : null, hasAfter: false, hasBefore: false, list });
      return this.db
        .select({ ...getTableColumns(messages), cursorAt: preciseInstant(messages.createdAt) })
        .from(messages)
        .where(page.where ? and(matching, page.where) : matching)
        .orderBy(...page.orderBy)
        .limit(LIMIT)
        .prepare(`${list}_page`);
    });
    const rows = await statement.execute({ ...values, cursorKey: req.cursor?.[0], cursorId: req.cursor?.[1], limit: req.size + 1 });
    return connectionFrom(rows, req, (r) => [r.cursorAt, r.id], async () => {
      const counting = this.statement(`${list}:count`, () => this.db.select({ n: count() }).from(messages).where(matching).prepare(`${list}_count`));
      const [row] = await counting.execute(values);
      return Number(row?.n ?? 0);
    });
  }

  /** Messages the caller received, newest first. */
  inbox(viewer: Viewer, args: PageArgs): Promise<ConnectionResult<MessageListRow>> {
    return this.messagePage('inbox', { me: viewer.userId }, args);
  }

  /** Messages the caller sent, newest first. */
  sent(viewer: Viewer, args: PageArgs): Promise<ConnectionResult<MessageListRow>> {
    return this.messagePage('sentMessages', { me: viewer.userId }, args);
  }

  /** The caller's conversation with one partner (a user id, or null for an id that names nobody:
   *  an empty list), oldest to newest: the newest page is `last: n`, older ones `before`. */
  async conversation(viewer: Viewer, partnerId: string | null, args: PageArgs): Promise<ConnectionResult<MessageListRow>> {
    if (partnerId === null || !isUuid(partnerId)) {
      const req = pageRequest(args, instantAndId, MESSAGE_PAGE_DEFAULT, 'conversation');
      return connectionFrom<MessageListRow>([], req, (r) => [r.cursorAt, r.id], 0);
    }
    return this.messagePage('conversation', { me: viewer.userId, partner: partnerId }, args);
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
    const shape: ConversationsShape = { filter, search: search !== undefined, forward: req.forward, cursor: req.cursor !== null };
    const term = search === undefined ? undefined : containsPattern(search);
    const statement = this.statement(`conversations:${Object.values(shape).join(':')}`, () => prepareRaw(this.db, conversationsQuery(shape), 'conversations_page'));
    const rows = rowsOf<ConversationSqlRow>(await statement.execute({ me: viewer.userId, term, cursorAt: req.cursor?.[0], cursorPartner: req.cursor?.[1], limit: req.size + 1 }));
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
      const counting = this.statement(`conversations:count:${filter}:${shape.search}`, () => prepareRaw(this.db, conversationsCountQuery(shape), 'conversations_count'));
      const [row] = rowsOf<{ n: number }>(await counting.execute({ me: viewer.userId, term }));
      return Number(row?.n ?? 0);
    });
  }

  async conversationCounts(viewer: Viewer, search: unknown): Promise<ConversationCounts> {
    const term = parseInput(searchRule, search);
    const statement = this.statement(`conversationCounts:${term !== undefined}`, () => prepareRaw(this.db, conversationCountsQuery(term !== undefined), 'conversation_counts'));
    const [row] = rowsOf<ConversationCounts>(await statement.execute({ me: viewer.userId, term: term === undefined ? undefined : containsPattern(term) }));
    return { all: Number(row?.all ?? 0), unread: Number(row?.unread ?? 0), sent: Number(row?.sent ?? 0) };
  }

  async unreadCount(userId: string): Promise<number> {
    const statement = this.statement('unreadCount', () =>
      this.db
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.recipientId, ME), UNREAD, NOT_REMOVED))
        .prepare('unread_messages'),
    );
    const [row] = await statement.execute({ me: userId });
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
    const shape = { search: search !== undefined, forward: req.forward, cursor: req.cursor !== null };
    const values = { me: viewer.userId, term: search === undefined ? undefined : containsPattern(search) };
    const statement = this.statement(`recipients:${shape.search}:${shape.forward}:${shape.cursor}`, () => {
      const page = keyset(RECIPIENT_KEYS, 'asc', { ...shape, size: 0, cursor: shape.cursor ? CURSOR : null, hasAfter: false, hasBefore: false, list: 'messageRecipients' });
      const writable = writableBy(shape.search);
      return this.db
        .select({ id: users.id, sortName: RECIPIENT_SORT_NAME })
        .from(users)
        .leftJoin(clubs, eq(clubs.id, users.id))
        .where(page.where ? and(writable, page.where) : writable)
        .orderBy(...page.orderBy)
        .limit(LIMIT)
        .prepare('recipients_page');
    });
    const rows = await statement.execute({ ...values, cursorKey: req.cursor?.[0], cursorId: req.cursor?.[1], limit: req.size + 1 });
    const connection = connectionFrom(rows, req, (r) => [r.sortName, r.id], async () => {
      const counting = this.statement(`recipients:count:${shape.search}`, () =>
        this.db.select({ n: count() }).from(users).leftJoin(clubs, eq(clubs.id, users.id)).where(writableBy(shape.search)).prepare('recipients_count'),
      );
      const [row] = await counting.execute(values);
      return Number(row?.n ?? 0);
    });
    // The page's members, in one statement; one that vanished meanwhile is left out.
    const views = new Map((await this.users.viewMany(connection.nodes.map((r) => r.id))).map((v) => [v.id, v]));
    return connection.withEdges(
      connection.edges.flatMap((edge) => {
        const view = views.get(edge.node.id);
        return view ? [{ cursor: edge.cursor, node: { ...view, sortName: edge.node.sortName } }] : [];
      }),
    );
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
    const { id } = parseInput(deleteRules, { id: messageId });
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
    const statement = this.statement('byIds', () => this.db.select().from(messages).where(and(anyOfPlaceholder(messages.id, 'ids'), NOT_REMOVED)).prepare('messages_by_ids'));
    return statement.execute({ ids: [...ids] });
  }
}

declare module '../../lib/services.js' {
  interface Services {
    messages: MessagesService;
  }
}
