// Between the saved profile (or, before the first save, the account) and the form's values.
import type { VolunteerProfileInput } from '@clubroom/rules/volunteers';
import type { MyVolunteerProfileQuery, SaveVolunteerProfileInput, VolunteerProfileForm_ProfileFragment } from '../../gql/graphql.js';

// The form's fields only (the page's query also asks for the profile's removedAt).
type Me = Omit<NonNullable<MyVolunteerProfileQuery['me']>, 'volunteerProfile'> & { volunteerProfile: VolunteerProfileForm_ProfileFragment | null };

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  email: string;
  location: string;
  skills: string[];
  availability: string[];
  bio: string;
}

/** The saved profile, or a new one started from the account's name and email. */
export function toProfileFormValues(me: Me): ProfileFormValues {
  const profile = me.volunteerProfile;
  if (profile) {
    return {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email ?? me.email ?? '',
      location: profile.location ?? '',
      skills: [...profile.skills],
      availability: [...profile.availability],
      bio: profile.bio ?? '',
    };
  }
  const [firstName = '', ...rest] = (me.fullName ?? '').trim().split(/\s+/);
  return { firstName, lastName: rest.join(' '), email: me.email ?? '', location: '', skills: [], availability: [], bio: '' };
}

/** The checked values (the rules' output) as the mutation's input. */
export function toProfileInput(values: VolunteerProfileInput): SaveVolunteerProfileInput {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    location: values.location ?? '',
    skills: values.skills ?? [],
    availability: values.availability ?? [],
    bio: values.bio ?? '',
  };
}

/** 'skills.3' → 'skills': a list's item error is shown on the list. */
export function formFieldOf(serverField: string): keyof ProfileFormValues | null {
  const name = serverField.split('.')[0] as keyof ProfileFormValues;
  return ['firstName', 'lastName', 'email', 'location', 'skills', 'availability', 'bio'].includes(name) ? name : null;
}
