// The SQL Clubroom sends for the four measured operations and the access-token check, as
// PostgreSQL receives it (texts copied from its log by bench/statements.ts; the conversations
// statement rendered from server/src/modules/messages/messages.sql.ts itself).
import { fillPlaceholders } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { conversationsQuery } from '../server/src/modules/messages/messages.sql.js';

export const SESSION_SQL = `select "users"."id", "users"."email", "users"."full_name", "users"."password_hash", "users"."is_platform_admin", "users"."status", "users"."created_at", "users"."updated_at", "sessions"."revoked_at", "sessions"."idle_expires_at", "sessions"."expires_at", "clubs"."id", "council_admins"."email" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" left join "clubs" on "clubs"."id" = "users"."id" left join "council_admins" on "council_admins"."email" = lower("users"."email") where ("sessions"."id" = $1 and "sessions"."user_id" = $2)`;
const MESSAGE_COLUMNS = `select "id", "sender_id", "recipient_id", "subject", "content", "read", "read_at", "created_at" from "messages"`;
export const INBOX_SQL = `${MESSAGE_COLUMNS} where "messages"."recipient_id" = $1 order by "messages"."created_at" desc, "messages"."id" desc limit $2`;
export const CONVERSATION_SQL = `${MESSAGE_COLUMNS} where (("messages"."sender_id" = $1 and "messages"."recipient_id" = $2) or ("messages"."sender_id" = $3 and "messages"."recipient_id" = $4)) order by "messages"."created_at" desc, "messages"."id" desc limit $5`;
export const UNREAD_SQL = `select count(*) from "messages" where ("messages"."recipient_id" = $1 and "messages"."read" = $2)`;
/** The display names DataLoader: one statement for all the ids of a request. */
export const namesSql = (n: number) =>
  `select "users"."id", "users"."full_name", "clubs"."name" from "users" left join "clubs" on "clubs"."id" = "users"."id" where "users"."id" in (${Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ')})`;

// The conversations statement as the server prepares it (its placeholders filled per call): the
// first page of 50 (the statement reads one more to know whether more follow).
const conversations = new PgDialect().sqlToQuery(conversationsQuery({ filter: 'all', search: false, forward: true, cursor: false }));
export const CONVERSATIONS_SQL = conversations.sql;
export const conversationsParams = (me: string) => fillPlaceholders(conversations.params, { me, limit: 51 });

export const params = {
  inbox: (me: string) => [me, 50],
  conversations: conversationsParams,
  conversation: (me: string, partner: string) => [me, partner, partner, me, 200],
  unreadMessageCount: (me: string) => [me, false],
};
