// Account rules shared by the server and the forms (web/ imports this file).
import { z } from 'zod';
import { emailRule } from '../../lib/shared/common.rules.js';

export const PASSWORD_MIN = 8;
export const NAME_MIN = 2;

export const PASSWORD_MESSAGES = {
  length: 'Password must be at least 8 characters long',
  lowercase: 'Password must contain at least one lowercase letter',
  uppercase: 'Password must contain at least one uppercase letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
} as const;

/** The full password rule applied whenever an account password is set (sign-up, reset).
 *  Each failure carries its own message. */
export const passwordRule = z
  .string({ error: 'Password is required' })
  .max(200, { error: 'Password must be at most 200 characters' })
  .superRefine((value, ctx) => {
    if (value.length < PASSWORD_MIN) ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.length });
    if (!/[a-z]/.test(value)) ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.lowercase });
    if (!/[A-Z]/.test(value)) ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.uppercase });
    if (!/[0-9]/.test(value)) ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.number });
    if (!/[^A-Za-z0-9]/.test(value)) ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.special });
  });

export const NAME_TOO_SHORT = 'Name must be at least 2 characters';

export const fullNameRule = z
  .string({ error: NAME_TOO_SHORT })
  .trim()
  .min(NAME_MIN, { error: NAME_TOO_SHORT })
  .max(100, { error: 'Name must be at most 100 characters' });

export const clubNameRule = z
  .string({ error: 'Club name must be at least 2 characters' })
  .trim()
  .min(NAME_MIN, { error: 'Club name must be at least 2 characters' })
  .max(100, { error: 'Club name must be at most 100 characters' });

/** Account creation (server side). A sign-up without a club name makes a plain member account. */
export const signUpRules = z.object({
  email: emailRule,
  password: passwordRule,
  fullName: fullNameRule,
  clubName: z
    .string()
    .trim()
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined))
    .pipe(clubNameRule.optional()),
});
export type SignUpInput = z.input<typeof signUpRules>;

export const signInRules = z.object({
  email: emailRule,
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(200),
});

export const requestPasswordResetRules = z.object({
  email: emailRule,
  redirectTo: z.string().max(2048).optional().nullable(),
});

export const resetPasswordRules = z.object({
  token: z.string({ error: 'This password reset link is invalid or has expired.' }).min(1).max(200),
  password: passwordRule,
});

/** The 'Register Your Club' form: the spec's form messages first, then the account rules so the
 *  visitor learns every problem before submitting. */
export const CAPTCHA_REQUIRED = 'Please complete the captcha';
export const CAPTCHA_WRONG = 'Please enter the correct sum';
export const clubRegistrationFormRules = z
  .object({
    name: fullNameRule,
    email: emailRule,
    clubName: clubNameRule,
    password: z
      .string()
      .min(PASSWORD_MIN, { error: 'Password must be at least 8 characters' })
      .pipe(passwordRule),
    confirmPassword: z.string(),
    captcha: z.string().trim().min(1, { error: CAPTCHA_REQUIRED }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
export type ClubRegistrationForm = z.input<typeof clubRegistrationFormRules>;

/** A member's own profile: the display name follows the sign-up name rule. */
export const updateMyProfileRules = z.object({ fullName: fullNameRule });
export type UpdateMyProfileInput = z.input<typeof updateMyProfileRules>;

export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const NEW_PASSWORD_SAME = 'New password must be different from the current password';

/** Changing the password of the signed-in account: the current one proves it is the owner, the
 *  new one meets the full password rule. */
export const changePasswordRules = z.object({
  currentPassword: z
    .string({ error: CURRENT_PASSWORD_REQUIRED })
    .min(1, { error: CURRENT_PASSWORD_REQUIRED })
    .max(200, { error: 'Password must be at most 200 characters' }),
  newPassword: passwordRule,
});
export type ChangePasswordInput = z.input<typeof changePasswordRules>;

/** The profile page's password form: the server's rule plus a confirmation. */
export const changePasswordFormRules = changePasswordRules
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
export type ChangePasswordForm = z.input<typeof changePasswordFormRules>;

export const signInFormRules = signInRules;
export const resetRequestFormRules = z.object({ email: emailRule });
export const resetPasswordFormRules = z
  .object({ password: passwordRule, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
