// Opportunity and application rules shared by the server and the web (the opportunities browser,
// the volunteer dashboard, the club's 'My Opportunities'). Pure: no server imports. The apply
// message's limits live in volunteers.rules.ts (applicationMessageRule).
import { z } from 'zod';
import { volunteerPositionRules } from '../clubs/clubs.rules.js';
import { requiredSkillsRule } from '../volunteers/volunteers.rules.js';
import { placesRules } from './volunteer-places.rules.js';
import { APPLICATION_MESSAGES_TEXT, OPPORTUNITY_LOCATION_MAX, OPPORTUNITY_SEARCH_MAX, OPPORTUNITY_SKILL_MAX, OPPORTUNITY_SPORT_MAX, REVIEW_NOTE_MAX, isDay } from './opportunities-texts.rules.js';

// The constants, texts and small functions (no zod): what public pages load without zod.
export * from './opportunities-texts.rules.js';

// ---- opportunities (a club's volunteer positions as volunteers see them) -----------------------

export const opportunitiesSearchRules = z.object({
  search: z.string().trim().max(OPPORTUNITY_SEARCH_MAX, { error: `Search must be at most ${OPPORTUNITY_SEARCH_MAX} characters` }).nullish(),
  skill: z.string().trim().max(OPPORTUNITY_SKILL_MAX, { error: `Skill must be at most ${OPPORTUNITY_SKILL_MAX} characters` }).nullish(),
  sport: z.string().trim().max(OPPORTUNITY_SPORT_MAX, { error: `Sport must be at most ${OPPORTUNITY_SPORT_MAX} characters` }).nullish(),
  location: z.string().trim().max(OPPORTUNITY_LOCATION_MAX, { error: `Location must be at most ${OPPORTUNITY_LOCATION_MAX} characters` }).nullish(),
});
export type OpportunitiesSearch = z.input<typeof opportunitiesSearchRules>;

/** The position form with the volunteer side's fields: required skills (as a volunteer's skills:
 *  at most 20 of 1–40 characters, letter-case repeats dropped), start date, recurrence, and its
 *  places and waiting-list policy (volunteer-places.rules.ts). Omitted
 *  new fields are stored empty / null / false, like the other optional texts. */
export const opportunityPositionRules = volunteerPositionRules.extend({
  requiredSkills: requiredSkillsRule,
  startDate: z
    .string({ error: 'Please enter a valid start date' })
    .refine(isDay, { error: 'Please enter a valid start date' })
    .nullish()
    .transform((v) => v ?? null),
  isRecurring: z.boolean({ error: 'isRecurring must be true or false' }).nullish().transform((v) => v ?? false),
  ...placesRules.shape,
});
export type OpportunityPositionInput = z.input<typeof opportunityPositionRules>;

/** The accept/reject dialog's optional note. */
export const reviewNoteRule = z
  .string()
  .trim()
  .max(REVIEW_NOTE_MAX, { error: APPLICATION_MESSAGES_TEXT.noteMax })
  .nullish()
  .transform((v) => (v ? v : null));
