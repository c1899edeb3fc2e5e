// The volunteer screens' pure helpers (web/src/features/volunteer): card texts, the skills tag
// input, the image pre-checks, the dashboard's sorts and filters, the registration form's rules
// and the profile form's values.
import { describe, expect, it } from 'vitest';
import {
  applicationFilterOf,
  applicationSortOf,
  APPLICATION_FILTERS,
  APPLICATION_SORTS,
  applicationComposePath,
  appliedText,
  counterText,
  isGlobalId,
  opportunityCountText,
  profileImageProblem,
  unavailableText,
} from '../../web/src/features/volunteer/volunteer-format.js';
import { addSkill, skillsPreview } from '../../web/src/components/skills.js';
import { volunteerRegistrationFormRules } from '../../web/src/features/volunteer/registration-rules.js';
import { formFieldOf, toProfileFormValues, toProfileInput } from '../../web/src/features/volunteer/profile-form-values.js';
import { dashboardTabOf } from '../../web/src/features/volunteer/dashboard-tabs.js';

describe('opportunity cards', () => {
  it('counts the opportunities found in words', () => {
    expect(opportunityCountText(0)).toBe('0 opportunities found');
    expect(opportunityCountText(1)).toBe('1 opportunity found');
    expect(opportunityCountText(24)).toBe('24 opportunities found');
  });

  it('shows at most 4 skills and says how many more there are', () => {
    expect(skillsPreview(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(skillsPreview(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b', 'c', 'd'], more: 0 });
    expect(skillsPreview(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({ shown: ['a', 'b', 'c', 'd'], more: 2 });
    expect(skillsPreview([], 4)).toEqual({ shown: [], more: 0 });
  });

  it("says 'filled' for a filled opportunity and 'no longer available' for a cancelled one", () => {
    expect(unavailableText('FILLED')).toBe('This opportunity has been filled');
    expect(unavailableText('CANCELLED')).toBe('This opportunity is no longer available');
  });

  it("says 'Applied' with the application's status once the volunteer has applied", () => {
    expect(appliedText('PENDING')).toBe('Applied · Pending');
    expect(appliedText('ACCEPTED')).toBe('Applied · Accepted');
    expect(appliedText('REJECTED')).toBe('Applied · Rejected');
    expect(appliedText('WITHDRAWN')).toBe('Applied · Withdrawn');
  });
});

describe('the skills tag input', () => {
  it('adds a trimmed skill and ignores blanks and letter-case duplicates', () => {
    expect(addSkill([], '  First aid ')).toEqual({ skills: ['First aid'], problem: null });
    const list = ['First aid'];
    expect(addSkill(list, '   ').skills).toBe(list);
    expect(addSkill(list, 'first AID')).toEqual({ skills: list, problem: null });
  });

  it('refuses a 21st skill and a skill over 40 characters with the rules’ messages', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `Skill ${i}`);
    expect(addSkill(twenty, 'One more')).toEqual({ skills: twenty, problem: 'Add at most 20 skills' });
    expect(addSkill([], 'x'.repeat(41)).problem).toBe('Each skill must be at most 40 characters');
    expect(addSkill([], 'x'.repeat(40)).skills).toHaveLength(1);
  });
});

describe('the profile image pre-checks (the server decides from the bytes)', () => {
  const file = (name: string, size: number, type: string) => ({ name, size, type });

  it('lets a small PNG, JPEG, WebP or GIF through', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) expect(profileImageProblem(file('me.img', 1000, type))).toBeNull();
    // A browser that cannot tell the type leaves it to the server.
    expect(profileImageProblem(file('me', 1000, ''))).toBeNull();
  });

  it('refuses executable names, long names, other types and files over 2 MB', () => {
    expect(profileImageProblem(file('photo.png.exe', 10, 'image/png'))).toBe('This file type is not allowed.');
    expect(profileImageProblem(file('RUN.BAT', 10, ''))).toBe('This file type is not allowed.');
    expect(profileImageProblem(file(`${'a'.repeat(252)}.png`, 10, 'image/png'))).toBe('File name must be at most 255 characters');
    expect(profileImageProblem(file('page.svg', 10, 'image/svg+xml'))).toBe('Only JPEG, PNG, WebP or GIF images are allowed.');
    expect(profileImageProblem(file('big.png', 2 * 1024 * 1024 + 1, 'image/png'))).toBe('Image must be at most 2 MB.');
    expect(profileImageProblem(file('exact.png', 2 * 1024 * 1024, 'image/png'))).toBeNull();
  });
});

describe('the dashboard', () => {
  it('offers the four sorts and the spec’s five filters in its order, with the waiting line’s statuses (issue 30) beside them', () => {
    expect(APPLICATION_SORTS.map((s) => s.label)).toEqual(['Newest First', 'Oldest First', 'Status', 'Title']);
    expect(APPLICATION_SORTS.map((s) => s.value)).toEqual(['date-desc', 'date-asc', 'status', 'title']);
    expect(APPLICATION_FILTERS.map((f) => f.value)).toEqual(['all', 'pending', 'accepted', 'waitlisted', 'offered', 'rejected', 'withdrawn', 'lapsed']);
  });

  it('reads the sort, filter and tab from the address, falling back to the defaults', () => {
    expect(applicationSortOf('date-asc').sort).toBe('OLDEST');
    expect(applicationSortOf('nonsense').sort).toBe('NEWEST');
    expect(applicationSortOf(null).value).toBe('date-desc');
    expect(applicationFilterOf('withdrawn').status).toBe('WITHDRAWN');
    expect(applicationFilterOf('PENDING').status).toBeNull();
    expect(dashboardTabOf('applications')).toBe('applications');
    expect(dashboardTabOf('x')).toBe('overview');
    expect(dashboardTabOf(null)).toBe('overview');
  });

  it("opens 'Contact Club' on the compose screen for the application", () => {
    expect(applicationComposePath('Vm9sdW50ZWVyQXBwbGljYXRpb246MQ')).toBe('/messages/compose?application=Vm9sdW50ZWVyQXBwbGljYXRpb246MQ');
  });

  it('asks only for ids that can be global ids', () => {
    expect(isGlobalId('Vm9sdW50ZWVyUG9zaXRpb246MQ')).toBe(true);
    expect(isGlobalId('a/b')).toBe(false);
    expect(isGlobalId('')).toBe(false);
    expect(isGlobalId(undefined)).toBe(false);
  });

  it('counts characters against a limit', () => {
    expect(counterText(12, 2000)).toBe('12/2000');
  });
});

describe('the volunteer registration form', () => {
  const valid = {
    firstName: 'Vera',
    lastName: 'Volunteer',
    email: 'vera@example.com',
    password: 'Str0ng!Passw0rd',
    confirmPassword: 'Str0ng!Passw0rd',
    location: 'Riverside',
  };
  const messages = (values: Record<string, unknown>) => {
    const result = volunteerRegistrationFormRules.safeParse(values);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('accepts a complete form, the location being optional', () => {
    expect(messages(valid)).toEqual([]);
    expect(messages({ ...valid, location: '' })).toEqual([]);
  });

  it('gives the spec’s messages: names, email, each password rule, the confirmation', () => {
    expect(messages({ ...valid, firstName: ' ' })).toContain('firstName: First name is required');
    expect(messages({ ...valid, lastName: 'x'.repeat(51) })).toContain('lastName: Last name must be at most 50 characters');
    expect(messages({ ...valid, email: 'not-an-email' })).toContain('email: Please enter a valid email address');
    expect(messages({ ...valid, password: 'short', confirmPassword: 'short' })).toEqual(
      expect.arrayContaining([
        'password: Password must be at least 8 characters long',
        'password: Password must contain at least one uppercase letter',
        'password: Password must contain at least one number',
        'password: Password must contain at least one special character',
      ]),
    );
    expect(messages({ ...valid, confirmPassword: 'Other!Passw0rd' })).toEqual(['confirmPassword: Passwords do not match']);
  });
});

describe('the profile form’s values', () => {
  const me = { __typename: 'Member' as const, id: 'm', email: 'mo@example.com', fullName: 'Mo  de Member', hasVolunteerProfile: false, club: null, volunteerProfile: null };

  it('starts a new profile from the account’s name and email', () => {
    expect(toProfileFormValues(me)).toEqual({
      firstName: 'Mo',
      lastName: 'de Member',
      email: 'mo@example.com',
      location: '',
      skills: [],
      availability: [],
      bio: '',
    });
  });

  it('shows a saved profile as it is, with empty texts for the missing ones', () => {
    const profile = {
      __typename: 'VolunteerProfile' as const,
      id: 'p',
      firstName: 'Vera',
      lastName: 'V',
      fullName: 'Vera V',
      email: 'vera@example.com',
      location: null,
      skills: ['Coaching'],
      availability: ['Flexible'],
      bio: null,
      profileImageUrl: null,
      updatedAt: '2026-01-01T00:00:00Z',
    };
    expect(toProfileFormValues({ ...me, hasVolunteerProfile: true, volunteerProfile: profile })).toMatchObject({
      firstName: 'Vera',
      location: '',
      skills: ['Coaching'],
      availability: ['Flexible'],
      bio: '',
    });
  });

  it('sends every field, and puts a list item’s error on its list', () => {
    expect(toProfileInput({ firstName: 'A', lastName: 'B', email: 'a@b.co' })).toEqual({
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      location: '',
      skills: [],
      availability: [],
      bio: '',
    });
    expect(formFieldOf('skills.3')).toBe('skills');
    expect(formFieldOf('bio')).toBe('bio');
    expect(formFieldOf('nonsense')).toBeNull();
  });
});
