// The applications before and after one in the list it was opened from (the filters kept in the
// address), for swiping through them on a phone. Across a page boundary the adjacent page is
// fetched and the address moves to it.
import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { useNavigate } from '../../../lib/navigation';
import type { ApplicationListFilters } from '@clubroom/rules/admin';
import { ApprovalsListDocument } from '../admin.generated';
import { detailPath } from '../admin-route';
import { listVariables } from './list-variables';
import { useApplicationsList } from './use-approvals-queries';

export function useNeighbours(clubId: string, filters: ApplicationListFilters, enabled: boolean) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { page } = useApplicationsList(filters, !enabled);
  const nodes = page?.nodes ?? [];
  const index = nodes.findIndex((node) => node.id === clubId);

  const go = useCallback(
    async (delta: 1 | -1) => {
      if (!page || index < 0) return;
      const target = nodes[index + delta];
      if (target) {
        navigate(detailPath(target.id, filters));
        return;
      }
      const offset = filters.offset + delta * filters.limit;
      if (offset < 0 || offset >= page.totalCount) return;
      try {
        const { data } = await client.query({ query: ApprovalsListDocument, variables: listVariables({ ...filters, offset }), context: { silent: true } });
        const adjacent = data?.clubApplications.nodes ?? [];
        const pick = delta > 0 ? adjacent[0] : adjacent[adjacent.length - 1];
        if (pick) navigate(detailPath(pick.id, { ...filters, offset }));
      } catch (error) {
        console.error('Loading the adjacent applications failed:', error);
      }
    },
    [client, navigate, page, nodes, index, filters],
  );

  const hasNext = !!page && index >= 0 && (index + 1 < nodes.length || filters.offset + filters.limit < page.totalCount);
  const hasPrevious = !!page && index >= 0 && (index > 0 || filters.offset > 0);
  return {
    next: hasNext ? () => void go(1) : undefined,
    previous: hasPrevious ? () => void go(-1) : undefined,
  };
}
