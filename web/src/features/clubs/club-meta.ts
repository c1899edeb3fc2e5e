// What search engines and share previews read about a club's page and the directory.
import type { ClubDetails_ClubFragment } from '../../gql/graphql';
import { collectionPageMeta, summary, type PageMetaData } from '../../lib/page-meta-tags';

const SCHEMA_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function place(club: Pick<ClubDetails_ClubFragment, 'city' | 'location'>): string | null {
  return club.city || club.location || null;
}

/** e.g. 'Riverside Rowing Club – Rowing in Oxford'. */
export function clubTitle(club: Pick<ClubDetails_ClubFragment, 'name' | 'category' | 'city' | 'location'>): string {
  const where = place(club);
  if (!club.category) return where ? `${club.name} in ${where}` : club.name;
  return `${club.name} – ${club.category}${where ? ` in ${where}` : ''}`;
}

export function clubMeta(club: ClubDetails_ClubFragment): PageMetaData {
  const path = `/clubs/${club.id}`;
  const where = place(club);
  const fallback = `${club.name}${club.category ? `, a ${club.category.toLowerCase()} club` : ''}${where ? ` in ${where}` : ''}: meeting times, volunteer roles and how to get in touch.`;
  const sameAs = [club.websiteUrl, club.facebookUrl, club.instagramUrl, club.twitterUrl].filter((url): url is string => !!url);
  return {
    title: clubTitle(club),
    description: summary(club.description || fallback),
    path,
    type: 'profile',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'SportsClub',
      name: club.name,
      ...(club.description ? { description: summary(club.description, 500) } : {}),
      ...(club.category ? { sport: club.category } : {}),
      url: path,
      ...(club.address || club.city || club.postcode
        ? {
            address: {
              '@type': 'PostalAddress',
              ...(club.address ? { streetAddress: club.address } : {}),
              ...(club.city ? { addressLocality: club.city } : {}),
              ...(club.postcode ? { postalCode: club.postcode } : {}),
            },
          }
        : {}),
      email: club.contactEmail,
      ...(club.contactPhone ? { telephone: club.contactPhone } : {}),
      ...(sameAs.length ? { sameAs } : {}),
      ...(club.meetingTimes.length
        ? {
            openingHoursSpecification: club.meetingTimes.map((time) => ({
              '@type': 'OpeningHoursSpecification',
              dayOfWeek: SCHEMA_DAYS[time.dayOfWeek % 7],
              opens: time.startTime,
              closes: time.endTime,
            })),
          }
        : {}),
    },
  };
}

export const DIRECTORY_META = collectionPageMeta(
  'Sports Clubs Directory',
  'Find local sports clubs by name, sport or town: when they meet, how to reach them and the volunteer roles they need.',
  '/clubs',
);

export function missingClubMeta(path: string): PageMetaData {
  return { title: 'Club not found', description: 'This club does not exist or is not listed in the directory.', path, status: 404 };
}

/** A club that was listed and a moderator removed: 410 Gone, so search engines drop it for good.
 *  Nothing of the club itself is shown (the server tells only that it was removed). */
export function removedClubMeta(path: string): PageMetaData {
  return { title: 'Club removed', description: 'This club has been removed from the directory.', path, status: 410 };
}
