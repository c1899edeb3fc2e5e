import { useQuery, useSubscription } from '@apollo/client/react';
import { refreshSessionUser } from '../club-dashboard/refresh-session-user';
import { MyClubDocument } from '../club-dashboard/club-dashboard.generated';
import { MyOpportunitiesDocument, OpportunityApplicationsDocument } from '../club-opportunities/club-opportunities.generated';
import { MyVolunteerApplicationsDocument, MyVolunteerApplicationStatsDocument, VolunteerApplicationDetailDocument } from '../volunteer/volunteer.generated';
import { NotificationAddedDocument, NotificationsDocument, UnreadNotificationCountChangedDocument, UnreadNotificationCountDocument } from './notifications.generated';
import { expireFreshness } from '../../lib/freshness';
import { NOTIFICATION_COUNT_POLL_MS, NOTIFICATION_LIST_LIMIT } from './notification-limits';
import { resumeFromLastEvent } from '../../lib/resume-cursors';
import { writeLiveValue } from '../../lib/live-values';

/** Where a club application decision's notification points. */
const CLUB_DASHBOARD = '/club/dashboard';

const LIST = { query: NotificationsDocument, variables: { first: NOTIFICATION_LIST_LIMIT } };

// A bell whose socket dropped gets, once it is back, the notifications added meanwhile (oldest
// first, each put on top as it comes), not only the newest: graphql-ws sends the subscription
// again with the last event's cursor as `after`.
resumeFromLastEvent('NotificationAdded', 'notificationAdded');

/** The bell's newest notifications and unread count, kept live by two subscriptions: a new (or
 *  updated) notification is put first in the cached list, a new count replaces the cached count. */
export function useNotificationFeed() {
  const list = useQuery(NotificationsDocument, { variables: LIST.variables, context: { silent: true } });
  const count = useQuery(UnreadNotificationCountDocument, { pollInterval: NOTIFICATION_COUNT_POLL_MS, context: { silent: true } });

  useSubscription(NotificationAddedDocument, {
    context: { silent: true },
    onData: ({ client, data }) => {
      const added = data.data?.notificationAdded.notification;
      if (!added) return;
      client.cache.updateQuery(LIST, (cached) => {
        if (!cached) return undefined;
        // A notification the server folded (a repeat about the same thing updates the entry it
        // already has, docs/API.md 'Limits on writes that reach other people') moves to the top.
        const others = cached.notifications.nodes.filter((item) => item.id !== added.id);
        return { notifications: { ...cached.notifications, nodes: [added, ...others].slice(0, NOTIFICATION_LIST_LIMIT) } };
      });
      // A decision on the member's club application (it links to the club dashboard): the club's
      // status changed, so an open dashboard and the stored user follow at once (meeting times
      // unlock on approval without a reload).
      if (added.actionUrl === CLUB_DASHBOARD) {
        void client.refetchQueries({ include: [MyClubDocument] });
        void refreshSessionUser();
      }
      // A volunteer application changed (applied, accepted, rejected, withdrawn): the open
      // volunteer dashboard and application page follow at once (only mounted queries refetch).
      if (added.type === 'APPLICATION') {
        // (The volunteer dashboard's freshness keys: its tabs not open ask again when opened.)
        expireFreshness('volunteerApplication');
        void client.refetchQueries({
          include: [
            MyVolunteerApplicationsDocument,
            MyVolunteerApplicationStatsDocument,
            VolunteerApplicationDetailDocument,
            // The club's side: My Opportunities' counts and any open list of applications.
            MyOpportunitiesDocument,
            OpportunityApplicationsDocument,
          ],
        });
      }
    },
  });
  useSubscription(UnreadNotificationCountChangedDocument, {
    context: { silent: true },
    onData: ({ client, data }) => {
      const unread = data.data?.unreadNotificationCount.count;
      if (typeof unread === 'number') {
        writeLiveValue(client.cache, UnreadNotificationCountDocument, { unreadNotificationCount: unread });
      }
    },
  });

  return {
    notifications: list.data?.notifications.nodes,
    loading: list.loading,
    error: list.error,
    refetch: () => list.refetch().catch((error: unknown) => console.error('Loading notifications failed:', error)),
    unreadCount: count.data?.unreadNotificationCount ?? 0,
  };
}
