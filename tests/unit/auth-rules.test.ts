// The shared zod rules for accounts (server/src/modules/auth/auth.rules.ts) and the common rules
// they build on (server/src/lib/shared/common.rules.ts): every message and boundary.
import { PASSWORD } from '../helpers/spec-texts.js';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CAPTCHA_REQUIRED,
  CAPTCHA_WRONG,
  PASSWORD_MESSAGES,
  clubNameRule,
  clubRegistrationFormRules,
  fullNameRule,
  passwordRule,
  requestPasswordResetRules,
  resetPasswordFormRules,
  resetPasswordRules,
  resetRequestFormRules,
  signInFormRules,
  signInRules,
  signUpRules,
} from '../../server/src/modules/auth/auth.rules.js';
import { EMAIL_MAX, INVALID_EMAIL, emailRule, uuidListRule, uuidRule } from '../../server/src/lib/shared/common.rules.js';
import { byPath } from '../helpers/rules.js';

const STRONG = 'Str0ng!Passw0rd';
const UUID = '3f2b8c1e-5d4a-4b6f-9e7d-1a2b3c4d5e6f';

/** Every message of a failed parse, in order. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

/** An address of exactly `length` characters. */
function emailOfLength(length: number): string {
  const domain = '@example.com';
  return 'a'.repeat(length - domain.length) + domain;
}

describe('emailRule', () => {
  it('accepts ordinary addresses and trims spaces', () => {
    expect(emailRule.parse('ann@example.com')).toBe('ann@example.com');
    expect(emailRule.parse('  Ann.Lee+club@sub.example.co.uk ')).toBe('Ann.Lee+club@sub.example.co.uk');
  });

  it('accepts admin@localhost (a single-label domain)', () => {
    expect(emailRule.safeParse('admin@localhost').success).toBe(true);
  });

  it.each(['', 'plain', 'a@', '@example.com', 'a b@example.com', 'a@exa mple.com', 'a@@example.com', 'a@-example.com'])(
    "refuses %j with 'Please enter a valid email address'",
    (value) => {
      expect(messages(emailRule, value)).toEqual([INVALID_EMAIL]);
    },
  );

  it('refuses a value that is not a string with the same message', () => {
    for (const value of [undefined, null, 42, {}, ['a@b.co']]) expect(messages(emailRule, value)).toEqual([INVALID_EMAIL]);
  });

  it('accepts 254 characters and refuses 255', () => {
    expect(EMAIL_MAX).toBe(254);
    expect(emailOfLength(254)).toHaveLength(254);
    expect(emailRule.safeParse(emailOfLength(254)).success).toBe(true);
    expect(messages(emailRule, emailOfLength(255))).toEqual([INVALID_EMAIL]);
  });

  it('measures the length after trimming', () => {
    expect(emailRule.safeParse(`  ${emailOfLength(254)}  `).success).toBe(true);
  });
});

describe('passwordRule', () => {
  it('accepts a password that meets every rule', () => {
    expect(passwordRule.parse(STRONG)).toBe(STRONG);
    expect(passwordRule.safeParse('Aa1!aaaa').success).toBe(true);
  });

  it.each([
    ['length', 'Ab1!xyz', PASSWORD_MESSAGES.length],
    ['lowercase', 'ABCDEFG1!', PASSWORD_MESSAGES.lowercase],
    ['uppercase', 'abcdefg1!', PASSWORD_MESSAGES.uppercase],
    ['number', 'Abcdefgh!', PASSWORD_MESSAGES.number],
    ['special', 'Abcdefgh1', PASSWORD_MESSAGES.special],
  ])('breaking only the %s rule gives only its own message', (_rule, value, message) => {
    expect(messages(passwordRule, value)).toEqual([message]);
  });

  it('has the spec wording for each rule', () => {
    expect(PASSWORD_MESSAGES).toEqual(PASSWORD);
  });

  it('lists every broken rule at once', () => {
    expect(messages(passwordRule, '')).toEqual([
      PASSWORD_MESSAGES.length,
      PASSWORD_MESSAGES.lowercase,
      PASSWORD_MESSAGES.uppercase,
      PASSWORD_MESSAGES.number,
      PASSWORD_MESSAGES.special,
    ]);
    expect(messages(passwordRule, 'abc')).toEqual([PASSWORD_MESSAGES.length, PASSWORD_MESSAGES.uppercase, PASSWORD_MESSAGES.number, PASSWORD_MESSAGES.special]);
  });

  it('counts 8 characters as long enough and 7 as too short', () => {
    expect(passwordRule.safeParse('Aa1!aaaa').success).toBe(true);
    expect(messages(passwordRule, 'Aa1!aaa')).toEqual([PASSWORD_MESSAGES.length]);
  });

  it('treats a space or a non-ASCII character as a special character', () => {
    expect(passwordRule.safeParse('Abcdefg1 ').success).toBe(true);
    expect(passwordRule.safeParse('Abcdefg1é').success).toBe(true);
  });

  it("refuses a value that is not a string with 'Password is required'", () => {
    expect(messages(passwordRule, undefined)).toEqual(['Password is required']);
    expect(messages(passwordRule, 12345678)).toEqual(['Password is required']);
  });

  it('refuses more than 200 characters', () => {
    expect(passwordRule.safeParse(`Aa1!${'a'.repeat(196)}`).success).toBe(true);
    expect(messages(passwordRule, `Aa1!${'a'.repeat(197)}`)).toContain('Password must be at most 200 characters');
  });
});

describe('fullNameRule and clubNameRule', () => {
  it("refuses a name under 2 characters with 'Name must be at least 2 characters'", () => {
    for (const value of ['', 'A', '  A  ', undefined, 5]) expect(messages(fullNameRule, value)).toEqual(['Name must be at least 2 characters']);
  });

  it('accepts 2 characters and trims', () => {
    expect(fullNameRule.parse(' Al ')).toBe('Al');
  });

  it('refuses a name over 100 characters', () => {
    expect(fullNameRule.safeParse('a'.repeat(100)).success).toBe(true);
    expect(messages(fullNameRule, 'a'.repeat(101))).toEqual(['Name must be at most 100 characters']);
  });

  it("refuses a club name under 2 characters with 'Club name must be at least 2 characters'", () => {
    for (const value of ['', 'X', ' X ', undefined]) expect(messages(clubNameRule, value)).toEqual(['Club name must be at least 2 characters']);
    expect(clubNameRule.parse(' FC ')).toBe('FC');
  });

  it('refuses a club name over 100 characters', () => {
    expect(messages(clubNameRule, 'c'.repeat(101))).toEqual(['Club name must be at most 100 characters']);
  });
});

describe('signUpRules', () => {
  const valid = { email: ' ann@example.com ', password: STRONG, fullName: ' Ann Lee ' };

  it('accepts a member sign-up and normalises it', () => {
    expect(signUpRules.parse(valid)).toEqual({ email: 'ann@example.com', password: STRONG, fullName: 'Ann Lee', clubName: undefined });
  });

  it('keeps a club name and trims it', () => {
    expect(signUpRules.parse({ ...valid, clubName: '  Riverside FC ' }).clubName).toBe('Riverside FC');
  });

  it('treats an empty, blank or null club name as none', () => {
    for (const clubName of ['', '   ', null, undefined]) expect(signUpRules.parse({ ...valid, clubName }).clubName).toBeUndefined();
  });

  it("refuses a one-character club name with 'Club name must be at least 2 characters'", () => {
    expect(byPath(signUpRules, { ...valid, clubName: 'X' })).toEqual({ clubName: ['Club name must be at least 2 characters'] });
  });

  it('reports every field at once', () => {
    const paths = byPath(signUpRules, { email: 'x', password: 'abc', fullName: 'A', clubName: 'B' });
    expect(paths.email).toEqual([INVALID_EMAIL]);
    expect(paths.password?.[0]).toBe(PASSWORD_MESSAGES.length);
    expect(paths.fullName).toEqual(['Name must be at least 2 characters']);
    expect(paths.clubName).toEqual(['Club name must be at least 2 characters']);
  });
});

describe('signInRules', () => {
  it('accepts an email and any non-empty password (the strength rules do not apply at sign-in)', () => {
    expect(signInRules.parse({ email: 'A@Example.com ', password: 'x' })).toEqual({ email: 'A@Example.com', password: 'x' });
  });

  it("refuses an empty or missing password with 'Password is required'", () => {
    expect(byPath(signInRules, { email: 'a@b.co', password: '' })).toEqual({ password: ['Password is required'] });
    expect(byPath(signInRules, { email: 'a@b.co' })).toEqual({ password: ['Password is required'] });
  });

  it('refuses an invalid email', () => {
    expect(byPath(signInRules, { email: 'nope', password: 'x' })).toEqual({ email: [INVALID_EMAIL] });
  });

  it('is the login form rule too', () => {
    expect(signInFormRules).toBe(signInRules);
  });
});

describe('password reset rules', () => {
  it('requestPasswordResetRules needs a valid email and takes an optional redirectTo', () => {
    expect(requestPasswordResetRules.parse({ email: 'a@b.co' })).toEqual({ email: 'a@b.co' });
    expect(requestPasswordResetRules.parse({ email: 'a@b.co', redirectTo: null }).redirectTo).toBeNull();
    expect(byPath(requestPasswordResetRules, { email: 'bad' })).toEqual({ email: [INVALID_EMAIL] });
  });

  it('resetRequestFormRules (the reset dialog) needs a valid email', () => {
    expect(resetRequestFormRules.safeParse({ email: 'a@b.co' }).success).toBe(true);
    expect(byPath(resetRequestFormRules, { email: '' })).toEqual({ email: [INVALID_EMAIL] });
  });

  it('resetPasswordRules applies every password rule to the new password', () => {
    expect(resetPasswordRules.safeParse({ token: 'abc', password: STRONG }).success).toBe(true);
    expect(byPath(resetPasswordRules, { token: 'abc', password: 'ABCDEFG1!' })).toEqual({ password: [PASSWORD_MESSAGES.lowercase] });
  });

  it('resetPasswordRules refuses a missing token with the invalid-link message', () => {
    expect(byPath(resetPasswordRules, { password: STRONG })).toEqual({ token: ['This password reset link is invalid or has expired.'] });
  });

  it("resetPasswordFormRules needs matching passwords: 'Passwords do not match'", () => {
    expect(resetPasswordFormRules.safeParse({ password: STRONG, confirmPassword: STRONG }).success).toBe(true);
    expect(byPath(resetPasswordFormRules, { password: STRONG, confirmPassword: `${STRONG}x` })).toEqual({ confirmPassword: ['Passwords do not match'] });
  });
});

describe('clubRegistrationFormRules (the Register Your Club form)', () => {
  const valid = {
    name: 'Ann Lee',
    email: 'ann@example.com',
    clubName: 'Riverside FC',
    password: STRONG,
    confirmPassword: STRONG,
    captcha: '7',
  };

  it('accepts a complete form', () => {
    expect(clubRegistrationFormRules.safeParse(valid).success).toBe(true);
  });

  it("refuses a password under 8 characters with 'Password must be at least 8 characters'", () => {
    const paths = byPath(clubRegistrationFormRules, { ...valid, password: 'Ab1!', confirmPassword: 'Ab1!' });
    expect(paths.password).toEqual(['Password must be at least 8 characters']);
  });

  it('applies the account password rules once the length is met', () => {
    const paths = byPath(clubRegistrationFormRules, { ...valid, password: 'abcdefgh', confirmPassword: 'abcdefgh' });
    expect(paths.password).toEqual([PASSWORD_MESSAGES.uppercase, PASSWORD_MESSAGES.number, PASSWORD_MESSAGES.special]);
  });

  it("refuses a confirmation that differs with 'Passwords do not match' on confirmPassword", () => {
    expect(byPath(clubRegistrationFormRules, { ...valid, confirmPassword: 'Str0ng!Passw0rD' })).toEqual({ confirmPassword: ['Passwords do not match'] });
  });

  it("refuses an empty captcha with 'Please complete the captcha'", () => {
    expect(CAPTCHA_REQUIRED).toBe('Please complete the captcha');
    for (const captcha of ['', '   ']) expect(byPath(clubRegistrationFormRules, { ...valid, captcha })).toEqual({ captcha: [CAPTCHA_REQUIRED] });
  });

  it("keeps the spec's wrong-sum wording for the form", () => {
    expect(CAPTCHA_WRONG).toBe('Please enter the correct sum');
  });

  it('gives the name, club name and email messages of the spec', () => {
    const paths = byPath(clubRegistrationFormRules, { ...valid, name: 'A', clubName: 'B', email: 'x' });
    expect(paths.name).toEqual(['Name must be at least 2 characters']);
    expect(paths.clubName).toEqual(['Club name must be at least 2 characters']);
    expect(paths.email).toEqual([INVALID_EMAIL]);
  });
});

describe('uuidRule and uuidListRule', () => {
  it("refuses a malformed id with 'Invalid club ID format'", () => {
    expect(uuidRule('club').safeParse(UUID).success).toBe(true);
    for (const value of ['', '123', `${UUID}x`, "1' or '1'='1"]) expect(messages(uuidRule('club'), value)).toEqual(['Invalid club ID format']);
  });

  it('drops invalid ids from a list and keeps the valid ones in order', () => {
    const other = '0b6e3f1a-2c4d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(uuidListRule.parse([UUID, 'nope', '', other, '123'])).toEqual([UUID, other]);
  });
});

// Found by mutation testing (npm run test:mutation, docs/TESTING.md): checks that no test judged.
describe('mutation-found gaps', () => {
  it("words the invalid email as the specification does", () => {
    expect(INVALID_EMAIL).toBe('Please enter a valid email address');
  });

  it("answers 'Name must be at least 2 characters' and its club twin for a value that is not text", () => {
    for (const value of [undefined, null, 42]) {
      expect(messages(fullNameRule, value)).toEqual(['Name must be at least 2 characters']);
      expect(messages(clubNameRule, value)).toEqual(['Club name must be at least 2 characters']);
    }
  });

  it("answers 'Password is required' at sign-in for a missing or non-text password", () => {
    for (const password of [undefined, null, 42]) {
      expect(byPath(signInRules, { email: 'a@example.com', password }), String(password)).toEqual({ password: ['Password is required'] });
    }
  });

  it('takes an ordinary redirectTo on a reset request and refuses one over 2048 characters', () => {
    expect(requestPasswordResetRules.parse({ email: 'a@example.com', redirectTo: '/messages' }).redirectTo).toBe('/messages');
    expect(requestPasswordResetRules.safeParse({ email: 'a@example.com', redirectTo: `/${'x'.repeat(2048)}` }).success).toBe(false);
  });
});
