// The conversation list in SQL: one row per counterpart with the last message and the unread count,
// grouped in the database (never in the browser), for the list and for the tab counts.
import { sql, type SQL } from 'drizzle-orm';

export type ConversationFilter = 'all' | 'unread' | 'sent';

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Common table expressions: `conv` holds one row per counterpart of `me`, without names: the
 *  partner's name is joined only for the rows of the page (or looked up by key when searching), so
 *  the users table is never scanned. */
function conversationsCte(me: string, search: string | undefined): SQL {
  const term = search ? `%${escapeLike(search)}%` : null;
  const searchClause = term
    ? sql`where exists (select 1 from users p left join clubs c on c.id = p.id
          where p.id = l.partner_id and coalesce(c.name, p.full_name) ilike ${term})
        or exists (select 1 from messages x
          where ((x.sender_id = ${me} and x.recipient_id = l.partner_id) or (x.sender_id = l.partner_id and x.recipient_id = ${me}))
            and (x.subject ilike ${term} or x.content ilike ${term}))`
    : sql``;
  return sql`
    with mine as (
      select m.id, m.created_at, m.recipient_id as partner_id from messages m where m.sender_id = ${me}
      union all
      select m.id, m.created_at, m.sender_id as partner_id from messages m where m.recipient_id = ${me} and m.sender_id <> ${me}
    ),
    last as (
      select distinct on (partner_id) id, created_at, partner_id from mine order by partner_id, created_at desc, id desc
    ),
    unread as (
      select sender_id as partner_id, count(*)::int as unread_count
      from messages where recipient_id = ${me} and not read group by sender_id
    ),
    conv as (
      select l.id, l.created_at, l.partner_id, coalesce(u.unread_count, 0) as unread_count,
        exists (select 1 from messages s where s.sender_id = ${me} and s.recipient_id = l.partner_id) as has_sent
      from last l
      left join unread u on u.partner_id = l.partner_id
      ${searchClause}
    )`;
}

function filterClause(filter: ConversationFilter): SQL {
  if (filter === 'unread') return sql`where unread_count > 0`;
  if (filter === 'sent') return sql`where has_sent`;
  return sql``;
}

export function conversationsQuery(me: string, opts: { filter: ConversationFilter; search?: string; limit: number; offset: number }): SQL {
  return sql`${conversationsCte(me, opts.search)},
    page as (
      select id, partner_id, unread_count, created_at from conv ${filterClause(opts.filter)}
      order by created_at desc, id desc
      limit ${opts.limit} offset ${opts.offset}
    )
    select m.id, m.sender_id, m.recipient_id, m.subject, m.content, m.read, m.read_at, m.created_at,
      page.partner_id, coalesce(c.name, p.full_name) as partner_name, page.unread_count
    from page
    join messages m on m.id = page.id
    join users p on p.id = page.partner_id
    left join clubs c on c.id = page.partner_id
    order by page.created_at desc, page.id desc`;
}

export function conversationCountsQuery(me: string, search: string | undefined): SQL {
  return sql`${conversationsCte(me, search)}
    select count(*)::int as all, count(*) filter (where unread_count > 0)::int as unread, count(*) filter (where has_sent)::int as sent
    from conv`;
}
