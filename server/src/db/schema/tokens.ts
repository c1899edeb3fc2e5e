import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/** Personal API tokens (docs/API.md, 'API tokens'). The secret is shown once and stored only as
 *  its SHA-256 hash; `prefix` is its first characters after the `clubroom_pat_` marker, so the
 *  owner can tell tokens apart. A token acts as its owner, narrowed to `scopes`, until it expires
 *  or is revoked (the row stays, so the Developer page can show it was). */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    scopes: text('scopes').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Updated at most once a minute per token, not on every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash),
    // The owner's list, newest first (keyset on created_at, id).
    index('api_tokens_user_created_idx').on(t.userId, t.createdAt, t.id),
  ],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;
