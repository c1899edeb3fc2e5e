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
import { connectionFrom, encodeCursor, keyset, pageRequest, preciseInstant, type ConnectionResult, type PageArgs } from '../../graphql/relay.js';
import {
  NOTIFICATION_LIST_DEFAULT,
  NOTIFICATION_REPLAY_EXPIRED,
  NOTIFICATION_REPLAY_HOURS,
  NOTIFICATION_REPLAY_MAX,
  notificationIdRules,
  type NotificationKind,
} from './notifications.rules.js';

export type NotificationListRow = NotificationRow & { cursorAt: string };

/** The list's name in its cursors: an event's cursor is its notification's edge cursor. */
const LIST = 'notifications';
/** A notificationAdded event: the notification as it is now, and its cursor. */
export interface NotificationAddedRow {
  notification: NotificationRow;
  cursor: string;
}
const addedRow = (row: NotificationListRow): NotificationAddedRow => {
  const { cursorAt, ...notification } = row;
  return { notification, cursor: encodeCursor([LIST, cursorAt, row.id]) };
};
/** Live events a subscriber may have waiting (while its replay runs, or while it is slow); past
 *  this, newer ones are dropped for it, as the pub/sub's own queues do. */
const LIVE_QUEUE_MAX = 1024;

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

  /**
   * The caller's notificationAdded events: with `after` (an event's cursor, or the notification's
   * edge cursor in the list), first every notification of theirs added or folded after it, oldest
   * first, then the live ones. The live events are listened to before the replay is read, and
   * those that came meanwhile are sent after it unless the replay sent that notification at that
   * instant already: none is lost or sent twice at the seam. A cursor older than
   * NOTIFICATION_REPLAY_HOURS, or with more than NOTIFICATION_REPLAY_MAX after it, is
   * CURSOR_EXPIRED; one that is not a cursor of the list is BAD_USER_INPUT.
   */
  async addedStream(viewer: Viewer | null, after: string | null | undefined): Promise<AsyncIterableIterator<NotificationAddedRow>> {
    if (!viewer) throw errors.unauthenticated();
    const from = after == null ? null : (pageRequest({ first: 1, after }, instantAndId, 1, LIST).cursor as [string, string]);
    if (from && Date.parse(from[0]) < Date.now() - NOTIFICATION_REPLAY_HOURS * 3_600_000) throw errors.cursorExpired(NOTIFICATION_REPLAY_EXPIRED);
    const events = new AddedEvents((id) => this.addedRow(id));
    events.stop = this.pubsub.listen(Topic.NotificationAdded, viewer.userId, (payload) => events.push(payload.notificationId));
    if (from) {
      try {
        const rows = await this.replay(viewer.userId, from);
        if (rows.length > NOTIFICATION_REPLAY_MAX) throw errors.cursorExpired(NOTIFICATION_REPLAY_EXPIRED);
        events.replay(rows.map(addedRow));
      } catch (err) {
        await events.return();
        throw err;
      }
    }
    return events;
  }

  /** The user's notifications after `from` (instant, id), oldest first, one more than replayed. */
  private replay(userId: string, from: [string, string]): Promise<NotificationListRow[]> {
    return this.db
      .select({ ...getTableColumns(notifications), cursorAt: preciseInstant(notifications.createdAt) })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), SHOWN, sql`(${notifications.createdAt}, ${notifications.id}) > (${from[0]}::timestamptz, ${from[1]}::uuid)`))
      .orderBy(notifications.createdAt, notifications.id)
      .limit(NOTIFICATION_REPLAY_MAX + 1);
  }

  /** One notification as an event (undefined when it is gone or no longer shown). */
  private async addedRow(id: string): Promise<NotificationAddedRow | undefined> {
    const [row] = await this.db
      .select({ ...getTableColumns(notifications), cursorAt: preciseInstant(notifications.createdAt) })
      .from(notifications)
      .where(and(eq(notifications.id, id), SHOWN));
    return row ? addedRow(row) : undefined;
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

/** A subscriber's notificationAdded events: the replayed ones, then the live ones (notification
 *  ids, read when their turn comes, in the order they were heard). next() is called one at a time
 *  (graphql-ws waits for each event before asking for the next). */
class AddedEvents implements AsyncIterableIterator<NotificationAddedRow> {
  /** Unregisters the live listener. */
  stop: () => void = () => {};
  private replayed: NotificationAddedRow[] = [];
  /** The cursors the replay sent: a live event heard meanwhile with one of them is not sent again. */
  private readonly sent = new Set<string>();
  private readonly live: string[] = [];
  private wake: (() => void) | undefined;
  private finished = false;

  constructor(private readonly read: (id: string) => Promise<NotificationAddedRow | undefined>) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  push(id: string): void {
    if (this.finished || this.live.length >= LIVE_QUEUE_MAX) return;
    this.live.push(id);
    this.wake?.();
  }

  replay(rows: NotificationAddedRow[]): void {
    this.replayed = rows;
    for (const row of rows) this.sent.add(row.cursor);
  }

  async next(): Promise<IteratorResult<NotificationAddedRow>> {
    for (;;) {
      if (this.finished) return { done: true, value: undefined };
      const replayed = this.replayed.shift();
      if (replayed) return { done: false, value: replayed };
      const id = this.live.shift();
      if (id === undefined) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
        continue;
      }
      const row = await this.read(id);
      if (!row || this.sent.has(row.cursor)) continue;
      return { done: false, value: row };
    }
  }

  return(): Promise<IteratorResult<NotificationAddedRow>> {
    if (!this.finished) {
      this.finished = true;
      this.stop();
      this.live.length = 0;
      this.sent.clear();
    }
    this.wake?.();
    return Promise.resolve({ done: true, value: undefined });
  }
}

declare module '../../lib/services.js' {
  interface Services {
    notifications: NotificationsService;
  }
}
