// One page of the audit log (administration spec, sections 7 and 9: 25 a page by offset).
import { useQuery } from '@apollo/client/react';
import { AUDIT_PAGE_SIZE } from '@clubroom/rules/admin';
import { AdminAuditLogDocument } from '../admin-reports.generated';
import { pageOf } from '../page-nav';
import { useLoggedError } from '../use-logged-error';
import type { AuditFilterValues } from './audit-filters';

export function useAuditLog(filters: AuditFilterValues, page: number) {
  const { data, previousData, loading, error, refetch } = useQuery(AdminAuditLogDocument, {
    variables: {
      filter: {
        actionType: filters.actionType,
        from: filters.from || null,
        to: filters.to || null,
        search: filters.search || null,
      },
      first: AUDIT_PAGE_SIZE,
      offset: (page - 1) * AUDIT_PAGE_SIZE,
    },
    fetchPolicy: 'cache-and-network',
    context: { silent: true },
  });
  useLoggedError(error, 'Loading the audit log failed:');
  const { nodes, totalCount, totalPages } = pageOf((data ?? previousData)?.adminActions, AUDIT_PAGE_SIZE);
  return {
    entries: nodes,
    totalCount,
    totalPages,
    loading,
    error,
    refetch,
  };
}
