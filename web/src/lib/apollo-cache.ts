// The Apollo cache and how it stores the lists that are fetched in pages.
import { InMemoryCache } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';

export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      // A conversation is one row per counterpart, whichever tab lists it.
      Conversation: { keyFields: ['partner', ['id']] },
      // The caller's notification settings have no id: there is one per member, and the cache
      // holds one member's data at a time (sign-in resets it). `keyFields: []` makes it a singleton
      // ('NotificationSettings:{}'), so the query, every mutation's `settings` and each
      // notificationSettingsChanged event (another device's change) merge into the same entry and
      // every view of it follows at once, with no cache writes by hand. (Writing each event into
      // the query's entry instead would have to know every query that reads the settings: the
      // Notifications page's and the club page's mute button's.)
      NotificationSettings: { keyFields: [] },
      Query: {
        fields: {
          // The conversation list: one per tab and search, 'Load more' appends pages.
          conversations: relayStylePagination(['filter', 'search']),
          // One conversation, oldest to newest: older pages are put before, newer ones after.
          conversation: relayStylePagination(['partnerId']),
          // The club directory: one list per search and sport, 'Load more clubs' appends pages.
          clubs: relayStylePagination(['search', 'sport']),
          // The council admin's meetings (one list per status and year) and the grants: the
          // following pages are appended.
          councilMeetings: relayStylePagination(['status', 'year']),
          councilAdmins: relayStylePagination(),
          // The opportunities browser (one list per search, skill, sport and location, 'Load more'
          // appends) and the volunteer's applications (one per status and sort). `first` keeps the
          // dashboard's short lists (6 opportunities, 5 applications) apart from the full ones.
          opportunities: relayStylePagination(['search', 'skill', 'sport', 'location', 'first']),
          myVolunteerApplications: relayStylePagination(['status', 'sort', 'first']),
          // Find Volunteers: one list per search, location and skill; 'Load more volunteers' appends.
          volunteers: relayStylePagination(['search', 'location', 'skill']),
          // The admin panel's Users and Moderation tabs: one list per sub-tab (and search);
          // 'Load more' appends.
          adminUsers: relayStylePagination(['filter', 'search']),
          contentReports: relayStylePagination(['status', 'targetType']),
          moderationActions: relayStylePagination(),
          // My clubs: 'Show more clubs' appends.
          myFollowedClubs: relayStylePagination(),
        },
      },
      // The public meetings page (one per year, kept whole: a tab's next page merges into it);
      // each tab's following pages are appended.
      PublicCouncilMeetings: { merge: true, fields: { upcoming: relayStylePagination(), past: relayStylePagination() } },
      // A club's positions: the public (live) list and the owner's (hidden ones included) apart.
      Club: {
        fields: {
          positions: relayStylePagination(['includeHidden']),
          // The owner's Followers tab: 'Show more followers' appends.
          followers: relayStylePagination(),
          // Announcements: the owner's tab and the club page read pages of different sizes (kept
          // apart by `first`); 'Show more' appends.
          announcements: relayStylePagination(['first']),
        },
      },
      // An opportunity's applications (its club's view): 'Show more applications' appends.
      VolunteerPosition: { fields: { applications: relayStylePagination(['status']) } },
    },
  });
}
