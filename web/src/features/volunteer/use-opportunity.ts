// One opportunity's detail, fresh for 5 minutes like the club pages.
import { usePageQuery } from '../../lib/page-query';
import { useCallback, useEffect } from 'react';
import { OpportunityDetailDocument } from './volunteer.generated';
import { useFreshnessPolicy } from '../../lib/freshness';
import { OPPORTUNITIES_MAX_AGE_MS } from './volunteer-limits';

export function useOpportunity(id: string) {
  const fetchPolicy = useFreshnessPolicy(`opportunity:${id}`, OPPORTUNITIES_MAX_AGE_MS);
  const { data, error, refetch } = usePageQuery(OpportunityDetailDocument, { variables: { id }, fetchPolicy, context: { silent: true } });
  useEffect(() => {
    if (error) console.error('Loading the opportunity failed:', error);
  }, [error]);
  const retry = useCallback(() => {
    refetch().catch(() => undefined);
  }, [refetch]);
  return {
    opportunity: data?.opportunity ?? undefined,
    // The server answers null for an opportunity that does not exist or that the caller may not see.
    notFound: data !== undefined && data.opportunity === null,
    error,
    retry,
  };
}
