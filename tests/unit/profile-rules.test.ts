// The profile page's rules (server/src/modules/auth/auth.rules.ts): the display name and the
// password change, server side and in the form. Written for the mutants that survived every other
// test (npm run test:mutation, docs/TESTING.md).
import { describe, expect, it } from 'vitest';
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  NEW_PASSWORD_SAME,
  PASSWORD_MESSAGES,
  changePasswordFormRules,
  changePasswordRules,
  updateMyProfileRules,
} from '../../server/src/modules/auth/auth.rules.js';
import { byPath } from '../helpers/rules.js';

const STRONG = 'Str0ng!Passw0rd';
const OTHER_STRONG = 'An0ther!Passw0rd';

describe('updateMyProfileRules', () => {
  it('takes a trimmed display name under the sign-up name rule', () => {
    expect(updateMyProfileRules.parse({ fullName: '  Vera Volunteer  ' })).toEqual({ fullName: 'Vera Volunteer' });
    expect(byPath(updateMyProfileRules, { fullName: 'V' })).toEqual({ fullName: ['Name must be at least 2 characters'] });
    expect(byPath(updateMyProfileRules, {})).toEqual({ fullName: ['Name must be at least 2 characters'] });
  });
});

describe('changePasswordRules', () => {
  it('words its refusals as the profile page does', () => {
    expect(CURRENT_PASSWORD_REQUIRED).toBe('Current password is required');
    expect(CURRENT_PASSWORD_WRONG).toBe('Current password is incorrect');
    expect(NEW_PASSWORD_SAME).toBe('New password must be different from the current password');
  });

  it('takes the current password as typed (no trimming, no strength rule) and a strong new one', () => {
    expect(changePasswordRules.parse({ currentPassword: ' old ', newPassword: STRONG })).toEqual({ currentPassword: ' old ', newPassword: STRONG });
  });

  it("needs the current password: 'Current password is required' for empty, missing or non-text", () => {
    for (const currentPassword of ['', undefined, null, 42]) {
      expect(byPath(changePasswordRules, { currentPassword, newPassword: STRONG }), String(currentPassword)).toEqual({
        currentPassword: [CURRENT_PASSWORD_REQUIRED],
      });
    }
  });

  it('refuses a current password over 200 characters with its message', () => {
    expect(changePasswordRules.safeParse({ currentPassword: 'x'.repeat(200), newPassword: STRONG }).success).toBe(true);
    expect(byPath(changePasswordRules, { currentPassword: 'x'.repeat(201), newPassword: STRONG })).toEqual({
      currentPassword: ['Password must be at most 200 characters'],
    });
  });

  it('applies every password rule to the new password', () => {
    expect(byPath(changePasswordRules, { currentPassword: 'old', newPassword: 'weak' }).newPassword).toEqual([
      PASSWORD_MESSAGES.length,
      PASSWORD_MESSAGES.uppercase,
      PASSWORD_MESSAGES.number,
      PASSWORD_MESSAGES.special,
    ]);
  });
});

describe('changePasswordFormRules', () => {
  it('accepts a confirmation that matches', () => {
    expect(changePasswordFormRules.parse({ currentPassword: 'old', newPassword: STRONG, confirmPassword: STRONG })).toMatchObject({ newPassword: STRONG });
  });

  it("refuses a confirmation that differs or is missing with 'Passwords do not match' on confirmPassword", () => {
    expect(byPath(changePasswordFormRules, { currentPassword: 'old', newPassword: STRONG, confirmPassword: OTHER_STRONG })).toEqual({
      confirmPassword: ['Passwords do not match'],
    });
    expect(Object.keys(byPath(changePasswordFormRules, { currentPassword: 'old', newPassword: STRONG }))).toEqual(['confirmPassword']);
  });

  it('still checks the current and the new password', () => {
    expect(Object.keys(byPath(changePasswordFormRules, { currentPassword: '', newPassword: STRONG, confirmPassword: STRONG }))).toEqual(['currentPassword']);
  });
});
