// Approved clubs by verification, a numbered page at a time.
import { useQuery } from '@apollo/client/react';
import { AdminVerificationClubsDocument } from '../admin-reports.generated';
import { pageOf } from '../page-nav';
import { useLoggedError } from '../use-logged-error';
import { CLUBS_PAGE_SIZE } from './clubs-texts';

export function useVerificationClubs(verified: boolean, page: number) {
  const { data, previousData, loading, error, refetch } = useQuery(AdminVerificationClubsDocument, {
    variables: { verified, first: CLUBS_PAGE_SIZE, offset: (page - 1) * CLUBS_PAGE_SIZE },
    context: { silent: true },
  });
  useLoggedError(error, 'Loading the clubs failed:');
  // While the next page loads, the one shown stays.
  const { nodes, totalCount, totalPages } = pageOf((data ?? previousData)?.clubApplications, CLUBS_PAGE_SIZE);
  return {
    clubs: nodes,
    totalCount,
    totalPages,
    loading,
    error,
    refetch,
  };
}
