// Where sign-in leads back to: the page that asked the visitor to sign in ('Sign in to follow',
// 'Sign in to answer') links to /login?next=<its path> (in the address, so that it holds before
// the page has hydrated and across a reload). Only a path of this site is followed (one '/',
// never '//', a backslash or a scheme): the link cannot send anyone elsewhere.

/** The sign-in page's address for a page that wants the member back. */
export const loginReturningTo = (path: string): string => `/login?next=${encodeURIComponent(path)}`;

/** The path to go to after signing in: the page that asked (`?next=`), or the profile. */
export function returnPath(search: string, fallback = '/profile'): string {
  const next = new URLSearchParams(search).get('next');
  return next !== null && /^\/(?![/\\])/.test(next) && !next.startsWith('/login') ? next : fallback;
}
