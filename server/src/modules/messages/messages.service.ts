// Private messages: every rule of sending, reading, listing and deleting. Ownership is checked
// against the viewer; nobody reads or changes a message they are not party to.
import { and, asc, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { clubs, messages, users, type MessageRow } from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';
import { sanitizeText } from '../../lib/sanitize.js';
import { uuidListRule, uuidRule } from '../../lib/shared/common.rules.js';
import { parseInput } from '../../lib/validate.js';
import { liveValue, Topic, type PubSub } from '../../graphql/pubsub.js';
import type { Viewer } from '../auth/viewer.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { UsersService } from '../users/users.service.js';
import { composeMessageRules, idempotencyKeyRule, MESSAGE_MESSAGES, messagePreview, replyRules, replySubject } from './messages.rules.js';
import { conversationCountsQuery, conversationsQuery, type ConversationFilter } from './messages.sql.js';

export interface ConversationRow {
  partnerId: string;
  partnerName: string;
  lastMessage: MessageRow;
  unreadCount: number;
}

export interface ConversationCounts {
  all: number;
  unread: number;
  sent: number;
}

export interface RecipientRow {
  id: string;
  name: string;
  kind: 'volunteer' | 'club';
}

const pageRules = (max: number, fallback: number) =>
  z.object({
    limit: z.number().int().min(1).max(max).nullish().transform((v) => v ?? fallback),
    offset: z.number().int().min(0).nullish().transform((v) => v ?? 0),
  });
const inboxPage = pageRules(100, 50);
const conversationPage = pageRules(500, 200);
const searchRule = z.string().trim().max(100).nullish().transform((v) => v || undefined);
const filterRule = z.enum(['all', 'unread', 'sent']).nullish().transform((v) => v ?? 'all');
const recipientsRules = z.object({ search: searchRule, limit: z.number().int().min(1).max(50).nullish().transform((v) => v ?? 20) });

export const CANNOT_MESSAGE_SELF = 'You cannot send a message to yourself.';
export const RECIPIENT_NOT_FOUND = 'Recipient not found';
export const MESSAGE_NOT_FOUND = 'Message not found';
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
  partner_id: string;
  partner_name: string;
  unread_count: number;
}

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

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
    const idempotencyKey = parseInput(idempotencyKeyRule, (raw as { idempotencyKey?: unknown } | null)?.idempotencyKey);
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
      const [original] = await this.db
        .select({ subject: messages.subject })
        .from(messages)
        .where(and(eq(messages.id, input.replyToId), this.between(viewer.userId, input.recipientId)));
      if (!original) throw errors.notFound(MESSAGE_NOT_FOUND);
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
    const [recipient] = await this.db.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, recipientId));
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
      await this.notifications.create(tx, {
        userId: recipientId,
        type: 'message',
        title: `New message from ${senderName}`,
        description: messagePreview(content),
        actionUrl: `/messages/${viewer.userId}`,
        messageId: message!.id,
      });
      await this.pubsub.publish(Topic.MessageReceived, { messageId: message!.id }, { id: recipientId, executor: tx });
      await this.pubsub.publish(Topic.UnreadMessagesChanged, {}, { id: recipientId, executor: tx });
      return message!;
    });
  }

  private between(a: string, b: string) {
    return or(and(eq(messages.senderId, a), eq(messages.recipientId, b)), and(eq(messages.senderId, b), eq(messages.recipientId, a)));
  }

  /** Messages the caller received, newest first. */
  async inbox(viewer: Viewer, page: { limit?: unknown; offset?: unknown }): Promise<MessageRow[]> {
    const { limit, offset } = parseInput(inboxPage, page);
    return this.db.select().from(messages).where(eq(messages.recipientId, viewer.userId)).orderBy(desc(messages.createdAt), desc(messages.id)).limit(limit).offset(offset);
  }

  /** Messages the caller sent, newest first. */
  async sent(viewer: Viewer, page: { limit?: unknown; offset?: unknown }): Promise<MessageRow[]> {
    const { limit, offset } = parseInput(inboxPage, page);
    return this.db.select().from(messages).where(eq(messages.senderId, viewer.userId)).orderBy(desc(messages.createdAt), desc(messages.id)).limit(limit).offset(offset);
  }

  /** The caller's conversation with one partner, oldest to newest (the newest `limit` messages). */
  async conversation(viewer: Viewer, partnerId: unknown, page: { limit?: unknown } = {}): Promise<MessageRow[]> {
    const { id } = parseInput(z.object({ id: uuidRule('user') }), { id: partnerId });
    const { limit } = parseInput(conversationPage, page);
    const newest = await this.db
      .select()
      .from(messages)
      .where(this.between(viewer.userId, id))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit);
    return newest.reverse();
  }

  private async sentWithKey(db: Executor, senderId: string, key: string): Promise<MessageRow | undefined> {
    const [row] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, senderId), eq(messages.idempotencyKey, key)));
    return row;
  }

  async conversations(viewer: Viewer, args: { filter?: unknown; search?: unknown; limit?: unknown; offset?: unknown }): Promise<ConversationRow[]> {
    const filter = parseInput(filterRule, args.filter) as ConversationFilter;
    const search = parseInput(searchRule, args.search);
    const { limit, offset } = parseInput(inboxPage, { limit: args.limit, offset: args.offset });
    const rows = rowsOf<ConversationSqlRow>(await this.db.execute(conversationsQuery(viewer.userId, { filter, search, limit, offset })));
    return rows.map((r) => ({
      partnerId: r.partner_id,
      partnerName: r.partner_name,
      unreadCount: Number(r.unread_count),
      lastMessage: {
        id: r.id,
        senderId: r.sender_id,
        recipientId: r.recipient_id,
        subject: r.subject,
        content: r.content,
        read: r.read,
        readAt: r.read_at === null ? null : asDate(r.read_at),
        createdAt: asDate(r.created_at),
        idempotencyKey: null,
      },
    }));
  }

  async conversationCounts(viewer: Viewer, search: unknown): Promise<ConversationCounts> {
    const term = parseInput(searchRule, search);
    const [row] = rowsOf<ConversationCounts>(await this.db.execute(conversationCountsQuery(viewer.userId, term)));
    return { all: Number(row?.all ?? 0), unread: Number(row?.unread ?? 0), sent: Number(row?.sent ?? 0) };
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(messages).where(and(eq(messages.recipientId, userId), eq(messages.read, false)));
    return Number(row?.n ?? 0);
  }

  /** The caller's unread count now and after every change. */
  unreadCountStream(viewer: Viewer | null): AsyncIterable<number> {
    if (!viewer) throw errors.unauthenticated();
    return liveValue(this.pubsub, Topic.UnreadMessagesChanged, viewer.userId, () => this.unreadCount(viewer.userId));
  }

  /** Who the caller can write to: volunteers and approved clubs, by name. */
  async recipients(viewer: Viewer, args: { search?: unknown; limit?: unknown }): Promise<RecipientRow[]> {
    const { search, limit } = parseInput(recipientsRules, args);
    const name = sql<string>`coalesce(${clubs.name}, ${users.fullName})`;
    const term = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const rows = await this.db
      .select({ id: users.id, name, clubId: clubs.id })
      .from(users)
      .leftJoin(clubs, eq(clubs.id, users.id))
      .where(
        and(
          ne(users.id, viewer.userId),
          eq(users.status, 'active'),
          eq(users.isPlatformAdmin, false),
          sql`(${clubs.id} is null or ${clubs.applicationStatus} = 'approved')`,
          term ? sql`${name} ilike ${term}` : undefined,
        ),
      )
      .orderBy(asc(sql`lower(${name})`), asc(users.id))
      .limit(limit);
    return rows.map((r) => ({ id: r.id, name: r.name, kind: r.clubId ? 'club' : 'volunteer' }));
  }

  /** One member as a message counterpart (name and kind), e.g. to head a new conversation. */
  async recipient(viewer: Viewer, userId: unknown): Promise<RecipientRow> {
    const { id } = parseInput(z.object({ id: uuidRule('user') }), { id: userId });
    const [row] = await this.db
      .select({ id: users.id, fullName: users.fullName, clubName: clubs.name, status: users.status })
      .from(users)
      .leftJoin(clubs, eq(clubs.id, users.id))
      .where(eq(users.id, id));
    if (!row || row.status !== 'active' || row.id === viewer.userId) throw errors.notFound(RECIPIENT_NOT_FOUND);
    return { id: row.id, name: row.clubName ?? row.fullName, kind: row.clubName ? 'club' : 'volunteer' };
  }

  /** Marks every message from `senderId` to the caller read; answers the ids that changed. */
  async markConversationRead(viewer: Viewer, senderId: unknown): Promise<string[]> {
    const { id } = parseInput(z.object({ id: uuidRule('user') }), { id: senderId });
    return this.db.transaction((tx) => this.markRead(tx, viewer, and(eq(messages.senderId, id), eq(messages.recipientId, viewer.userId))!));
  }

  /** Marks the given messages read where the caller is their recipient; other ids change nothing
   *  (invalid ids are dropped). Answers the ids that changed. */
  async markMessagesRead(viewer: Viewer, ids: unknown): Promise<string[]> {
    const valid = parseInput(uuidListRule, ids);
    if (valid.length === 0) return [];
    return this.db.transaction((tx) => this.markMessagesReadIn(tx, viewer, valid));
  }

  /** For use inside another domain's transaction (a notification click). */
  markMessagesReadIn = (tx: Executor, viewer: Viewer, ids: string[]): Promise<string[]> =>
    this.markRead(tx, viewer, and(inArray(messages.id, ids), eq(messages.recipientId, viewer.userId))!);

  private async markRead(tx: Executor, viewer: Viewer, where: ReturnType<typeof and> & object): Promise<string[]> {
    const rows = await tx
      .update(messages)
      .set({ read: true, readAt: new Date() })
      .where(and(where, eq(messages.read, false)))
      .returning({ id: messages.id, senderId: messages.senderId });
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
    return rows.map((r) => r.id);
  }

  /** Deletes a message the caller sent. A received message cannot be deleted; a message the caller
   *  is not party to is not found. */
  async delete(viewer: Viewer, messageId: unknown): Promise<string> {
    const { id } = parseInput(z.object({ id: uuidRule('message') }), { id: messageId });
    return this.db.transaction(async (tx) => {
      const [message] = await tx.select().from(messages).where(eq(messages.id, id)).for('update');
      if (!message || (message.senderId !== viewer.userId && message.recipientId !== viewer.userId)) throw errors.notFound(MESSAGE_NOT_FOUND);
      if (message.senderId !== viewer.userId) throw new AppError('FORBIDDEN', DELETE_OWN_ONLY);
      await tx.delete(messages).where(eq(messages.id, id));
      await this.pubsub.publish(Topic.MessageDeleted, { messageId: id }, { id: message.recipientId, executor: tx });
      if (!message.read) await this.pubsub.publish(Topic.UnreadMessagesChanged, {}, { id: message.recipientId, executor: tx });
      await this.pubsub.publish(Topic.NotificationsChanged, {}, { id: message.recipientId, executor: tx });
      return id;
    });
  }

  async byIds(ids: readonly string[]): Promise<MessageRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(messages).where(inArray(messages.id, [...ids]));
  }
}
