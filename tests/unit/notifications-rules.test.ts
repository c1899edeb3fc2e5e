// The notification bell's rules (server/src/modules/notifications/notifications.rules.ts): the page
// size (10 by default; the connection's first/last take 1 to 100) and the notification id.
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_LIST_DEFAULT, notificationIdRules } from '../../server/src/modules/notifications/notifications.rules.js';
import { MAX_PAGE_SIZE, pageRequest } from '../../server/src/graphql/relay.js';

const UUID = '3f2b8c1e-5d4a-4b6f-9e7d-1a2b3c4d5e6f';
const anyCursor = (values: unknown[]) => values;

describe('the notification page size', () => {
  it('is 10 by default (the bell shows at most 10), and a page takes 1 to 100', () => {
    expect(NOTIFICATION_LIST_DEFAULT, 'notifications').toBe(10);
    expect(MAX_PAGE_SIZE).toBe(100);
    expect(pageRequest({}, anyCursor, NOTIFICATION_LIST_DEFAULT, 'notifications')).toMatchObject({ forward: true, size: 10, cursor: null });
    expect(pageRequest({ first: null, last: null }, anyCursor, NOTIFICATION_LIST_DEFAULT, 'notifications').size).toBe(10);
  });

  it('keeps first or last from 1 to 100', () => {
    for (const first of [1, 25, 100]) expect(pageRequest({ first }, anyCursor, NOTIFICATION_LIST_DEFAULT, 'notifications')).toMatchObject({ forward: true, size: first });
    expect(pageRequest({ last: 100 }, anyCursor, NOTIFICATION_LIST_DEFAULT, 'notifications')).toMatchObject({ forward: false, size: 100 });
  });

  it("refuses 0, 101, a fraction, and first with last: 'first must be between 1 and 100.'", () => {
    for (const first of [0, -1, 101, 1.5]) {
      expect(() => pageRequest({ first }, anyCursor, NOTIFICATION_LIST_DEFAULT, 'notifications'), String(first)).toThrow(expect.objectContaining({ code: 'BAD_USER_INPUT', message: 'first must be between 1 and 100.' }));
    }
    expect(() => pageRequest({ last: 101 }, anyCursor, NOTIFICATION_LIST_DEFAULT, 'notifications')).toThrow(expect.objectContaining({ code: 'BAD_USER_INPUT', message: 'last must be between 1 and 100.' }));
    expect(() => pageRequest({ first: 1, last: 1 }, anyCursor, NOTIFICATION_LIST_DEFAULT, 'notifications')).toThrow(expect.objectContaining({ message: 'Pass first or last, not both.' }));
  });
});

describe('notificationIdRules', () => {
  it("takes a UUID and refuses anything else with 'Invalid notification ID format'", () => {
    expect(notificationIdRules.parse({ id: UUID })).toEqual({ id: UUID });
    for (const id of ['', 'nope', `${UUID}x`, undefined]) {
      const result = notificationIdRules.safeParse({ id });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual(['Invalid notification ID format']);
    }
  });
});
