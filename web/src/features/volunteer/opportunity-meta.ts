// What search engines and share previews read about the opportunities and one opportunity. No
// JobPosting data: Google's job-posting guidelines are for offers of employment, and these are
// unpaid volunteer roles; the page's own title, description and canonical address say enough.
import type { OpportunityDetailQuery } from '../../gql/graphql';
import { collectionPageMeta, summary, type PageMetaData } from '../../lib/page-meta-tags';

type Opportunity = NonNullable<OpportunityDetailQuery['opportunity']>;

export const OPPORTUNITIES_META = collectionPageMeta(
  'Volunteer Opportunities',
  'Lend a hand at a local sports club: find a volunteer role that fits your skills, your sport and your time.',
  '/volunteer-opportunities',
);

export function opportunityMeta(opportunity: Opportunity): PageMetaData {
  return {
    title: `${opportunity.title} – volunteer at ${opportunity.club.name}`,
    description: summary(opportunity.description || `${opportunity.title} at ${opportunity.club.name}, ${opportunity.location}.`),
    path: `/opportunities/${opportunity.id}`,
    type: 'article',
  };
}
