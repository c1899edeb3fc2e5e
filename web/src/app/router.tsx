import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { AppLayout } from './app-layout';
import { RequireAuth } from './require-auth';
import { RouteError } from './route-error';

const HomePage = lazy(() => import('../features/home/home-page'));
const RegisterPage = lazy(() => import('../features/auth/register-page'));
const LoginPage = lazy(() => import('../features/auth/login-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const DeveloperPage = lazy(() => import('../features/developer/developer-page'));
const VolunteerDashboardPage = lazy(() => import('../features/volunteer/volunteer-dashboard-page'));
const VolunteerOpportunitiesPage = lazy(() => import('../features/volunteer/volunteer-opportunities-page'));
const VolunteerRegisterPage = lazy(() => import('../features/volunteer/volunteer-register-page'));
const VolunteerProfilePage = lazy(() => import('../features/volunteer/volunteer-profile-page'));
const OpportunityPage = lazy(() => import('../features/volunteer/opportunity-page'));
const ApplyPage = lazy(() => import('../features/volunteer/apply-page'));
const ApplicationPage = lazy(() => import('../features/volunteer/application-page'));
const MessagesPage = lazy(() => import('../features/messages/messages-page'));
const ClubDirectoryPage = lazy(() => import('../features/clubs/club-directory-page'));
const ClubPage = lazy(() => import('../features/clubs/club-page'));
const ClubDashboardPage = lazy(() => import('../features/club-dashboard/club-dashboard-page'));
const ClubRegisterPage = lazy(() => import('../features/club-dashboard/club-register-page'));
const MyOpportunitiesPage = lazy(() => import('../features/club-opportunities/my-opportunities-page'));
const ClubSettingsPage = lazy(() => import('../features/club-settings/club-settings-page'));
const VolunteerSearchPage = lazy(() => import('../features/volunteer-search/volunteer-search-page'));
const CouncilMeetingsPage = lazy(() => import('../features/council/council-meetings-page'));
const CouncilAdminPage = lazy(() => import('../features/council-admin/council-admin-page'));
const AdminPanelPage = lazy(() => import('../features/admin/admin-panel-page'));
const NotFoundPage = lazy(() => import('../features/errors/not-found-page'));

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'clubs', element: <ClubDirectoryPage /> },
      { path: 'clubs/:clubId', element: <ClubPage /> },
      { path: 'sports-council/admin', element: <CouncilAdminPage /> },
      { path: 'sports-council/*', element: <CouncilMeetingsPage /> },
      { path: 'volunteer-opportunities/*', element: <VolunteerOpportunitiesPage /> },
      // A member registers a club on the same account; signed out it leads to /register (issue 12).
      { path: 'club/register', element: <ClubRegisterPage /> },
      // The volunteer area (issue 12): sign-up, the opportunities browser and an opportunity's page.
      { path: 'volunteer/register', element: <VolunteerRegisterPage /> },
      { path: 'opportunities', element: <VolunteerOpportunitiesPage /> },
      { path: 'opportunities/:id', element: <OpportunityPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: 'profile', element: <ProfilePage /> },
          { path: 'profile/developer', element: <DeveloperPage /> },
          { path: 'volunteer/dashboard', element: <VolunteerDashboardPage /> },
          { path: 'volunteer/profile', element: <VolunteerProfilePage /> },
          { path: 'opportunities/:id/apply', element: <ApplyPage /> },
          { path: 'applications/:id', element: <ApplicationPage /> },
          { path: 'club/dashboard', element: <ClubDashboardPage /> },
          // The club owner's side of volunteering (issue 12).
          { path: 'club/opportunities', element: <MyOpportunitiesPage /> },
          { path: 'club/settings', element: <ClubSettingsPage /> },
          { path: 'volunteers/search', element: <VolunteerSearchPage /> },
          // One route for both paths, so the list keeps its search and tab when a row is chosen.
          { path: 'messages/:senderId?', element: <MessagesPage /> },
          // The platform administration panel: every path opens it on the tab (and view) it names.
          { path: 'admin', element: <AdminPanelPage /> },
          { path: 'admin/dashboard', element: <AdminPanelPage /> },
          { path: 'admin/clubs', element: <AdminPanelPage /> },
          { path: 'admin/club-approvals', element: <AdminPanelPage /> },
          { path: 'admin/club-approvals/:clubId', element: <AdminPanelPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
