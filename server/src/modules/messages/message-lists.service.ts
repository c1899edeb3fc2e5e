// What the messages screens list: the inbox, the sent messages and one conversation (keyset pages
// with lazy counts), the conversation list and its tab counts (grouped in SQL, messages.sql.ts),
// the members the caller can write to, and messages by id (the loader's batched read). Sending
// and deleting are messages.service.ts's, marking read and the unread count
// message-read-state.service.ts's; what they share is messages.shared.ts.
import { and, count, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import { anyOfPlaceholder } from '../../db/any.js';
import { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.js';
import { clubs, messages, users, type MessageRow } from '../../db/schema/index.js';
import { containsPattern } from '../../lib/like.js';
import { parseInput } from '../../lib/validate.js';
import { instantAndId } from '../../graphql/creation-page.js';
import { connectionFrom, cursorValue, keyset, pageRequest, preciseInstant, type ConnectionResult, type PageArgs } from '../../graphql/relay.js';
import type { Viewer } from '../../lib/viewer.js';
import type { UsersService, UserView } from '../users/users.service.js';
import { conversationCountsQuery, conversationsCountQuery, conversationsQuery, prepareRaw, type ConversationFilter, type ConversationsShape } from './messages.sql.js';
import { between, isUuid, ME, NOT_REMOVED, statementCache } from './messages.shared.js';

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

const searchRule = z.string().trim().max(100).nullish().transform((v) => v || undefined);
const filterRule = z.enum(['all', 'unread', 'sent']).nullish().transform((v) => v ?? 'all');

/** Cursors of the recipient list: a name and a uuid (the other lists' are instantAndId). */
const nameAndId = (v: unknown[]) => (v.length === 2 && cursorValue.text(v[0]) && cursorValue.uuid(v[1]) ? v : null);

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

// The placeholders of the prepared reads besides the caller (`me`, messages.shared.ts): a
// conversation's partner, the cursor's sort key (an instant, or a name for the recipients) and id,
// the LIMIT.
const PARTNER = sql.placeholder('partner');
const CURSOR = [sql.placeholder('cursorKey'), sql.placeholder('cursorId')];
const LIMIT = sql.placeholder('limit');

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

export class MessageListsService {
  constructor(
    private readonly db: Db,
    private readonly users: Pick<UsersService, 'viewMany'>,
  ) {}

  private readonly statement = statementCache();

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

  /** Messages by id, removed ones left out (node, a notification's message, live events). */
  async byIds(ids: readonly string[]): Promise<MessageRow[]> {
    if (ids.length === 0) return [];
    const statement = this.statement('byIds', () => this.db.select().from(messages).where(and(anyOfPlaceholder(messages.id, 'ids'), NOT_REMOVED)).prepare('messages_by_ids'));
    return statement.execute({ ids: [...ids] });
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** The message lists, the conversation list and its counts, the recipients, messages by id. */
    messageLists: MessageListsService;
  }
}
