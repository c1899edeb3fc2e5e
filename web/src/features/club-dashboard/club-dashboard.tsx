import { Stack, Tabs } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from '../../lib/navigation';
import { THANK_YOU_BANNER_MS } from '@clubroom/rules/clubs-texts';
import { REMOVED_TEXTS, RemovedNotice } from '../../components/removed-by-moderator';
import type { ClubDashboard_ClubFragment } from '../../gql/graphql';
import { ClubProfileForm } from './club-profile-form';
import { ClubStatusNote } from './club-status-note';
import { DASHBOARD_TABS, isDashboardTab, isTabEnabled, type DashboardTab } from './dashboard-tabs';
import { PageSpinner } from '../../components/page-spinner';
import { ThankYouBanner } from './thank-you-banner';

// The Profile tab opens first; the other tabs' code (the meeting-times editor, the positions
// with their dialogs, skills and dates) loads in chunks of its own, asked for once the dashboard
// is on screen, so that it is not on the way of the first paint on a slow connection.
const loadMeetingTimes = () => import('./meeting-times-panel');
const loadPositions = () => import('./volunteer-positions-manager');
const loadFollowers = () => import('./club-followers-panel');
const loadSessions = () => import('./club-sessions-panel');
const loadAnnouncements = () => import('./club-announcements-panel');
const loadHours = () => import('./club-hours-panel');
const MeetingTimesPanel = lazy(() => loadMeetingTimes().then((module) => ({ default: module.MeetingTimesPanel })));
const VolunteerPositionsManager = lazy(() => loadPositions().then((module) => ({ default: module.VolunteerPositionsManager })));
const ClubSessionsPanel = lazy(() => loadSessions().then((module) => ({ default: module.ClubSessionsPanel })));
const ClubFollowersPanel = lazy(() => loadFollowers().then((module) => ({ default: module.ClubFollowersPanel })));
const ClubHoursPanel = lazy(() => loadHours().then((module) => ({ default: module.ClubHoursPanel })));
const ClubAnnouncementsPanel = lazy(() => loadAnnouncements().then((module) => ({ default: module.ClubAnnouncementsPanel })));

interface ClubDashboardProps {
  /** Null while the user has no club: the first profile save creates it. */
  club: ClubDashboard_ClubFragment | null;
}

/** The status, the thank-you banner and the tabs. */
export function ClubDashboard({ club }: ClubDashboardProps) {
  // '?tab=positions' opens a tab (My Opportunities links to Volunteer Positions to add one).
  const [params] = useSearchParams();
  const asked = params.get('tab') ?? '';
  const [tab, setTab] = useState<DashboardTab>(isDashboardTab(asked) ? asked : 'profile');
  const [thanking, setThanking] = useState(false);

  // After a first-time save the banner shows for a moment, then the positions come next.
  useEffect(() => {
    if (!thanking) return;
    const timer = window.setTimeout(() => {
      setThanking(false);
      setTab('positions');
    }, THANK_YOU_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [thanking]);

  const current = isTabEnabled(tab, club) ? tab : 'profile';

  useEffect(() => {
    // Warm the other tabs once this one has painted (a failed load is retried when the tab opens).
    const timer = window.setTimeout(() => {
      loadMeetingTimes().catch(() => undefined);
      loadPositions().catch(() => undefined);
      loadFollowers().catch(() => undefined);
      loadSessions().catch(() => undefined);
      loadAnnouncements().catch(() => undefined);
      loadHours().catch(() => undefined);
    }, 0);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <Stack gap="6">
      {club?.removedAt && <RemovedNotice title={REMOVED_TEXTS.club} />}
      <ClubStatusNote club={club} />
      {thanking && <ThankYouBanner />}
      <Tabs.Root
        value={current}
        onValueChange={(details) => isDashboardTab(details.value) && setTab(details.value)}
        variant="line"
        colorPalette="teal"
        size={{ base: 'sm', md: 'md' }}
        // Only the open tab is in the page: the position dialog's 'Description' must not meet
        // the profile's hidden one, and a tab opened again shows what was saved.
        lazyMount
        unmountOnExit
      >
        <Tabs.List overflowX="auto">
          {DASHBOARD_TABS.map(({ value, label }) => (
            <Tabs.Trigger key={value} value={value} disabled={!isTabEnabled(value, club)} flexShrink="0" px={{ base: '2', md: '4' }}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="profile">
          <ClubProfileForm club={club} onFirstSave={() => setThanking(true)} />
        </Tabs.Content>
        {/* The spinner inside the panel, which its tab names (aria-controls) while the code loads. */}
        <Tabs.Content value="meeting-times">
          <Suspense fallback={<PageSpinner />}>{club && <MeetingTimesPanel club={club} />}</Suspense>
        </Tabs.Content>
        <Tabs.Content value="sessions">
          <Suspense fallback={<PageSpinner />}>{club?.applicationStatus === 'APPROVED' && <ClubSessionsPanel />}</Suspense>
        </Tabs.Content>
        <Tabs.Content value="positions">
          <Suspense fallback={<PageSpinner />}>{club?.profileSaved && <VolunteerPositionsManager />}</Suspense>
        </Tabs.Content>
        <Tabs.Content value="hours">
          <Suspense fallback={<PageSpinner />}>{club?.profileSaved && <ClubHoursPanel />}</Suspense>
        </Tabs.Content>
        <Tabs.Content value="followers">
          <Suspense fallback={<PageSpinner />}>{club && <ClubFollowersPanel />}</Suspense>
        </Tabs.Content>
        <Tabs.Content value="announcements">
          <Suspense fallback={<PageSpinner />}>{club?.applicationStatus === 'APPROVED' && <ClubAnnouncementsPanel />}</Suspense>
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
