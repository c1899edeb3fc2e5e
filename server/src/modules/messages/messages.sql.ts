// The conversation list in SQL: one row per counterpart with the last message and the unread count,
// grouped in the database (never in the browser), for the list and for the tab counts. A message a
// moderator removed (removed_at set) is gone for both sides: no list, count or search sees it.
// Each statement is written once per shape with placeholders (`me`, `term`, the cursor's `cursorAt`
// and `cursorPartner`, `limit`) and prepared on the root database (MessageListsService): a request only
// fills in the values.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { keyset, preciseInstant } from '../../graphql/relay.js';

export type ConversationFilter = 'all' | 'unread' | 'sent';

/** What makes two conversation-list requests run the same SQL text. */
export interface ConversationsShape {
  filter: ConversationFilter;
  search: boolean;
  forward: boolean;
  cursor: boolean;
}

const ME = sql.placeholder('me');
/** The search's LIKE pattern (lib/like.ts containsPattern). */
const TERM = sql.placeholder('term');

/** Common table expressions: `conv` holds one row per counterpart of `me`, without names: the
 *  partner's name is looked up by key only when searching, so the users table is never scanned.
 *  `mine` takes each side's latest message per partner in the order of that side's index
 *  (messages_*_shown_idx read backwards, index-only, no sort), so `last` sorts two rows per partner
 *  at most rather than every message of the user (heavy user: 10,825 rows sorted → 2,557). */
function conversationsCte(search: boolean): SQL {
  const searchClause = search
    ? sql`where exists (select 1 from users p left join clubs c on c.id = p.id
          where p.id = l.partner_id and coalesce(c.name, p.full_name) ilike ${TERM})
        or exists (select 1 from messages x
          where ((x.sender_id = ${ME} and x.recipient_id = l.partner_id) or (x.sender_id = l.partner_id and x.recipient_id = ${ME}))
            and x.removed_at is null and (x.subject ilike ${TERM} or x.content ilike ${TERM}))`
    : sql``;
  return sql`
    with mine as (
      (select distinct on (m.recipient_id) m.id, m.created_at, m.recipient_id as partner_id
        from messages m where m.sender_id = ${ME} and m.removed_at is null
        order by m.recipient_id desc, m.created_at desc, m.id desc)
      union all
      (select distinct on (m.sender_id) m.id, m.created_at, m.sender_id as partner_id
        from messages m where m.recipient_id = ${ME} and m.sender_id <> ${ME} and m.removed_at is null
        order by m.sender_id desc, m.created_at desc, m.id desc)
    ),
    last as (
      select distinct on (partner_id) id, created_at, partner_id from mine order by partner_id, created_at desc, id desc
    ),
    unread as (
      select sender_id as partner_id, count(*)::int as unread_count
      from messages where recipient_id = ${ME} and not read and removed_at is null group by sender_id
    ),
    conv as (
      select l.id, l.created_at as conv_at, l.partner_id, coalesce(u.unread_count, 0) as unread_count,
        exists (select 1 from messages s where s.sender_id = ${ME} and s.recipient_id = l.partner_id and s.removed_at is null) as has_sent
      from last l
      left join unread u on u.partner_id = l.partner_id
      ${searchClause}
    )`;
}

function filterCondition(filter: ConversationFilter): SQL | undefined {
  if (filter === 'unread') return sql`unread_count > 0`;
  if (filter === 'sent') return sql`has_sent`;
  return undefined;
}

function whereOf(conditions: Array<SQL | undefined>): SQL {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? sql`where ${sql.join(present, sql` and `)}` : sql``;
}

/** The keyset of the conversation list: the last message's time, then the partner (unique). */
const CONVERSATION_KEYS = [
  [sql.raw('conv_at'), 'timestamptz'],
  [sql.raw('partner_id'), 'uuid'],
] as const;

/** One page of conversations, newest first, in reading order (see `keyset`), each with its last
 *  message's columns, the partner, the unread count and the cursor time (all microseconds). */
export function conversationsQuery(shape: ConversationsShape): SQL {
  const page = keyset(CONVERSATION_KEYS, 'desc', {
    forward: shape.forward,
    size: 0,
    cursor: shape.cursor ? [sql.placeholder('cursorAt'), sql.placeholder('cursorPartner')] : null,
    hasAfter: false,
    hasBefore: false,
    list: 'conversations',
  });
  const orderBy = sql.join(page.orderBy, sql`, `);
  return sql`${conversationsCte(shape.search)},
    page as (
      select id, partner_id, unread_count, conv_at,
        ${preciseInstant(sql.raw('conv_at'))} as cursor_at
      from conv ${whereOf([filterCondition(shape.filter), page.where])}
      order by ${orderBy}
      limit ${sql.placeholder('limit')}
    )
    select m.id, m.sender_id, m.recipient_id, m.subject, m.content, m.read, m.read_at, m.created_at, m.idempotency_key,
      page.partner_id, page.unread_count, page.cursor_at
    from page
    join messages m on m.id = page.id
    order by ${orderBy}`;
}

/** How many conversations the filter and search leave (the list's totalCount). */
export function conversationsCountQuery(shape: Pick<ConversationsShape, 'filter' | 'search'>): SQL {
  return sql`${conversationsCte(shape.search)}
    select count(*)::int as n from conv ${whereOf([filterCondition(shape.filter)])}`;
}

export function conversationCountsQuery(search: boolean): SQL {
  return sql`${conversationsCte(search)}
    select count(*)::int as all, count(*) filter (where unread_count > 0)::int as unread, count(*) filter (where has_sent)::int as sent
    from conv`;
}

const DIALECT = new PgDialect();

/** A raw statement prepared on the root database: its text is written once, and each execution
 *  only fills in the placeholders' values (drizzle has no `prepare` for `db.execute`). Answers the
 *  rows as `db.execute` does (see rowsOf). Never for a transaction: it runs on the root session. */
export function prepareRaw(db: Db, query: SQL, name: string) {
  return db._.session.prepareQuery(DIALECT.sqlToQuery(query), undefined, name, false);
}
