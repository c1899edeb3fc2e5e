import { z } from 'zod';
import { uuidRule } from '../../lib/shared/common.rules.js';

export const NOTIFICATION_LIST_DEFAULT = 10;
export const NOTIFICATION_LIST_MAX = 50;

export const notificationsLimitRules = z.object({
  limit: z.number().int().min(1).max(NOTIFICATION_LIST_MAX).nullish().transform((v) => v ?? NOTIFICATION_LIST_DEFAULT),
});

export const notificationIdRules = z.object({ id: uuidRule('notification') });
