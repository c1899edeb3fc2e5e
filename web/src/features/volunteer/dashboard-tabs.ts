// The Volunteer Dashboard's tabs (spec: Volunteer dashboard); the open one is in the address.

export type VolunteerDashboardTab = 'overview' | 'applications' | 'opportunities' | 'profile';

export const VOLUNTEER_DASHBOARD_TABS: { value: VolunteerDashboardTab; label: string }[] = [
  { value: 'overview', label: 'Overview' },
  { value: 'applications', label: 'Applications' },
  { value: 'opportunities', label: 'Opportunities' },
  { value: 'profile', label: 'Profile' },
];

export function dashboardTabOf(value: string | null): VolunteerDashboardTab {
  return VOLUNTEER_DASHBOARD_TABS.find((tab) => tab.value === value)?.value ?? 'overview';
}
