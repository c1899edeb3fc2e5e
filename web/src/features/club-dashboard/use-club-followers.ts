// The owner's Followers tab: who follows the club, the newest first, 20 a page; 'Show more
// followers' continues after the connection's endCursor (relayStylePagination on Club.followers).
import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import type { MyClubFollowersQuery } from '../../gql/graphql';
import { usePagedConnection } from '../../lib/use-paged-connection';
import { MyClubFollowersDocument } from './club-dashboard.generated';

export const FOLLOWERS_PAGE_SIZE = 20;

type Followers = NonNullable<NonNullable<MyClubFollowersQuery['me']>['club']>['followers'];
export type FollowerItem = Followers['edges'][number]['node'] & { id: string };

const LISTING = { listing: "club's followers", items: 'followers' };

export function useClubFollowers() {
  const { data, error, refetch, fetchMore } = useQuery(MyClubFollowersDocument, {
    variables: { first: FOLLOWERS_PAGE_SIZE, after: null },
    context: { silent: true },
  });
  const followers = data?.me?.club?.followers;
  // A follower has no id of its own: it is its member's (a member follows a club once).
  const connection = useMemo(
    () => (followers ? { ...followers, edges: followers.edges.map((edge) => ({ node: { ...edge.node, id: edge.node.member.id } })) } : undefined),
    [followers],
  );
  const listing = usePagedConnection({ error, refetch, fetchMore }, connection, LISTING);
  // Loaded, but the member has no club (the tab is not offered then): an empty list.
  const noClub = data !== undefined && !data.me?.club;
  return { ...listing, items: noClub ? [] : listing.items, totalCount: noClub ? 0 : listing.totalCount, error };
}
