// sendMessage's idempotency key rule (server/src/modules/messages/messages.rules.ts): optional,
// 1 to 100 visible ASCII characters. Written for the mutants that survived every other test
// (npm run test:mutation, docs/TESTING.md).
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_MESSAGE, idempotencyKeyRule } from '../../server/src/modules/messages/messages.rules.js';

const messagesOf = (value: unknown) => {
  const result = idempotencyKeyRule.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('idempotencyKeyRule', () => {
  it('is optional: missing or null is no key (null)', () => {
    expect(idempotencyKeyRule.parse(undefined)).toBeNull();
    expect(idempotencyKeyRule.parse(null)).toBeNull();
  });

  it('keeps a UUID and any 1 to 100 visible ASCII characters as given', () => {
    expect(IDEMPOTENCY_KEY_MAX).toBe(100);
    for (const key of ['3f2b8c1e-5d4a-4b6f-9e7d-1a2b3c4d5e6f', 'a', '!', '~', 'k'.repeat(100)]) expect(idempotencyKeyRule.parse(key)).toBe(key);
  });

  it('refuses empty, over 100 characters, spaces, control and non-ASCII characters, and non-text, with one message', () => {
    expect(IDEMPOTENCY_KEY_MESSAGE).toBe('Idempotency key must be 1 to 100 visible ASCII characters');
    for (const key of ['', 'k'.repeat(101), 'two words', ' key', 'key ', 'key\n', '\u0000key', 'clé', '🔑', 42, {}]) {
      expect(messagesOf(key), JSON.stringify(key)).toEqual([IDEMPOTENCY_KEY_MESSAGE]);
    }
  });
});
