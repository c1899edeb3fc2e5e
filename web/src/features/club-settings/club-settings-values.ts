import type { z } from 'zod';
import type { clubSettingsRules } from '@clubroom/rules/volunteers';

/** What the form sends once the rules have trimmed it. */
export type ClubSettingsValues = z.output<typeof clubSettingsRules>;
