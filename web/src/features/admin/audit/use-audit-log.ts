// One page of the audit log (administration spec, sections 7 and 9: 25 a page by offset).
import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { AUDIT_PAGE_SIZE } from '../../../../../server/src/modules/admin/admin.rules';
import { AdminAuditLogDocument } from '../../../gql/graphql';
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
  useEffect(() => {
    if (error) console.error('Loading the audit log failed:', error);
  }, [error]);
  const shown = data ?? previousData;
  const totalCount = shown?.adminActions.totalCount;
  return {
    entries: shown?.adminActions.nodes,
    totalCount,
    totalPages: totalCount === undefined ? 0 : Math.ceil(totalCount / AUDIT_PAGE_SIZE),
    loading,
    error,
    refetch,
  };
}
