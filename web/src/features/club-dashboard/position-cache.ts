// Keeps the cached list of the owner's positions (`me.club.positions(includeHidden: true)`, a
// relay-style connection) in step with creates and deletes. Edits and the live toggle update the
// normalized position by id on their own.
import type { ApolloCache, Reference } from '@apollo/client';
import type { ClubDashboard_PositionFragment } from '../../gql/graphql';

interface CachedConnection {
  edges: Array<{ cursor?: string; node: Reference }>;
  [key: string]: unknown;
}

/** A new position is the newest: it goes first in the owner's list of its club. */
export function prependPosition(cache: ApolloCache, clubId: string, position: ClubDashboard_PositionFragment): void {
  const node = cache.identify(position);
  if (!node) return;
  cache.modify<{ positions: CachedConnection }>({
    id: cache.identify({ __typename: 'Club', id: clubId }),
    fields: {
      positions(existing, { storeFieldName, toReference }) {
        const connection = existing as unknown as CachedConnection;
        // Only the owner's list (the public one shows live positions, and a new one is hidden).
        if (!storeFieldName.includes('"includeHidden":true') || !connection?.edges) return existing;
        const ref = toReference(node)!;
        const edges = [{ __typename: 'VolunteerPositionEdge', cursor: '', node: ref }, ...connection.edges.filter((edge) => edge.node.__ref !== ref.__ref)];
        return { ...connection, edges } as never;
      },
    },
  });
}

/** A deleted position leaves every list (the lists skip what the cache no longer holds). */
export function removePosition(cache: ApolloCache, id: string): void {
  cache.evict({ id: cache.identify({ __typename: 'VolunteerPosition', id }) });
  cache.gc();
}
