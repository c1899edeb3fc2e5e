import type { z } from 'zod';
import type { clubSettingsRules } from '../../../../server/src/modules/volunteers/volunteers.rules';

/** What the form sends once the rules have trimmed it. */
export type ClubSettingsValues = z.output<typeof clubSettingsRules>;
