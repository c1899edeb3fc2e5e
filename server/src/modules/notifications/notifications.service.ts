// The notification bell: stored per user, so every device shows the same one. Entries are added
// by the dispatcher (notify.service.ts), which every domain calls.
import { oncePerShape } from '../../db/statements.js';
import { and, count, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import { anyOf, anyOfPlaceholder } from '../../db/any.js';
import { inParts, lockNames } from '../../db/batch.js';
import type { Db, Executor } from '../../db/client.js';
import { messages, notifications, type NotificationRow } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import { liveValue, Topic, type PubSub } from '../../graphql/pubsub.js';
import type { Viewer } from '../../lib/viewer.js';
import { instantAndId } from '../../graphql/creation-page.js';
import { connectionFrom, keyset, pageRequest, preciseInstant, type ConnectionResult, type PageArgs } from '../../graphql/relay.js';
import { NOTIFICATION_LIST_DEFAULT, notificationIdRules, type NotificationKind } from './notifications.rules.js';

export type NotificationListRow = NotificationRow & { cursorAt: string };

/** A message notification goes with its message: once a moderator removed the message, the bell
 *  no longer lists or counts it (an anti-join against the few removed messages, by
 *  messages_removed_idx, in the same statement). */
const SHOWN = sql`not exists (select 1 from ${messages} where ${messages.id} = ${notifications.messageId} and ${messages.removedAt} is not null)`;
/** Unread, as a literal so that a prepared statement's generic plan keeps the partial index
 *  notifications_unread_idx (which holds the message id too: the unread count is index-only). */
const UNREAD = sql`not ${notifications.read}`;
/** The caller's notifications the bell shows (placeholder `userId`). */
const MINE_SHOWN = and(eq(notifications.userId, sql.placeholder('userId')), SHOWN)!;

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  type: NotificationRow['type'];
  title: string;
  description: string;
  actionUrl?: string | null;
  messageId?: string | null;
  /** What it is about, for senders whose repeats should be one entry (e.g.
   *  `application-applied:{position}:{volunteer}`): another notification with this key for the
   *  same recipient within the collapse window updates that entry (its text, link, unread, and
   *  time, so it is the newest) instead of adding one. Without a key, never folded. */
  collapseKey?: string | null;
}

export class NotificationsService {
  constructor(
    private readonly db: Db,
    private readonly pubsub: PubSub,
    /** NOTIFICATION_COLLAPSE_MINUTES: the window in which notifications with one key are one. */
    private readonly collapseMinutes = 10,
  ) {}

  // The bell's reads, prepared on the root database when first needed: a request only fills in
  // the values (never used inside a transaction).
  private byIdsStatement?: ReturnType<NotificationsService['prepareByIds']>;
  private unreadCountStatement?: ReturnType<NotificationsService['prepareUnreadCount']>;
  private countStatement?: ReturnType<NotificationsService['prepareCount']>;
  /** The list's page, per paging direction and whether it starts from a cursor. */
  private readonly pageStatements = new Map<string, ReturnType<NotificationsService['preparePage']>>();

  /** A page of the list as creationPage reads it (by created_at and id, newest first), with the
   *  cursor (`cursorAt`, `cursorId`) and the LIMIT as placeholders. */
  private preparePage(forward: boolean, cursor: boolean) {
    const page = keyset(
      [
        [notifications.createdAt as never, 'timestamptz'],
        [notifications.id as never, 'uuid'],
      ],
      'desc',
      { forward, size: 0, cursor: cursor ? [sql.placeholder('cursorAt'), sql.placeholder('cursorId')] : null, hasAfter: false, hasBefore: false, list: 'notifications' },
    );
    return this.db
      .select({ ...getTableColumns(notifications), cursorAt: preciseInstant(notifications.createdAt) })
      .from(notifications)
      .where(page.where ? and(MINE_SHOWN, page.where) : MINE_SHOWN)
      .orderBy(...page.orderBy)
      .limit(sql.placeholder('limit'))
      .prepare('notifications_page');
  }

  private prepareCount() {
    return this.db.select({ n: count() }).from(notifications).where(MINE_SHOWN).prepare('notifications_count');
  }

  private prepareByIds() {
    return this.db.select().from(notifications).where(and(anyOfPlaceholder(notifications.id, 'ids'), SHOWN)).prepare('notifications_by_ids');
  }

  private prepareUnreadCount() {
    return this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, sql.placeholder('userId')), UNREAD, SHOWN))
      .prepare('unread_notifications');
  }

  /** Adds a notification in the caller's transaction; subscribers hear of it after commit. With a
   *  `collapseKey`, a notification of the recipient with that key from within the collapse window
   *  is updated instead (under a transaction lock on recipient and key, so concurrent senders fold
   *  too), and subscribers hear of it again as added. */
  async create(tx: Executor, input: NewNotification): Promise<NotificationRow> {
    const [row] = await this.createMany(tx, [input]);
    return row!;
  }

  /**
   * Adds many notifications as create() would one after another, in a fixed number of statements
   * (the locks and one update for those that fold, the inserts, two publishes); answers the rows
   * added or updated (in no particular order). Two of the batch with the same recipient and key go
   * one by one (the second folds into the first).
   */
  async createMany(tx: Executor, inputs: readonly NewNotification[]): Promise<NotificationRow[]> {
    const folds = (n: NewNotification) => Boolean(n.collapseKey) && this.collapseMinutes > 0;
    const pair = (n: { userId: string; collapseKey: string | null }) => JSON.stringify([n.userId, n.collapseKey]);
    const folding = inputs.filter(folds);
    if (new Set(folding.map((n) => pair({ userId: n.userId, collapseKey: n.collapseKey! }))).size < folding.length) {
      const rows: NotificationRow[] = [];
      for (const input of inputs) rows.push(...(await this.createMany(tx, [input])));
      return rows;
    }
    const folded = await this.fold(tx, folding);
    const taken = new Set(folded.map((r) => pair(r)));
    const fresh = inputs.filter((n) => !(folds(n) && taken.has(pair({ userId: n.userId, collapseKey: n.collapseKey! }))));
    const rows = [...folded];
    for (const part of inParts(fresh)) {
      rows.push(...(await tx.insert(notifications).values(part.map((n) => ({ ...n }))).returning()));
    }
    await this.pubsub.publishMany(Topic.NotificationAdded, rows.map((r) => ({ id: r.userId, payload: { notificationId: r.id } })), { executor: tx });
    await this.pubsub.publishMany(Topic.NotificationsChanged, [...new Set(rows.map((r) => r.userId))].map((id) => ({ id, payload: {} })), { executor: tx });
    return rows;
  }

  /** Updates each recipient's notification with the same collapse key from within the window,
   *  where there is one; answers those updated. */
  private async fold(tx: Executor, inputs: readonly NewNotification[]): Promise<NotificationRow[]> {
    if (inputs.length === 0) return [];
    await lockNames(tx, inputs.map((n) => `notifications:${n.userId}:${n.collapseKey}`));
    const values = inputs.map((n) => ({ user_id: n.userId, key: n.collapseKey, kind: n.kind, type: n.type, title: n.title, description: n.description, action_url: n.actionUrl ?? null, message_id: n.messageId ?? null }));
    return tx
      .update(notifications)
      .set({ kind: sql`v.kind`, type: sql`v.type`, title: sql`v.title`, description: sql`v.description`, actionUrl: sql`v.action_url`, messageId: sql`v.message_id`, read: false, createdAt: sql`now()` })
      .from(sql`jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(user_id uuid, key text, kind text, type text, title text, description text, action_url text, message_id uuid)`)
      .where(
        and(
          sql`${notifications.userId} = v.user_id and ${notifications.collapseKey} = v.key`,
          gt(notifications.createdAt, sql`now() - make_interval(mins => ${this.collapseMinutes})`),
        ),
      )
      .returning(getTableColumns(notifications));
  }

  /** The caller's notifications, newest first, a page at a time. */
  async list(viewer: Viewer, args: PageArgs): Promise<ConnectionResult<NotificationListRow>> {
    const req = pageRequest(args, instantAndId, NOTIFICATION_LIST_DEFAULT, 'notifications');
    const key = `${req.forward}:${req.cursor !== null}`;
    const statement = oncePerShape(this.pageStatements, key, () => this.preparePage(req.forward, req.cursor !== null));
    const rows = await statement.execute({ userId: viewer.userId, cursorAt: req.cursor?.[0], cursorId: req.cursor?.[1], limit: req.size + 1 });
    return connectionFrom(rows, req, (r) => [r.cursorAt, r.id], async () => {
      const [row] = await (this.countStatement ??= this.prepareCount()).execute({ userId: viewer.userId });
      return Number(row?.n ?? 0);
    });
  }

  async byIds(ids: readonly string[]): Promise<NotificationRow[]> {
    if (ids.length === 0) return [];
    return (this.byIdsStatement ??= this.prepareByIds()).execute({ ids: [...ids] });
  }

  /** The caller's unread count now and after every change. */
  unreadCountStream(viewer: Viewer | null): AsyncIterable<number> {
    if (!viewer) throw errors.unauthenticated();
    return liveValue(this.pubsub, Topic.NotificationsChanged, viewer.userId, () => this.unreadCount(viewer.userId));
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await (this.unreadCountStatement ??= this.prepareUnreadCount()).execute({ userId });
    return Number(row?.n ?? 0);
  }

  /** Marks one of the caller's notifications read; a message notification also marks its message
   *  read (the caller is that message's recipient). Another user's notification is not found. */
  async markRead(viewer: Viewer, id: unknown, markMessages: (tx: Executor, viewer: Viewer, ids: string[]) => Promise<string[]>): Promise<NotificationRow> {
    const { id: notificationId } = parseInput(notificationIdRules, { id });
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(notifications)
        .set({ read: true })
        .where(and(eq(notifications.id, notificationId), eq(notifications.userId, viewer.userId), SHOWN))
        .returning();
      if (!row) throw errors.notFound('Notification not found');
      if (row.messageId) await markMessages(tx, viewer, [row.messageId]);
      await this.pubsub.publish(Topic.NotificationsChanged, {}, { id: viewer.userId, executor: tx });
      return row;
    });
  }

  async markAllRead(viewer: Viewer): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(notifications)
        .set({ read: true })
        .where(and(eq(notifications.userId, viewer.userId), UNREAD, SHOWN))
        .returning({ id: notifications.id });
      if (rows.length > 0) await this.pubsub.publish(Topic.NotificationsChanged, {}, { id: viewer.userId, executor: tx });
      return rows.length;
    });
  }

  /** Message notifications follow their messages: once read, their notifications are read too. */
  async markReadForMessages(tx: Executor, userId: string, messageIds: string[]): Promise<void> {
    if (messageIds.length === 0) return;
    const rows = await tx
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, userId), UNREAD, anyOf(notifications.messageId, messageIds)))
      .returning({ id: notifications.id });
    if (rows.length > 0) await this.pubsub.publish(Topic.NotificationsChanged, {}, { id: userId, executor: tx });
  }
}

declare module '../../lib/services.js' {
  interface Services {
    notifications: NotificationsService;
  }
}
