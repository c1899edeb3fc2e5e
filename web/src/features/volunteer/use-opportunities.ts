// One opportunities listing (a search, skill, sport and location), 24 a page; 'Load more'
// continues after the connection's endCursor and the cache appends the page (relayStylePagination
// in lib/apollo-cache). Mounted once per listing (see OpportunitiesPage).
import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BrowseOpportunitiesDocument, type VolunteerOpportunityCard_PositionFragment } from '../../gql/graphql';
import { useFreshnessPolicy } from '../../lib/freshness';
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

export function useOpportunities({ search, skill, sport, location }: OpportunityFilterValues) {
  const fetchPolicy = useFreshnessPolicy(`opportunities:${search}\n${skill}\n${sport}\n${location}`, OPPORTUNITIES_MAX_AGE_MS);
  const { data, error, refetch, fetchMore } = useQuery(BrowseOpportunitiesDocument, {
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
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadMoreFailed, setLoadMoreFailed] = useState(false);
  const inFlight = useRef(false);
  const connection = data?.opportunities;

  useEffect(() => {
    if (error) console.error('Loading the opportunities failed:', error);
  }, [error]);

  const page = useMemo<OpportunitiesPage | undefined>(() => {
    if (!connection) return undefined;
    const seen = new Set<string>();
    const opportunities = connection.edges.map((edge) => edge.node).filter((item) => !seen.has(item.id) && !!seen.add(item.id));
    return { opportunities, totalCount: connection.totalCount, hasMore: connection.pageInfo.hasNextPage };
  }, [connection]);

  const endCursor = connection?.pageInfo.hasNextPage ? connection.pageInfo.endCursor : null;
  const loadMore = useCallback(() => {
    if (!endCursor || inFlight.current) return;
    inFlight.current = true;
    setLoadingMore(true);
    setLoadMoreFailed(false);
    fetchMore({ variables: { after: endCursor } })
      .catch((cause: unknown) => {
        console.error('Loading more opportunities failed:', cause);
        setLoadMoreFailed(true);
      })
      .finally(() => {
        inFlight.current = false;
        setLoadingMore(false);
      });
  }, [fetchMore, endCursor]);

  const retry = useCallback(() => {
    refetch().catch(() => undefined);
  }, [refetch]);

  return { page, error, loadingMore, loadMoreFailed, loadMore, retry };
}
