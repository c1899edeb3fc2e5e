import { z } from 'zod';
import { uuidRule } from '../../lib/shared/common.rules.js';

export const NOTIFICATION_LIST_DEFAULT = 10;

export const notificationIdRules = z.object({ id: uuidRule('notification') });
