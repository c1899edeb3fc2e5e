// What the messages module's services share: the SQL of a message not removed by a moderator and of
// both directions between two members, the caller's placeholder in prepared reads, the UUID test
// that keeps an id naming nobody out of the database, and the cache of prepared statements. The
// services are messages.service.ts (sending and deleting), message-lists.service.ts (the lists,
// the recipients, messages by id) and message-read-state.service.ts (marking read, the unread
// count); other modules reach them through those, never through this file.
import { and, eq, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { messages } from '../../db/schema/index.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isUuid = (value: string) => UUID.test(value);

/** Not removed by a moderator: a removed message is gone for its sender and its recipient alike
 *  (kept for the audit; platform administrators reach it through the moderation module). */
export const NOT_REMOVED = isNull(messages.removedAt);

/** The caller, as the placeholder of the prepared reads. */
export const ME = sql.placeholder('me');

/** Both directions between two members. */
export function between(a: string | SQLWrapper, b: string | SQLWrapper): SQL {
  return or(and(eq(messages.senderId, a), eq(messages.recipientId, b)), and(eq(messages.senderId, b), eq(messages.recipientId, a)))!;
}

/** The hot reads' statements, one per shape, written and prepared on the root database the first
 *  time they are needed (drizzle then neither builds the query nor maps its selection again;
 *  a request only fills in the placeholders). Never used inside a transaction. Each service keeps
 *  its own: `private readonly statement = statementCache()`. */
export function statementCache(): <T>(key: string, make: () => T) => T {
  const statements = new Map<string, unknown>();
  return <T>(key: string, make: () => T): T => {
    let statement = statements.get(key) as T | undefined;
    if (statement === undefined) statements.set(key, (statement = make()));
    return statement;
  };
}
