// The notification bell's rules (server/src/modules/notifications/notifications.rules.ts): the list
// size (10 by default, 1 to 50) and the notification id.
import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_LIST_DEFAULT,
  NOTIFICATION_LIST_MAX,
  notificationIdRules,
  notificationsLimitRules,
} from '../../server/src/modules/notifications/notifications.rules.js';

const UUID = '3f2b8c1e-5d4a-4b6f-9e7d-1a2b3c4d5e6f';

describe('notificationsLimitRules', () => {
  it('lists 10 by default and at most 50', () => {
    expect(NOTIFICATION_LIST_DEFAULT).toBe(10);
    expect(NOTIFICATION_LIST_MAX).toBe(50);
  });

  it('answers the default for a missing or null limit', () => {
    expect(notificationsLimitRules.parse({})).toEqual({ limit: 10 });
    expect(notificationsLimitRules.parse({ limit: undefined })).toEqual({ limit: 10 });
    expect(notificationsLimitRules.parse({ limit: null })).toEqual({ limit: 10 });
  });

  it('keeps a limit from 1 to 50', () => {
    expect(notificationsLimitRules.parse({ limit: 1 })).toEqual({ limit: 1 });
    expect(notificationsLimitRules.parse({ limit: 25 })).toEqual({ limit: 25 });
    expect(notificationsLimitRules.parse({ limit: 50 })).toEqual({ limit: 50 });
  });

  it('refuses 0, 51, a fraction and a string', () => {
    for (const limit of [0, -1, 51, 1.5, '5']) expect(notificationsLimitRules.safeParse({ limit }).success, String(limit)).toBe(false);
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
