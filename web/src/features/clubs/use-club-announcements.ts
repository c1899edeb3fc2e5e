// The club page's announcements: the latest 5 (older ones a page at a time), and the one a
// notification opened (`?announcement=` its global id), which may be older. A signed-in reader who
// opens one that way marks it read (the owner's 'Read by' count), once per visit.
import { useEffect, useMemo, useRef } from 'react';
import { pageMutate, usePageQuery } from '../../lib/page-query';
import { useAuth } from '../../lib/use-auth';
import { usePagedConnection } from '../../lib/use-paged-connection';
import { ClubAnnouncementsDocument, MarkAnnouncementReadDocument } from './club-announcements.generated';

export const CLUB_ANNOUNCEMENTS_PAGE_SIZE = 5;

const LISTING = { listing: "club's announcements", items: 'announcements' };

export function useClubAnnouncements(clubId: string, focusId: string | null) {
  const { data, error, refetch, fetchMore } = usePageQuery(ClubAnnouncementsDocument, {
    variables: { clubId, first: CLUB_ANNOUNCEMENTS_PAGE_SIZE, after: null, focusId: focusId ?? '', withFocus: !!focusId },
    context: { silent: true },
  });
  const listing = usePagedConnection({ error, refetch, fetchMore }, data?.club?.announcements, LISTING);
  const focus = data?.focus?.__typename === 'Announcement' ? data.focus : null;
  // The opened announcement first when it is not among those listed.
  const items = useMemo(() => {
    if (!listing.items) return undefined;
    return focus && !listing.items.some((item) => item.id === focus.id) ? [focus, ...listing.items] : listing.items;
  }, [listing.items, focus]);

  const { status } = useAuth();
  const marked = useRef<string | null>(null);
  const focusedId = focus?.id ?? null;
  useEffect(() => {
    if (status !== 'signed-in' || !focusedId || marked.current === focusedId) return;
    marked.current = focusedId;
    pageMutate(MarkAnnouncementReadDocument, { input: { announcementId: focusedId } }, { silent: true }).catch((cause: unknown) => console.error('Marking the announcement read failed:', cause));
  }, [status, focusedId]);

  return { ...listing, items, focusedId, error };
}
