// The socket's document cache (graphql/limits.ts): a text is parsed once while it stays among the
// most recently used DOCUMENT_CACHE_SIZE, a refused text answers the same errors each time (field
// suggestions hidden from anonymous callers only), and the cache never grows past its size.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSchema } from 'graphql';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import { checkSubscriptionDocument, DOCUMENT_CACHE_SIZE } from '../../server/src/graphql/limits.js';

const schema = buildSchema(`
  type Query { ok: Boolean }
  type Count { count: Int! }
  type Subscription { unreadNotificationCount: Count! }
`);

afterEach(() => vi.restoreAllMocks());

describe('subscription document cache', () => {
  it('parses a text once and answers the same document for it', () => {
    const parses = vi.spyOn(MaxTokensParserWLexer.prototype, 'parseDocument');
    const text = 'subscription CacheOnce { unreadNotificationCount { count } }';
    const first = checkSubscriptionDocument(schema, text, false);
    const second = checkSubscriptionDocument(schema, text, true);
    expect(first.errors).toBeNull();
    expect(second.document).toBe(first.document);
    expect(parses).toHaveBeenCalledTimes(1);
  });

  it('answers a refused text the same each time, with suggestions for signed-in callers only', () => {
    const text = 'subscription Misspelt { unreadNotificationCont { count } }';
    const anonymous = checkSubscriptionDocument(schema, text, true);
    const again = checkSubscriptionDocument(schema, text, true);
    const signedIn = checkSubscriptionDocument(schema, text, false);
    expect(anonymous.document).toBeNull();
    expect(anonymous.errors?.[0]?.message).toBe('Cannot query field "unreadNotificationCont" on type "Subscription".');
    expect(again.errors?.[0]?.message).toBe(anonymous.errors?.[0]?.message);
    expect(again.errors?.[0]).not.toBe(anonymous.errors?.[0]);
    expect(signedIn.errors?.[0]?.message).toContain('Did you mean "unreadNotificationCount"?');
    expect(anonymous.errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('keeps only the most recently used texts, so a flood of distinct texts cannot grow it', () => {
    const text = (i: number) => `subscription Flood${i} { unreadNotificationCount { count } }`;
    checkSubscriptionDocument(schema, text(0), false);
    for (let i = 1; i <= DOCUMENT_CACHE_SIZE; i++) checkSubscriptionDocument(schema, text(i), false);
    const parses = vi.spyOn(MaxTokensParserWLexer.prototype, 'parseDocument');
    checkSubscriptionDocument(schema, text(DOCUMENT_CACHE_SIZE), false); // recent: kept
    expect(parses).toHaveBeenCalledTimes(0);
    checkSubscriptionDocument(schema, text(0), false); // the oldest: evicted, parsed again
    expect(parses).toHaveBeenCalledTimes(1);
  });
});
