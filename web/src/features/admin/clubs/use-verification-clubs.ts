// Approved clubs by verification, a numbered page at a time.
import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { AdminVerificationClubsDocument } from '../../../gql/graphql';
import { CLUBS_PAGE_SIZE } from './clubs-texts';

export function useVerificationClubs(verified: boolean, page: number) {
  const { data, previousData, loading, error, refetch } = useQuery(AdminVerificationClubsDocument, {
    variables: { verified, first: CLUBS_PAGE_SIZE, offset: (page - 1) * CLUBS_PAGE_SIZE },
    context: { silent: true },
  });
  useEffect(() => {
    if (error) console.error('Loading the clubs failed:', error);
  }, [error]);
  // While the next page loads, the one shown stays.
  const shown = data ?? previousData;
  const totalCount = shown?.clubApplications.totalCount;
  return {
    clubs: shown?.clubApplications.nodes,
    totalCount,
    totalPages: totalCount === undefined ? 0 : Math.ceil(totalCount / CLUBS_PAGE_SIZE),
    loading,
    error,
    refetch,
  };
}
