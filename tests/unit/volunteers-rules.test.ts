// The volunteer rules the server and the forms share (server/src/modules/volunteers/volunteers.rules.ts),
// checked against the specification's limits and words.
import { describe, expect, it } from 'vitest';
import {
  applicationMessageRule,
  AVAILABILITY_OPTIONS,
  clubSettingsRules,
  fileNameProblem,
  fileSizeProblem,
  PROFILE_IMAGE_HINT,
  PROFILE_IMAGE_MAX_BYTES,
  skillKey,
  uniqueSkills,
  volunteerFullName,
  volunteerProfileRules,
  volunteerSignUpRules,
} from '../../server/src/modules/volunteers/volunteers.rules.js';

const valid = { firstName: 'Alex', lastName: 'Morgan', email: 'alex@example.com' };
const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('the volunteer profile rules', () => {
  it('offer the seven availability options of the specification, in its order', () => {
    expect([...AVAILABILITY_OPTIONS]).toEqual(['Weekday mornings', 'Weekday afternoons', 'Weekday evenings', 'Weekend mornings', 'Weekend afternoons', 'Weekend evenings', 'Flexible']);
  });

  it('fill omitted optional fields with empty values', () => {
    expect(volunteerProfileRules.parse(valid)).toEqual({ ...valid, location: '', skills: [], availability: [], bio: '' });
  });

  it('trim skills, drop blanks and letter-case repeats (the first spelling stays)', () => {
    expect(uniqueSkills([' Coaching ', 'coaching', '', 'First Aid', 'FIRST AID'])).toEqual(['Coaching', 'First Aid']);
    expect(skillKey('  First Aid ')).toBe('first aid');
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: ' ' }, 'Last name is required'],
    [{ firstName: 'x'.repeat(51) }, 'First name must be at most 50 characters'],
    [{ email: 'x' }, 'Please enter a valid email address'],
    [{ location: 'x'.repeat(101) }, 'Location must be at most 100 characters'],
    [{ skills: Array.from({ length: 21 }, (_, i) => `s${i}`) }, 'Add at most 20 skills'],
    [{ availability: ['Sometimes'] }, 'Choose availability from the list'],
    [{ bio: 'x'.repeat(1001) }, 'Bio must be at most 1000 characters'],
  ])('refuses %j with its message', (over, message) => {
    expect(firstMessage(volunteerProfileRules.safeParse({ ...valid, ...over }))).toBe(message);
  });

  it('sign-up adds the password rule', () => {
    expect(firstMessage(volunteerSignUpRules.safeParse({ ...valid, password: 'short' }))).toBe('Password must be at least 8 characters long');
    expect(volunteerFullName('Alex', 'Morgan')).toBe('Alex Morgan');
  });
});

describe('the profile image checks that need no bytes', () => {
  it('state the limit as the specification words it', () => {
    expect(PROFILE_IMAGE_MAX_BYTES).toBe(2 * 1024 * 1024);
    expect(PROFILE_IMAGE_HINT).toBe('JPEG, PNG, WebP or GIF, up to 2 MB');
  });

  it('refuse executable names in any letter case, names over 255 characters, and more than 2 MB', () => {
    for (const name of ['a.exe', 'a.BAT', 'a.cmd', 'a.Scr', 'a.pif', 'a.com', 'photo.png.exe']) expect(fileNameProblem(name)).toBe('This file type is not allowed.');
    expect(fileNameProblem(`${'n'.repeat(252)}.png`)).toBe('File name must be at most 255 characters');
    expect(fileNameProblem(`${'n'.repeat(251)}.png`)).toBeNull();
    expect(fileNameProblem('photo.com.png')).toBeNull();
    expect(fileSizeProblem(PROFILE_IMAGE_MAX_BYTES)).toBeNull();
    expect(fileSizeProblem(PROFILE_IMAGE_MAX_BYTES + 1)).toBe('Image must be at most 2 MB.');
  });
});

describe('the apply message and the club settings', () => {
  it('keep a message to 10–2000 characters after trimming', () => {
    expect(firstMessage(applicationMessageRule.safeParse('   short   '))).toBe('Message must be at least 10 characters');
    expect(firstMessage(applicationMessageRule.safeParse('x'.repeat(2001)))).toBe('Message must be at most 2000 characters');
    expect(applicationMessageRule.parse(`  ${'x'.repeat(10)}  `)).toBe('x'.repeat(10));
  });

  it("check the owner's name and the contact email", () => {
    const settings = { contactEmail: 'club@example.com', ownerName: 'Sam', notifyApplicationsByEmail: true, notifyWithdrawalsByEmail: false };
    expect(clubSettingsRules.safeParse(settings).success).toBe(true);
    expect(firstMessage(clubSettingsRules.safeParse({ ...settings, ownerName: 'S' }))).toBe('Name must be at least 2 characters');
    expect(firstMessage(clubSettingsRules.safeParse({ ...settings, contactEmail: 'nope' }))).toBe('Please enter a valid email address');
  });
});
