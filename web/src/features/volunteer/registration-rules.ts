// The 'Sign up as a volunteer' form: the account's rules (email, the full password rule with each
// failure's message) and the profile's name and location rules, plus the confirmation.
import { z } from 'zod';
import { passwordRule } from '@clubroom/rules/auth';
import { emailRule } from '@clubroom/rules/common';
import { firstNameRule, lastNameRule, volunteerLocationRule } from '@clubroom/rules/volunteers';

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
