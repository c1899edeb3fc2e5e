// The top navigation's links (spec: Navigation). `end` makes a link active only on its exact
// path; the others are active for every path beginning with theirs.

export interface NavLinkItem {
  label: string;
  to: string;
  end?: boolean;
  signedInOnly?: boolean;
}

export const NAV_LINKS: NavLinkItem[] = [
  { label: 'Home', to: '/', end: true },
  { label: 'Clubs', to: '/clubs' },
  { label: 'Volunteer', to: '/volunteer-opportunities' },
  { label: 'Sports Council', to: '/sports-council' },
  { label: 'Messages', to: '/messages', signedInOnly: true },
];

export function visibleNavLinks(signedIn: boolean): NavLinkItem[] {
  return NAV_LINKS.filter((link) => signedIn || !link.signedInOnly);
}
