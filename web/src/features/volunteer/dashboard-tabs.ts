// The Volunteer Dashboard's tabs (spec: Volunteer dashboard); the open one is in the address.

export type VolunteerDashboardTab = 'overview' | 'applications' | 'hours' | 'opportunities' | 'profile';

export const VOLUNTEER_DASHBOARD_TABS: { value: VolunteerDashboardTab; label: string }[] = [
  { value: 'overview', label: 'Overview' },
  { value: 'applications', label: 'Applications' },
  // Approved hours, claims and the claim form (issue 30 §3).
  { value: 'hours', label: 'My Hours' },
  { value: 'opportunities', label: 'Opportunities' },
  { value: 'profile', label: 'Profile' },
];

export function dashboardTabOf(value: string | null): VolunteerDashboardTab {
  return VOLUNTEER_DASHBOARD_TABS.find((tab) => tab.value === value)?.value ?? 'overview';
}
