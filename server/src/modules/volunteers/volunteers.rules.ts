// Volunteer rules and messages (../shared/spec/platform.md sections 3–6; the issue 12 contract's
// 'Limits and messages'). Shared by the server (profiles, uploads, opportunities, applications,
// club settings) and by web/ (the forms). Pure: no server imports. The server strips markup
// (sanitizeText) from every text before these rules see it, so a length counts what is stored.
import { z } from 'zod';
import { emailRule } from '../../lib/shared/common.rules.js';
import { fullNameRule, passwordRule } from '../auth/auth.rules.js';
import { APPLICATION_MESSAGES, APPLICATION_MESSAGE_MAX, APPLICATION_MESSAGE_MIN, AVAILABILITY_MAX, AVAILABILITY_OPTIONS, RAW_LIST_MAX, SKILLS_MAX, SKILL_MAX, VOLUNTEER_BIO_MAX, VOLUNTEER_LOCATION_MAX, VOLUNTEER_MESSAGES, VOLUNTEER_NAME_MAX, VOLUNTEER_SEARCH_MAX, uniqueSkills } from './volunteers-texts.rules.js';

// The constants, texts and small functions (no zod): what public pages load without zod.
export * from './volunteers-texts.rules.js';

// ---- volunteer profile ------------------------------------------------------------------------

/** A list of skills as typed: trimmed, blanks dropped, duplicates by letter case removed (the first
 *  spelling stays), at most 20, each at most 40 characters. */
export const skillsRule = z
  .array(z.string(), { error: VOLUNTEER_MESSAGES.skillsMax })
  .max(RAW_LIST_MAX, { error: VOLUNTEER_MESSAGES.skillsMax })
  .nullish()
  .transform((items) => uniqueSkills(items ?? []))
  .pipe(
    z
      .array(z.string().max(SKILL_MAX, { error: VOLUNTEER_MESSAGES.skillMax }))
      .max(SKILLS_MAX, { error: VOLUNTEER_MESSAGES.skillsMax }),
  );

export const availabilityRule = z
  .array(z.string(), { error: VOLUNTEER_MESSAGES.availability })
  .max(RAW_LIST_MAX, { error: VOLUNTEER_MESSAGES.availability })
  .nullish()
  .transform((items) => [...new Set((items ?? []).map((v) => v.trim()))])
  .pipe(
    z
      .array(z.enum(AVAILABILITY_OPTIONS, { error: VOLUNTEER_MESSAGES.availability }))
      .max(AVAILABILITY_MAX, { error: VOLUNTEER_MESSAGES.availability }),
  );

const requiredName = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(VOLUNTEER_NAME_MAX, { error: tooLong });

export const firstNameRule = requiredName(VOLUNTEER_MESSAGES.firstNameRequired, VOLUNTEER_MESSAGES.firstNameMax);
export const lastNameRule = requiredName(VOLUNTEER_MESSAGES.lastNameRequired, VOLUNTEER_MESSAGES.lastNameMax);
export const volunteerLocationRule = z
  .string()
  .trim()
  .max(VOLUNTEER_LOCATION_MAX, { error: VOLUNTEER_MESSAGES.locationMax })
  .nullish()
  .transform((v) => v ?? '');
export const bioRule = z
  .string()
  .trim()
  .max(VOLUNTEER_BIO_MAX, { error: VOLUNTEER_MESSAGES.bioMax })
  .nullish()
  .transform((v) => v ?? '');

/** The profile form and saveVolunteerProfile. The keys are the input's field names. */
export const volunteerProfileRules = z.object({
  firstName: firstNameRule,
  lastName: lastNameRule,
  email: emailRule,
  location: volunteerLocationRule,
  skills: skillsRule,
  availability: availabilityRule,
  bio: bioRule,
});
export type VolunteerProfileInput = z.input<typeof volunteerProfileRules>;
export type VolunteerProfileValues = z.output<typeof volunteerProfileRules>;

/** signUpVolunteer and the volunteer registration form's server side: the profile, whose email is
 *  also the account's sign-in email, and the account password (the sign-up's password rule). */
export const volunteerSignUpRules = volunteerProfileRules.extend({ password: passwordRule });
export type VolunteerSignUpInput = z.input<typeof volunteerSignUpRules>;

export const volunteerSearchRules = z.object({
  search: z.string().trim().max(VOLUNTEER_SEARCH_MAX, { error: VOLUNTEER_MESSAGES.searchMax }).nullish(),
  location: z.string().trim().max(VOLUNTEER_LOCATION_MAX, { error: VOLUNTEER_MESSAGES.locationMax }).nullish(),
  skill: z.string().trim().max(SKILL_MAX, { error: VOLUNTEER_MESSAGES.skillMax }).nullish(),
});

export const applicationMessageRule = z
  .string({ error: APPLICATION_MESSAGES.messageMin })
  .trim()
  .min(APPLICATION_MESSAGE_MIN, { error: APPLICATION_MESSAGES.messageMin })
  .max(APPLICATION_MESSAGE_MAX, { error: APPLICATION_MESSAGES.messageMax });

export const applyFormRules = z.object({ message: applicationMessageRule });
export type ApplyForm = z.input<typeof applyFormRules>;

/** requiredSkills: the same list rule as a volunteer's skills (at most 20, each 1–40). */
export const requiredSkillsRule = skillsRule;

/** updateClubSettings and the settings form: ownerName follows the account name rule ('Name must
 *  be at least 2 characters', at most 100). */
export const clubSettingsRules = z.object({
  contactEmail: emailRule,
  ownerName: fullNameRule,
  notifyApplicationsByEmail: z.boolean(),
  notifyWithdrawalsByEmail: z.boolean(),
});
export type ClubSettingsInput = z.input<typeof clubSettingsRules>;
