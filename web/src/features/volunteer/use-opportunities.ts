// One opportunities listing (a search, skill, sport and location), 24 a page; 'Load more'
// continues after the connection's endCursor and the cache appends the page (relayStylePagination
// in lib/apollo-cache). Mounted once per listing (see OpportunitiesPage).
import { usePageQuery } from '../../lib/page-query';
import { useMemo } from 'react';
import type { VolunteerOpportunityCard_PositionFragment } from '../../gql/graphql';
import { BrowseOpportunitiesDocument } from './volunteer.generated';
import { useFreshnessPolicy } from '../../lib/freshness';
import { usePagedConnection } from '../../lib/use-paged-connection';
import { OPPORTUNITIES_MAX_AGE_MS, OPPORTUNITIES_PAGE_SIZE } from './volunteer-limits';

export interface OpportunityFilterValues {
  search: string;
  skill: string;
  sport: string;
  location: string;
}

export interface OpportunitiesPage {
  opportunities: VolunteerOpportunityCard_PositionFragment[];
  totalCount: number;
  hasMore: boolean;
}

const LISTING = { listing: 'opportunities', items: 'opportunities' };

export function useOpportunities({ search, skill, sport, location }: OpportunityFilterValues) {
  const fetchPolicy = useFreshnessPolicy(`opportunities:${search}\n${skill}\n${sport}\n${location}`, OPPORTUNITIES_MAX_AGE_MS);
  const { data, error, refetch, fetchMore } = usePageQuery(BrowseOpportunitiesDocument, {
    variables: {
      search: search || null,
      skill: skill || null,
      sport: sport || null,
      location: location || null,
      first: OPPORTUNITIES_PAGE_SIZE,
      after: null,
    },
    fetchPolicy,
    // Listing failures are only logged (spec section 8): the page shows its own retry.
    context: { silent: true },
  });
  const listing = usePagedConnection({ error, refetch, fetchMore }, data?.opportunities, LISTING);
  const { items, totalCount, hasMore } = listing;
  const page = useMemo<OpportunitiesPage | undefined>(
    () => (items && totalCount !== undefined ? { opportunities: items, totalCount, hasMore } : undefined),
    [items, totalCount, hasMore],
  );
  const { loadingMore, loadMoreFailed, loadMore, retry } = listing;

  return { page, error, loadingMore, loadMoreFailed, loadMore, retry };
}
