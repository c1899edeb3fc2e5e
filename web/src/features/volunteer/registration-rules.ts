// The 'Sign up as a volunteer' form: the account's rules (email, the full password rule with each
// failure's message) and the profile's name and location rules, plus the confirmation.
import { z } from 'zod';
import { passwordRule } from '../../../../server/src/modules/auth/auth.rules.js';
import { emailRule } from '../../../../server/src/lib/shared/common.rules.js';
import { firstNameRule, lastNameRule, volunteerLocationRule } from '../../../../server/src/modules/volunteers/volunteers.rules.js';

export const volunteerRegistrationFormRules = z
  .object({
    firstName: firstNameRule,
    lastName: lastNameRule,
    email: emailRule,
    password: passwordRule,
    confirmPassword: z.string(),
    location: volunteerLocationRule,
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });

export type VolunteerRegistrationForm = z.input<typeof volunteerRegistrationFormRules>;
