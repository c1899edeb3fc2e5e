// The client's routes. Every page but the home page is its own chunk, loaded on first visit (or,
// for the page a server-rendered HTML shows, before it hydrates: lazy-page.tsx); a page that reads
// GraphQL loads the Apollo client with it (graphqlPage), so the home page and the shell that every
// visitor downloads first carry neither (bench/web-size.ts: each route's JS). The public pages
// rendered on the server read through usePageQuery (lib/page-query.ts) and load the client only
// when they need more than the data they came with: they are plain lazy pages.
import type { ComponentType } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { ErrorBoundary } from '../components/error-boundary';
import HomePage from '../features/home/home-page';
import { AppLayout } from './app-layout';
import { lazyPage, type FirstQueryHandle, type LaterModulesHandle } from './lazy-page';
import { RequireAuth } from './require-auth';

type PageModule = { default: ComponentType };

/** A lazy page under the app's Apollo provider; the page's chunk and the client load together.
 *  `sources`: the page's module (written in by the build, as for lazyPage). */
function graphqlPage(load: () => Promise<PageModule>, sources: readonly string[] = []) {
  return lazyPage(async () => {
    const [{ default: Page }, { ApolloRoot }] = await Promise.all([load(), import('./apollo-root')]);
    return {
      default: function GraphqlPage() {
        return (
          <ApolloRoot>
            <Page />
          </ApolloRoot>
        );
      },
    };
  }, [...sources, 'src/app/apollo-root.tsx']);
}

// The home page, where most visits begin, is part of the entry chunk (1.5 KB gzipped): its hero
// paints with the shell instead of one more round trip later. The account pages (REST only) load
// without the GraphQL client.
const RegisterPage = lazyPage(() => import('../features/auth/register-page'));
const LoginPage = lazyPage(() => import('../features/auth/login-page'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page'));
const ProfilePage = graphqlPage(() => import('../features/profile/profile-page'));
const DeveloperPage = graphqlPage(() => import('../features/developer/developer-page'));
const NotificationSettingsPage = graphqlPage(() => import('../features/notification-settings/notification-settings-page'));
const VolunteerDashboardPage = graphqlPage(() => import('../features/volunteer/volunteer-dashboard-page'));
const VolunteerOpportunitiesPage = lazyPage(() => import('../features/volunteer/volunteer-opportunities-page'));
const VolunteerRegisterPage = graphqlPage(() => import('../features/volunteer/volunteer-register-page'));
const VolunteerProfilePage = graphqlPage(() => import('../features/volunteer/volunteer-profile-page'));
const OpportunityPage = lazyPage(() => import('../features/volunteer/opportunity-page'));
const ApplyPage = graphqlPage(() => import('../features/volunteer/apply-page'));
const ApplicationPage = graphqlPage(() => import('../features/volunteer/application-page'));
const MessagesPage = graphqlPage(() => import('../features/messages/messages-page'));
const MyClubsPage = graphqlPage(() => import('../features/my-clubs/my-clubs-page'));
const ClubDirectoryPage = lazyPage(() => import('../features/clubs/club-directory-page'));
const ClubPage = lazyPage(() => import('../features/clubs/club-page'));
const SessionPage = lazyPage(() => import('../features/sessions/session-page'));
const ClubDashboardPage = graphqlPage(() => import('../features/club-dashboard/club-dashboard-page'));
const ClubRegisterPage = graphqlPage(() => import('../features/club-dashboard/club-register-page'));
const MyOpportunitiesPage = graphqlPage(() => import('../features/club-opportunities/my-opportunities-page'));
const ClubSettingsPage = graphqlPage(() => import('../features/club-settings/club-settings-page'));
const VolunteerSearchPage = graphqlPage(() => import('../features/volunteer-search/volunteer-search-page'));
const CouncilMeetingsPage = lazyPage(() => import('../features/council/council-meetings-page'));
const CouncilMeetingPage = lazyPage(() => import('../features/council/council-meeting-page'));
const CouncilAdminPage = graphqlPage(() => import('../features/council-admin/council-admin-page'));
const AdminPanelPage = graphqlPage(() => import('../features/admin/admin-panel-page'));
const UnsubscribePage = graphqlPage(() => import('../features/unsubscribe/unsubscribe-page'));
const CertificatesPage = graphqlPage(() => import('../features/certificates/certificates-page'));
const VerifyPage = lazyPage(() => import('../features/certificates/verify-page'));
const SessionAnswerLinkPage = graphqlPage(() => import('../features/session-answer-link/session-answer-link-page'));
const OfferAnswerLinkPage = graphqlPage(() => import('../features/offer-answer-link/offer-answer-link-page'));
const NotFoundPage = lazyPage(() => import('../features/errors/not-found-page'));

/** Routes whose pages are public: the server renders them (web/src/entry-server.tsx). */
const SSR = { ssr: true } as const;

export function isServerRendered(handle: unknown): boolean {
  return (handle as { ssr?: boolean } | undefined)?.ssr === true;
}

/** Routes whose pages the browser renders, signed in, inside a frame the server renders: the
 *  layout with the session check's spinner, the same for every visitor (no one's data). */
const SIGNED_IN_FRAME = { signedInFrame: true } as const;

export function isSignedInFrame(handle: unknown): boolean {
  return (handle as { signedInFrame?: boolean } | undefined)?.signedInFrame === true;
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage />, handle: SSR },
      { path: 'register', element: <RegisterPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      // A notification email's one-click unsubscribe link (no sign-in; the signed token is the
      // authority). Not server-rendered: its address is a secret, no page for search engines.
      { path: 'unsubscribe', element: <UnsubscribePage /> },
      // A session reminder's one-tap Going / Can't make it link (no sign-in; the signed token is
      // the authority). Not server-rendered, as the unsubscribe page.
      { path: 'sessions/answer', element: <SessionAnswerLinkPage /> },
      // A certificate's public verification (issue 30 §4): no sign-in, rendered on the server (its
      // head says noindex: the address holds the certificate's code).
      { path: 'verify/:code', element: <VerifyPage />, handle: SSR },
      // A place offer's one-tap Accept / Decline link (issue 30 §2; no sign-in, the signed token is
      // the authority). Not server-rendered, as the two above.
      { path: 'offers/answer', element: <OfferAnswerLinkPage /> },
      { path: 'clubs', element: <ClubDirectoryPage />, handle: SSR },
      { path: 'clubs/:clubId', element: <ClubPage />, handle: SSR },
      { path: 'clubs/:clubId/sessions/:sessionId', element: <SessionPage />, handle: SSR },
      { path: 'sports-council/admin', element: <CouncilAdminPage /> },
      // One published meeting's page (issue 27); every other path under it is the meetings list.
      { path: 'sports-council/meetings/:meetingId', element: <CouncilMeetingPage />, handle: SSR },
      { path: 'sports-council/*', element: <CouncilMeetingsPage />, handle: SSR },
      { path: 'volunteer-opportunities/*', element: <VolunteerOpportunitiesPage />, handle: SSR },
      // A member registers a club on the same account; signed out it leads to /register (issue 12).
      { path: 'club/register', element: <ClubRegisterPage /> },
      // The volunteer area (issue 12): sign-up, the opportunities browser and an opportunity's page.
      { path: 'volunteer/register', element: <VolunteerRegisterPage /> },
      { path: 'opportunities', element: <VolunteerOpportunitiesPage />, handle: SSR },
      { path: 'opportunities/:id', element: <OpportunityPage />, handle: SSR },
      {
        element: <RequireAuth />,
        // A signed-in page's HTML names the signed-in header's chunks (its account controls, ~15
        // files), at low priority after the page's own: asked for only once the session check had
        // settled, they took the phone's six connections just as the page's first query went out
        // (bench/notes/public-pages.md, /club/dashboard). The session's live services are not
        // named: the app asks for them as it first renders, sooner than a low-priority preload.
        // The server renders the frame around these pages (the header, the footer and the session
        // check's spinner; entry-server.tsx): it paints with the HTML, and the app renders afresh
        // in its place (main.tsx), its styles taken over rather than inserted again.
        handle: { laterModules: ['src/app/account-controls.tsx'], ...SIGNED_IN_FRAME } satisfies LaterModulesHandle,
        children: [
          { path: 'profile', element: <ProfilePage /> },
          { path: 'profile/developer', element: <DeveloperPage /> },
          { path: 'profile/notifications', element: <NotificationSettingsPage /> },
          { path: 'volunteer/dashboard', element: <VolunteerDashboardPage /> },
          { path: 'volunteer/profile', element: <VolunteerProfilePage /> },
          // Certificates of approved volunteer hours (issue 30 §4).
          { path: 'volunteer/certificates', element: <CertificatesPage /> },
          { path: 'opportunities/:id/apply', element: <ApplyPage /> },
          { path: 'applications/:id', element: <ApplicationPage /> },
          // Its club's query leaves as the app starts (lib/first-query.ts): the form it fills is
          // the page's largest paint, on a slow phone ~0.6 s sooner.
          { path: 'club/dashboard', element: <ClubDashboardPage />, handle: { firstQuery: 'MyClub' } satisfies FirstQueryHandle },
          // The club owner's side of volunteering (issue 12).
          { path: 'club/opportunities', element: <MyOpportunitiesPage /> },
          { path: 'club/settings', element: <ClubSettingsPage /> },
          { path: 'volunteers/search', element: <VolunteerSearchPage /> },
          // One route for both paths, so the list keeps its search and tab when a row is chosen.
          { path: 'messages/:senderId?', element: <MessagesPage /> },
          // The clubs the member follows (issue 29).
          { path: 'my-clubs', element: <MyClubsPage /> },
          // The platform administration panel: every path opens it on the tab (and view) it names.
          { path: 'admin', element: <AdminPanelPage /> },
          { path: 'admin/dashboard', element: <AdminPanelPage /> },
          { path: 'admin/clubs', element: <AdminPanelPage /> },
          { path: 'admin/club-approvals', element: <AdminPanelPage /> },
          { path: 'admin/club-approvals/:clubId', element: <AdminPanelPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: SSR },
    ],
  },
];

/** The page at the browser's (or the server's) location, under <AppBrowserRouter> or <StaticRouter>.
 *  A render error outside the page's own boundary (in the layout: header, footer) shows the error
 *  screen in place of the whole layout, until the path changes or 'Try again'. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{useRoutes(routes)}</ErrorBoundary>;
}
