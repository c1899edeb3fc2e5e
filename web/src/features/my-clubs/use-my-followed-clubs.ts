// The clubs the member follows, 20 a page; 'Show more clubs' continues after the connection's
// endCursor and the cache appends the page (relayStylePagination in lib/apollo-cache.ts).
import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import type { MyFollowedClubsQuery } from '../../gql/graphql';
import { stillFollowed } from './still-followed';
import { usePagedConnection } from '../../lib/use-paged-connection';
import { MyFollowedClubsDocument } from './my-clubs.generated';

export const MY_CLUBS_PAGE_SIZE = 20;

export type FollowedClubItem = MyFollowedClubsQuery['myFollowedClubs']['edges'][number]['node'] & { id: string };

const LISTING = { listing: 'followed clubs', items: 'followed clubs' };

export function useMyFollowedClubs() {
  const { data, error, refetch, fetchMore } = useQuery(MyFollowedClubsDocument, {
    variables: { first: MY_CLUBS_PAGE_SIZE, after: null },
    context: { silent: true },
  });
  // A follow has no id of its own: it is its club's (a member follows a club once).
  const connection = useMemo(() => {
    const clubs = data?.myFollowedClubs;
    if (!clubs) return undefined;
    return { ...clubs, edges: clubs.edges.map((edge) => ({ node: { ...edge.node, id: edge.node.club.id } })) };
  }, [data]);
  const listing = usePagedConnection({ error, refetch, fetchMore }, connection, LISTING);
  // A club unfollowed here (or on its page, in this tab) leaves the list at once.
  const shown = useMemo(
    () => (listing.items && listing.totalCount !== undefined ? stillFollowed<FollowedClubItem>(listing.items, listing.totalCount) : undefined),
    [listing.items, listing.totalCount],
  );

  return { clubs: shown?.items, count: shown?.count, error, hasMore: listing.hasMore, loadingMore: listing.loadingMore, loadMoreFailed: listing.loadMoreFailed, loadMore: listing.loadMore, retry: listing.retry };
}
