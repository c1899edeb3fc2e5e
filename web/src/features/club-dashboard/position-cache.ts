// Keeps the cached `myVolunteerPositions` list in step with creates and deletes (edits and the
// live toggle update the normalized position by id on their own).
import type { ApolloCache } from '@apollo/client';
import { MyVolunteerPositionsDocument, type ClubDashboard_PositionFragment } from '../../gql/graphql';

/** A new position is the newest: it goes first. */
export function prependPosition(cache: ApolloCache, position: ClubDashboard_PositionFragment): void {
  cache.updateQuery({ query: MyVolunteerPositionsDocument }, (data) =>
    data
      ? { myVolunteerPositions: [position, ...data.myVolunteerPositions.filter((item) => item.id !== position.id)] }
      : data,
  );
}

export function removePosition(cache: ApolloCache, id: string): void {
  cache.updateQuery({ query: MyVolunteerPositionsDocument }, (data) =>
    data ? { myVolunteerPositions: data.myVolunteerPositions.filter((item) => item.id !== id) } : data,
  );
  cache.evict({ id: cache.identify({ __typename: 'VolunteerPosition', id }) });
  cache.gc();
}
