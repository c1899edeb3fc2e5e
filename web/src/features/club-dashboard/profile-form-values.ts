// Between the cached club, the profile form and the saveClubProfile input.
import type { ClubProfileInput as ProfileFormValues, ClubProfileValues } from '@clubroom/rules/clubs';
import type { Control, UseFormRegister } from 'react-hook-form';
import type { ClubDashboard_ClubFragment, SaveClubProfileInput } from '../../gql/graphql';

export type { ProfileFormValues };

/** What a section of the profile form gets from the form: both stay the same object for the form's
 *  life, so a memoised section renders again only when its own errors or watched values change. */
export interface ProfileFieldsProps {
  register: UseFormRegister<ProfileFormValues>;
  control: Control<ProfileFormValues>;
}

/** Prefilled from the club (the registration leaves the name and email), else from the user. */
export function toProfileFormValues(club: ClubDashboard_ClubFragment | null, email: string): ProfileFormValues {
  return {
    name: club?.name ?? '',
    // An empty string selects the placeholder; the rule then asks for a category.
    category: (club?.category ?? '') as ProfileFormValues['category'],
    description: club?.description ?? '',
    websiteUrl: club?.websiteUrl ?? '',
    contactEmail: club?.contactEmail ?? email,
    contactPhone: club?.contactPhone ?? '',
    facebookUrl: club?.facebookUrl ?? '',
    instagramUrl: club?.instagramUrl ?? '',
    twitterUrl: club?.twitterUrl ?? '',
    address: club?.address ?? '',
    city: club?.city ?? '',
    postcode: club?.postcode ?? '',
    what3words: club?.what3words ?? '',
    googleMapsUrl: club?.googleMapsUrl ?? '',
  };
}

/** Empty optional fields are sent as null (spec section 7: upsert with empty fields as null). */
export function toProfileInput(values: ClubProfileValues): SaveClubProfileInput {
  const orNull = (value: string) => (value === '' ? null : value);
  return {
    name: values.name,
    category: values.category,
    description: values.description,
    websiteUrl: orNull(values.websiteUrl),
    contactEmail: values.contactEmail,
    contactPhone: orNull(values.contactPhone),
    facebookUrl: orNull(values.facebookUrl),
    instagramUrl: orNull(values.instagramUrl),
    twitterUrl: orNull(values.twitterUrl),
    address: orNull(values.address),
    city: orNull(values.city),
    postcode: orNull(values.postcode),
    what3words: orNull(values.what3words),
    googleMapsUrl: orNull(values.googleMapsUrl),
  };
}
