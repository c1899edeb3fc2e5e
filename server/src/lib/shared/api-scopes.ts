// The names of the API token scopes and what each allows: a foundation, because the caller
// (lib/viewer.ts) carries its token's scopes and the GraphQL access rules (graphql/access.ts,
// graphql/scopes.ts) check them; the tokens module's rules and the Developer page's form use the
// same list and texts (web/ imports this file through tokens.rules.ts, so it must not import server
// code).

/** Each scope a token may hold, and what it allows (docs/API.md, 'API tokens'), in the order the
 *  Developer page lists them: the read scopes first, then the write scopes. */
export const API_SCOPES = {
  read: 'Read everything the owner may read: every query and subscription (the read:… scopes together).',
  'read:public': 'Read what the platform shows to anyone: the club directory, clubs, opportunities, the sports council, public sessions.',
  'read:profile': "Read the owner's own account: profile, notification settings, data archives, calendar feed, followed clubs, push devices.",
  'read:messages': "Read the owner's conversations and messages, the unread counts and the notifications.",
  'read:volunteering': "Read the owner's volunteering: applications, volunteer profile, hours, certificates, checks, shift swaps; a club owner's applicants and volunteers.",
  'read:club': "Read the owner's club's private data: its followers, settings, sessions' answers, announcements' reach.",
  'read:admin': "Read administrators' data (platform administrators; with the admin scope, which gives the rights).",
  'messages:write': 'Send, read-mark and delete messages; mark notifications read.',
  'profile:write': "Change the owner's own profile.",
  'club:write': "Change the owner's club: profile, meeting times, volunteer positions.",
  'volunteer:write': "Keep the owner's volunteer profile; apply to opportunities and withdraw applications.",
  'council:write': 'Create, change and delete sports council meetings (council administrators).',
  'reports:write': 'Report content to the moderators.',
  'webhooks:write': "Create, change, rotate and delete the owner's webhook endpoints; redeliver and replay their deliveries.",
  admin: 'Platform administration (platform administrators).',
} as const;

export type ApiScopeName = keyof typeof API_SCOPES;
/** The scopes a token may hold, in API_SCOPES' order. */
export const API_SCOPE_NAMES = Object.keys(API_SCOPES) as [ApiScopeName, ...ApiScopeName[]];

/** The fine read scopes (issue 31): each covers one area of what the owner may read; `read`
 *  covers them all (and stays, docs/API.md 'Deprecation policy'). */
export const READ_SCOPES = ['read:public', 'read:profile', 'read:messages', 'read:volunteering', 'read:club', 'read:admin'] as const;
export type ReadScope = (typeof READ_SCOPES)[number];

/** The whole read scope: every fine read scope at once. */
export const WHOLE_READ_SCOPE = 'read' satisfies ApiScopeName;

/** Whether a token with `scopes` may read what `needed` covers: the fine scope itself, or `read`. */
export function hasReadScope(scopes: readonly string[], needed: ReadScope): boolean {
  return scopes.includes(WHOLE_READ_SCOPE) || scopes.includes(needed);
}

/** The Developer page's groups of scopes, in order. */
export const API_SCOPE_GROUPS: ReadonlyArray<{ title: string; scopes: readonly ApiScopeName[] }> = [
  { title: 'Read', scopes: [WHOLE_READ_SCOPE, ...READ_SCOPES] },
  { title: 'Write', scopes: ['messages:write', 'profile:write', 'club:write', 'volunteer:write', 'council:write', 'reports:write', 'webhooks:write'] },
  { title: 'Administration', scopes: ['admin'] },
];
