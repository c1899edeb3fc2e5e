// The Club Approvals queries with their freshness (spec section 9). Failures are logged and fall
// back to zeros and empty lists (section 8); FORBIDDEN shows the screen's 'Access Denied'.
import { useQuery } from '@apollo/client/react';
import type { ApplicationListFilters } from '@clubroom/rules/admin';
import { DASHBOARD_RECENT, QUICK_REVIEW } from '@clubroom/rules/admin';
import { ApprovalsCountsDocument, ApprovalsDashboardDocument, ApprovalsListDocument } from '../admin.generated';
import { useFreshnessPolicy } from '../../../lib/freshness';
import { errorCodes } from '../../../lib/request-errors';
import { COUNTS_MAX_AGE_MS, LIST_MAX_AGE_MS } from '../admin-texts';
import { useLoggedError } from '../use-logged-error';
import { listVariables } from './list-variables';

export const isForbidden = (error: unknown) => !!error && errorCodes(error).includes('FORBIDDEN');

export function useApplicationCounts() {
  const fetchPolicy = useFreshnessPolicy('clubApplicationCounts', COUNTS_MAX_AGE_MS);
  const { data, error } = useQuery(ApprovalsCountsDocument, { fetchPolicy, context: { silent: true } });
  useLoggedError(error, 'Loading the application counts failed:');
  const zeros = { pending: 0, approved: 0, rejected: 0, total: 0 };
  return { counts: data?.clubApplicationCounts ?? (error ? zeros : undefined), error };
}

export function useDashboardApplications() {
  const fetchPolicy = useFreshnessPolicy('clubApplicationsDashboard', LIST_MAX_AGE_MS);
  const { data, error, loading } = useQuery(ApprovalsDashboardDocument, {
    variables: { recent: DASHBOARD_RECENT, quickReview: QUICK_REVIEW },
    fetchPolicy,
    context: { silent: true },
  });
  useLoggedError(error, 'Loading the recent applications failed:');
  return {
    recent: data?.recent.nodes ?? (error ? [] : undefined),
    quickReview: data?.quickReview.nodes ?? (error ? [] : undefined),
    loading,
    error,
  };
}

export function useApplicationsList(filters: ApplicationListFilters, skip = false) {
  const variables = listVariables(filters);
  const fetchPolicy = useFreshnessPolicy(`clubApplications:${JSON.stringify(variables)}`, LIST_MAX_AGE_MS);
  const { data, error, loading, refetch } = useQuery(ApprovalsListDocument, { variables, fetchPolicy, skip, context: { silent: true } });
  useLoggedError(error, 'Loading the club applications failed:');
  const retry = () => {
    refetch().catch(() => undefined);
  };
  return { page: data?.clubApplications, error, loading, retry };
}
