// Which GraphQL answers of an idempotent write are kept for replay (server/src/http/idempotency.ts):
// a write refused by its rules is kept (a replay must not run it again), one that failed to run
// (an internal error, a rate limit: its transaction rolled back) is not, so a retry runs it.
import { describe, expect, it } from 'vitest';
import { failedToRun } from '../../server/src/http/idempotency.js';

const answer = (code?: string) => JSON.stringify(code ? { data: { sendMessage: null }, errors: [{ message: 'x', extensions: { code } }] } : { data: { sendMessage: { message: { id: '1' }, userErrors: [] } } });

describe('failedToRun', () => {
  it('keeps a success, a user error and a refusal', () => {
    expect(failedToRun(answer())).toBe(false);
    for (const code of ['FORBIDDEN', 'UNAUTHENTICATED', 'BAD_USER_INPUT', 'NOT_FOUND']) expect(failedToRun(answer(code)), code).toBe(false);
  });

  it('does not keep an internal error or a rate limit', () => {
    expect(failedToRun(answer('INTERNAL_SERVER_ERROR'))).toBe(true);
    expect(failedToRun(answer('RATE_LIMITED'))).toBe(true);
  });

  it('keeps a body that is not JSON (a REST answer is judged by its status)', () => {
    expect(failedToRun('not json')).toBe(false);
  });
});
