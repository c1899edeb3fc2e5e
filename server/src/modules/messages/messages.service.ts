// Private messages, the changes: sending (a new message or a reply, under the write limits and the
// recipient's blocks, idempotent by key), a moderator's warning delivered inside the moderation's
// transaction, and deleting a message the caller sent. Ownership is checked against the viewer;
// nobody changes a message they are not party to. The lists are message-lists.service.ts's,
// marking read and the unread count message-read-state.service.ts's; what they share is
// messages.shared.ts.
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import { messages, users, type MessageRow } from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';
import { sanitizeText } from '../../lib/sanitize.js';
import { uuidRule } from '../../lib/shared/common.rules.js';
import { parseInput } from '../../lib/validate.js';
import { WriteLimiter } from '../../lib/write-limits.js';
import { Topic, type PubSub } from '../../graphql/pubsub.js';
import { toGlobalId } from '../../graphql/relay.js';
import type { Viewer } from '../../lib/viewer.js';
import type { NotificationDispatcher } from '../notifications/notify.service.js';
import type { MemberBlocksService } from './member-blocks.service.js';
import type { UsersService } from '../users/users.service.js';
import { BLOCK_MESSAGES, composeMessageRules, idempotencyKeyRule, MESSAGE_MESSAGES, MESSAGE_NOT_FOUND, messagePreview, replyRules, replySubject, TOO_MANY_MESSAGES } from './messages.rules.js';
import { between, isUuid, NOT_REMOVED } from './messages.shared.js';
import { DELETION_MESSAGES } from '../account/account.rules.js';
import type { WebhookEmitter, WebhookEvent } from '../webhooks/webhooks.rules.js';

// Checked before anything else (a repeat answers the first message whatever else it says), under
// its own field name.
const idempotencyKeySendRules = z.object({ idempotencyKey: idempotencyKeyRule });
const deleteRules = z.object({ id: uuidRule('message') });

export const CANNOT_MESSAGE_SELF = 'You cannot send a message to yourself.';
export const RECIPIENT_NOT_FOUND = 'Recipient not found';
export { MESSAGE_NOT_FOUND };
export const DELETE_OWN_ONLY = 'You can only delete messages you sent.';

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
    private readonly users: Pick<UsersService, 'displayNames'>,
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
}

declare module '../../lib/services.js' {
  interface Services {
    /** Sending and deleting messages (the lists are messageLists', read state messageReadState's). */
    messages: MessagesService;
  }
}
