// Whether a member has read their messages: marking a conversation or some messages read (the
// senders hear of it live, the message notifications follow), also inside another domain's
// transaction (a notification click), and the caller's unread count, now and live. Sending and
// deleting are messages.service.ts's, the lists message-lists.service.ts's; what they share is
// messages.shared.ts.
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import type { Db, Executor } from '../../db/client.js';
import { messages, type MessageRow } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { uuidListRule } from '../../lib/shared/common.rules.js';
import { parseInput } from '../../lib/validate.js';
import { liveValue, Topic, type PubSub } from '../../graphql/pubsub.js';
import type { Viewer } from '../../lib/viewer.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { isUuid, ME, NOT_REMOVED, statementCache } from './messages.shared.js';

/** Unread, as a literal (not a parameter): a prepared statement's generic plan then still matches
 *  the partial index messages_unread_idx (`not read and removed_at is null`). */
const UNREAD = sql`not ${messages.read}`;

export class MessageReadStateService {
  constructor(
    private readonly db: Db,
    private readonly notifications: Pick<NotificationsService, 'markReadForMessages'>,
    private readonly pubsub: PubSub,
  ) {}

  private readonly statement = statementCache();

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
}

declare module '../../lib/services.js' {
  interface Services {
    /** Marking messages read and the unread count. */
    messageReadState: MessageReadStateService;
  }
}
