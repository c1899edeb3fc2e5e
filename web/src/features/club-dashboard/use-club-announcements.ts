// The owner's Announcements tab: the club's announcements with their counts, newest first, 10 a
// page ('Show more' continues after the endCursor: relayStylePagination on Club.announcements), and
// posting a new one (the list is read again once it is posted, with its counts).
import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import type { PostAnnouncementInput } from '../../gql/graphql';
import { requirePayload } from '../../lib/user-errors';
import { usePagedConnection } from '../../lib/use-paged-connection';
import { MyClubAnnouncementsDocument, PostAnnouncementDocument } from './club-announcements.generated';

export const ANNOUNCEMENTS_PAGE_SIZE = 10;

const LISTING = { listing: "club's announcements", items: 'announcements' };

export function useClubAnnouncements() {
  const { data, error, refetch, fetchMore } = useQuery(MyClubAnnouncementsDocument, {
    variables: { first: ANNOUNCEMENTS_PAGE_SIZE, after: null },
    context: { silent: true },
  });
  const connection = data?.me?.club?.announcements;
  const listing = usePagedConnection({ error, refetch, fetchMore }, connection, LISTING);
  const noClub = data !== undefined && !data.me?.club;
  return { ...listing, items: noClub ? [] : listing.items, totalCount: noClub ? 0 : listing.totalCount, error };
}

export function usePostAnnouncement() {
  const [mutate] = useMutation(PostAnnouncementDocument, {
    context: { silent: true },
    refetchQueries: [MyClubAnnouncementsDocument],
    awaitRefetchQueries: true,
  });
  return useCallback(
    async (input: PostAnnouncementInput) => {
      const { data } = await mutate({ variables: { input } });
      return requirePayload(data?.postAnnouncement).announcement;
    },
    [mutate],
  );
}
