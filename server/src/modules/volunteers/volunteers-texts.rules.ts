// Volunteer constants, texts and small pure functions, shared by the server and the web. No zod:
// public pages import this file alone and do not load zod; the schemas are in volunteers.rules.ts,
// which re-exports all of this.

export const VOLUNTEER_NAME_MAX = 50;
export const VOLUNTEER_LOCATION_MAX = 100;
export const VOLUNTEER_BIO_MAX = 1000;
export const SKILLS_MAX = 20;
export const SKILL_MAX = 40;
export const AVAILABILITY_MAX = 7;
export const AVAILABILITY_OPTIONS = [
  'Weekday mornings',
  'Weekday afternoons',
  'Weekday evenings',
  'Weekend mornings',
  'Weekend afternoons',
  'Weekend evenings',
  'Flexible',
] as const;
export type AvailabilityOption = (typeof AVAILABILITY_OPTIONS)[number];
/** A list longer than this is refused before any item is looked at (a form never sends one). */
export const RAW_LIST_MAX = 100;

export const VOLUNTEER_MESSAGES = {
  firstNameRequired: 'First name is required',
  firstNameMax: `First name must be at most ${VOLUNTEER_NAME_MAX} characters`,
  lastNameRequired: 'Last name is required',
  lastNameMax: `Last name must be at most ${VOLUNTEER_NAME_MAX} characters`,
  locationMax: `Location must be at most ${VOLUNTEER_LOCATION_MAX} characters`,
  skillsMax: `Add at most ${SKILLS_MAX} skills`,
  skillMax: `Each skill must be at most ${SKILL_MAX} characters`,
  availability: 'Choose availability from the list',
  bioMax: `Bio must be at most ${VOLUNTEER_BIO_MAX} characters`,
  clubAccount: 'Club accounts cannot create a volunteer profile.',
  profileRequired: 'Create your volunteer profile first.',
  searchForbidden: 'Only approved clubs can search for volunteers.',
  searchMax: 'Search must be at most 100 characters',
  // The specification's toast after a profile is saved.
  profileSaved: 'Profile updated successfully',
} as const;

/** Trimmed, non-blank, first spelling of each letter-case duplicate. */
export function uniqueSkills(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const skill = raw.trim();
    const key = skillKey(skill);
    if (!skill || seen.has(key)) continue;
    seen.add(key);
    out.push(skill);
  }
  return out;
}

/** What the skill filter matches (skill_keys): lower(trim(skill)). */
export function skillKey(skill: string): string {
  return skill.trim().toLowerCase();
}

/** 'First Last': the account's full name and the profile's fullName. */
export function volunteerFullName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`;
}

// ---- the volunteer search (approved clubs) ----------------------------------------------------

export const VOLUNTEER_SEARCH_MAX = 100;
export const VOLUNTEER_PAGE_SIZE = 20;

// ---- the profile image ------------------------------------------------------------------------

export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_IMAGE_HINT = 'JPEG, PNG, WebP or GIF, up to 2 MB';
export const FILE_NAME_MAX = 255;
/** The detected types stored, with the extension each is served under. */
export const PROFILE_IMAGE_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
export type ProfileImageMime = keyof typeof PROFILE_IMAGE_TYPES;
/** The accept attribute of the file input (a hint only: the server checks the bytes). */
export const PROFILE_IMAGE_ACCEPT = Object.keys(PROFILE_IMAGE_TYPES).join(',');
export const BLOCKED_EXTENSIONS = ['.exe', '.bat', '.cmd', '.scr', '.pif', '.com'] as const;
/** Markup inside an image's bytes makes it a polyglot: refused as not an image. */
export const POLYGLOT_MARKERS = ['<script', '<html', '<svg', '<?php', '<!doctype'] as const;

export const UPLOAD_MESSAGES = {
  blockedType: 'This file type is not allowed.',
  nameTooLong: `File name must be at most ${FILE_NAME_MAX} characters`,
  notImage: 'Only JPEG, PNG, WebP or GIF images are allowed.',
  tooLarge: 'Image must be at most 2 MB.',
  noFile: 'Please choose an image to upload.',
  profileRequired: VOLUNTEER_MESSAGES.profileRequired,
} as const;

/** The checks a file's name and size allow before its bytes are read (the form runs them too);
 *  null when they pass. The bytes decide the type on the server. */
export function fileNameProblem(name: string): string | null {
  if (name.length > FILE_NAME_MAX) return UPLOAD_MESSAGES.nameTooLong;
  const lower = name.toLowerCase().trim();
  if (BLOCKED_EXTENSIONS.some((ext) => lower.endsWith(ext))) return UPLOAD_MESSAGES.blockedType;
  return null;
}

export function fileSizeProblem(bytes: number): string | null {
  return bytes > PROFILE_IMAGE_MAX_BYTES ? UPLOAD_MESSAGES.tooLarge : null;
}

// ---- applying to an opportunity ---------------------------------------------------------------

export const APPLICATION_MESSAGE_MIN = 10;
export const APPLICATION_MESSAGE_MAX = 2000;
export const APPLICATION_MESSAGES = {
  messageMin: `Message must be at least ${APPLICATION_MESSAGE_MIN} characters`,
  messageMax: `Message must be at most ${APPLICATION_MESSAGE_MAX} characters`,
} as const;

// ---- club settings ----------------------------------------------------------------------------

export const CLUB_SETTINGS_MESSAGES = {
  saved: 'Settings saved',
} as const;
